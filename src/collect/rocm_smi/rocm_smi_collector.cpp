// SPDX-License-Identifier: MIT
// CollectFacts<RocmSmiFacts>: finds librocm_smi64 (the ROCm install's lib dir first, then where
// the dynamic loader looks) and runs `rocm-doctor probe-smi LIB...` in a child with a deadline.
// The child dlopens the first that loads and prints JSON (src/collect/rocm_smi/rocm_smi_json.h); this
// side only reads directories and the child's output, so it works the same on a replay.
#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "collect/hip_probe/hip_probe_parse.h"
#include "collect/rocm_smi/rocm_smi_json.h"
#include "base/text_parse.h"
#include "rocm_doctor/facts/rocm.h"
#include "rocm_doctor/facts/rocm_smi_facts.h"
#include "rocm_doctor/paths.h"
#include "system/self_exe.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kStem = "librocm_smi64.so";
// rsmi_init waits up to 5 s for its /dev/shm mutex (rocm_smi_lib#88) before giving up; 10 s
// leaves room for that and bounds an init that hangs.
constexpr std::chrono::seconds kTimeout{10};
constexpr std::size_t kMaxCandidates = 8;
constexpr std::size_t kMaxSearchDirs = 32;
constexpr std::size_t kStderrTail = 600;
// Where distributions install librocm_smi64 (Debian: /usr/lib/librocm_smi64.so.1; Fedora:
// /usr/lib64). /lib, /lib64 are the same directories on merged-/usr systems, and packages
// install under /usr either way.
constexpr std::string_view kDistroDirs[] = {paths::kMultiarchLibDir, "/usr/lib64", "/usr/lib"};

std::string_view ToStringImpl(RocmSmiState state) {
  switch (state) {
    case RocmSmiState::kNotRecorded:
      return "not_recorded";
    case RocmSmiState::kNoLibrary:
      return "no_library";
    case RocmSmiState::kError:
      return "error";
    case RocmSmiState::kTimedOut:
      return "timed_out";
    case RocmSmiState::kCrashed:
      return "crashed";
    case RocmSmiState::kBadOutput:
      return "bad_output";
    case RocmSmiState::kParsed:
      return "parsed";
  }
  return "error";
}

// The numeric suffix of "librocm_smi64.so.7.3.60200" -> {7, 3, 60200}; nullopt when a part is
// not a number. The bare "librocm_smi64.so" gives an empty list.
std::optional<std::vector<unsigned long>> VersionOf(std::string_view name) {
  std::vector<unsigned long> out;
  std::string_view rest = name.substr(kStem.size());
  while (!rest.empty()) {
    if (rest.front() != '.') return std::nullopt;
    rest.remove_prefix(1);
    std::size_t end = rest.find('.');
    std::string_view part = rest.substr(0, end);
    if (part.empty() || part.size() > 9 ||
        !std::all_of(part.begin(), part.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      return std::nullopt;
    }
    out.push_back(std::stoul(std::string(part)));
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end);
  }
  return out;
}

// The file of `dir` a program would load: the soname file (librocm_smi64.so.N) with the highest
// N, else the most versioned file, else the bare development link; "" when there is none.
std::string PickFile(const std::vector<std::string>& names) {
  std::string best;
  std::vector<unsigned long> best_version;
  int best_rank = -1;
  for (const std::string& name : names) {
    if (!parse::StartsWith(name, kStem)) continue;
    std::optional<std::vector<unsigned long>> version = VersionOf(name);
    if (!version) continue;
    const int rank = version->size() == 1 ? 2 : (version->empty() ? 0 : 1);
    if (rank > best_rank || (rank == best_rank && *version > best_version)) {
      best = name;
      best_version = *version;
      best_rank = rank;
    }
  }
  return best;
}

