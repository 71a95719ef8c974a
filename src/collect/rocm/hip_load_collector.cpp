// SPDX-License-Identifier: MIT
// CollectHipLoad / CollectFacts<HipLoadFacts>: whether the libamdhip64 the loader picks loads,
// tried in a child process (`rocm-doctor probe-load`) so that a constructor that crashes or
// hangs takes the child, not the doctor.
#include <chrono>
#include <string>
#include <vector>

#include "collect/common/sysfs_reader.h"
#include "collect/rocm/rocm_probe_load_parse.h"
#include "rocm_doctor/facts/rocm.h"
#include "system/self_exe.h"

namespace rocm_doctor {
namespace {

// Loading libamdhip64 runs its (and libhsa-runtime64's) constructors; 10 s is far above a
// healthy load (well under a second) and bounds one that hangs.
constexpr std::chrono::seconds kHipLoadTimeout{10};

// The soname file of an install (libamdhip64.so.6): what a program linked with -lamdhip64 loads.
std::string SonameFile(const RocmInstall& install) {
  std::string best;
  for (const RocmLibraryFile& file : install.hip) {
    if (!file.soname.empty() && BaseName(file.path) == file.soname && file.path > best) {
      best = file.path;
    }
  }
  if (best.empty() && !install.hip.empty()) best = install.hip.back().path;
  return best;
}

}  // namespace

HipLoadFacts CollectHipLoad(const SystemView& view, const RocmFacts& rocm,
                            const std::string& doctor_binary) {
  HipLoadFacts facts;
  if (rocm.loader_hip_path.known()) {
    facts.library = *rocm.loader_hip_path;
  } else if (const RocmInstall* install = rocm.InUse()) {
    facts.library = SonameFile(*install);
  }
  const std::string source = "probe " + std::string(kHipLoadProbe);
  if (facts.library.empty()) {
    facts.loaded = Fact<bool>::Unknown(source, "no libamdhip64 to load");
    return facts;
  }
  facts.argv = {doctor_binary.empty() ? "rocm-doctor" : doctor_binary, "probe-load", facts.library};
  CommandSpec spec;
  spec.name = kHipLoadProbe;
  spec.argv = facts.argv;
  spec.timeout = kHipLoadTimeout;
  facts.outcome = view.Run(spec);
  if (facts.outcome.state != CommandOutcome::State::kExited) {
    facts.loaded = Fact<bool>::Unknown(source, std::string(ToString(facts.outcome.state)));
    return facts;
  }
  Result<std::vector<rocm_parse::LoadResult>> parsed =
      rocm_parse::ProbeLoadOutput(facts.outcome.out);
  if (!parsed.ok()) {
    facts.loaded = Fact<bool>::Unknown(source, parsed.error());
  } else if (parsed->empty()) {
    facts.loaded = Fact<bool>::Unknown(source, "output names no library");
  } else {
    facts.loaded = Fact<bool>::Known(parsed->front().loaded, source);
    facts.dlerror = parsed->front().error;
  }
  return facts;
}

template <>
HipLoadFacts CollectFacts<HipLoadFacts>(const FactSource& facts) {
  // The store's RocmFacts, shared with the checks and the other collectors (collected once).
  const SystemView& view = facts.view();
  // Live, the child is this very binary; in replay the recording answers whatever argv says.
  return CollectHipLoad(view, facts.Get<RocmFacts>(),
                        view.IsReplay() ? std::string("rocm-doctor") : system::SelfExe());
}

}  // namespace rocm_doctor