std::vector<std::string> SearchDirs(const SystemView& view, const RocmFacts& rocm) {
  std::vector<std::string> dirs;
  auto add = [&](std::string dir) {
    while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
    if (dir.empty() || dir.front() != '/' || dirs.size() >= kMaxSearchDirs) return;
    if (std::find(dirs.begin(), dirs.end(), dir) == dirs.end()) dirs.push_back(std::move(dir));
  };
  if (const RocmInstall* in_use = rocm.InUse()) add(in_use->lib_dir);
  for (const RocmInstall& install : rocm.installs) add(install.lib_dir);
  if (std::optional<std::string> ld = view.GetEnv("LD_LIBRARY_PATH")) {
    std::string_view rest = *ld;
    while (!rest.empty()) {
      std::size_t colon = rest.find(':');
      add(std::string(rest.substr(0, colon)));
      rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
    }
  }
  for (std::string_view dir : kDistroDirs) add(std::string(dir));
  return dirs;
}

}  // namespace

std::string_view ToString(RocmSmiState state) { return ToStringImpl(state); }

RocmSmiFacts CollectRocmSmi(const SystemView& view, const RocmFacts& rocm,
                            const std::string& doctor_binary) {
  RocmSmiFacts facts;
  facts.source = "probe " + std::string(kRocmSmiProbe);
  facts.searched = SearchDirs(view, rocm);
  for (const std::string& dir : facts.searched) {
    DirListing listing = view.ListDir(dir);
    if (!listing.ok()) continue;
    std::string file = PickFile(listing.names);
    if (!file.empty() && facts.candidates.size() < kMaxCandidates) {
      facts.candidates.push_back(dir + "/" + file);
    }
  }
  if (facts.candidates.empty()) {
    facts.state = RocmSmiState::kNoLibrary;
    facts.detail = "no librocm_smi64 in any directory searched";
    return facts;
  }
  facts.argv = {doctor_binary.empty() ? "rocm-doctor" : doctor_binary, "probe-smi"};
  facts.argv.insert(facts.argv.end(), facts.candidates.begin(), facts.candidates.end());
  CommandSpec spec;
  spec.name = kRocmSmiProbe;
  spec.argv = facts.argv;
  spec.timeout = kTimeout;
  spec.max_output = 1 << 20;
  const CommandOutcome run = view.Run(spec);
  facts.stderr_tail = parse::TailLines(run.err, 6, kStderrTail);
  switch (run.state) {
    case CommandOutcome::State::kNotRecorded:
      facts.state = RocmSmiState::kNotRecorded;
      facts.detail = run.error.empty() ? "not recorded in this capture" : run.error;
      return facts;
    case CommandOutcome::State::kSpawnFailed:
      facts.state = RocmSmiState::kError;
      facts.detail = "could not be started: " + run.error;
      return facts;
    case CommandOutcome::State::kTimedOut:
      facts.state = RocmSmiState::kTimedOut;
      facts.signal = run.signal;
      facts.detail = "did not finish within " + std::to_string(kTimeout.count()) + " s";
      return facts;
    case CommandOutcome::State::kSignaled:
      facts.state = RocmSmiState::kCrashed;
      facts.signal = run.signal;
      facts.detail = "killed by " + parse::SignalName(run.signal);
      return facts;
    case CommandOutcome::State::kExited:
      break;
  }
  facts.exit_code = run.exit_code;
  if (run.exit_code != 0) {
    facts.state = RocmSmiState::kError;
    facts.detail = "exit " + std::to_string(run.exit_code);
    return facts;
  }
  Result<RocmSmiReport> report = rocm_smi::ParseReport(run.out);
  if (!report.ok()) {
    facts.state = RocmSmiState::kBadOutput;
    facts.detail = report.error();
    return facts;
  }
  facts.state = RocmSmiState::kParsed;
  facts.report = std::move(report).value();
  return facts;
}

template <>
RocmSmiFacts CollectFacts<RocmSmiFacts>(const FactSource& facts) {
  const SystemView& view = facts.view();
  // Live, the child is this very binary; in replay the recording answers whatever argv says.
  return CollectRocmSmi(view, facts.Get<RocmFacts>(),
                        view.IsReplay() ? std::string("rocm-doctor") : system::SelfExe());
}

}  // namespace rocm_doctor
