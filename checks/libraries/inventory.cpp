// SPDX-License-Identifier: MIT
// libraries.inventory: which ROCm libraries each library directory holds, with their versions
// (the owning package's, a release-encoding file name's or the library's own version file's; a
// soname version only labelled "soname 0.1"), and whether each comes from the same ROCm release
// as the HIP runtime there (failure-modes #43/#44: a process mixing releases reads the other
// release's data files; issue 15: Debian's rocSPARSE 5.3.0 beside its HIP 5.2.3).
// Releases are compared on major.minor: point releases rebuild only some libraries.
#include "gpu_targets.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"runtime.rocm"};
constexpr std::string_view kMismatchCommands[] = {
    "ls -l {dir}/{file}*",
    "dpkg -S {dir}/{file}*; dpkg -l '*hip*' '*roc*' '*hsa*'",
    "readlink -f /opt/rocm; cat /opt/rocm/.info/version",
};
constexpr std::string_view kInventoryUnreadableCommands[] = {"ls -ld {dir}"};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "libraries.version.mismatch",
     .severity = Status::kWarn,
     .title = "ROCm libraries from a different release than the HIP runtime",
     .remediation =
         "The ROCm release a library was built for (encoded in an AMD-built file name: "
         "librocblas.so.4.2.60200 is ROCm 6.2.0; the version of the Debian package that owns it: "
         "librocsparse0 5.3.0 is ROCm 5.3) differs from the release of the HIP runtime in the same "
         "directory. Libraries and runtime of different releases fail in confusing ways "
         "(missing symbols, 'Could not load TensileLibrary_lazy_<gfx>.dat', crashes at init). "
         "Install the library from the same ROCm release as the runtime (the package of the "
         "same version), or remove the stray copy.",
     .commands = kMismatchCommands,
     .requires_root = true},
    {.code = "libraries.inventory.unreadable",
     .severity = Status::kUnknown,
     .title = "A ROCm library directory cannot be listed",
     .remediation = "The directory exists but listing it failed, so which ROCm libraries are "
                    "installed there is not known. Check its permissions; run rocm-doctor as "
                    "the user that runs the workload.",
     .commands = kInventoryUnreadableCommands},
};

constexpr CheckInfo kInfo{.id = "libraries.inventory",
                          .layer = Layer::kLibraries,
                          .title = "ROCm libraries",
                          .prerequisites = kPrereqs,
                          .findings = kFindings};

std::string MajorMinor(const std::string& release) {
  const std::size_t dot = release.find('.');
  return release.substr(0, release.find('.', dot == std::string::npos ? dot : dot + 1));
}

// The HIP runtime release of `dir`: the rocm collector's (which also reads the package
// database), else the release in the name of the libamdhip64 beside the libraries.
Fact<std::string> HipRelease(const RocmFacts& rocm, const LibraryDir& dir) {
  for (const RocmInstall& install : rocm.installs) {
    if (install.lib_dir == dir.dir && install.hip_release.known()) return install.hip_release;
  }
  if (dir.hip && dir.hip->release.known()) return dir.hip->release;
  return Fact<std::string>::Unknown(dir.dir, "no HIP runtime release known for this directory");
}

std::string StemOf(const InstalledLibrary& lib) {
  std::string name(libraries::BaseNameOf(lib.path));
  return name.substr(0, name.find(".so"));
}

CheckOutcome Run(const CheckContext& ctx) {
  const LibraryFacts& libs = ctx.facts.Get<LibraryFacts>();
  const RocmFacts& rocm = ctx.facts.Get<RocmFacts>();
  std::vector<Finding> findings;
  std::vector<std::string> parts;
  for (const LibraryDir& dir : libs.dirs) {
    if (!dir.error.empty() || dir.status != FsStatus::kOk) {
      findings.push_back(MakeFinding(
          "libraries.inventory.unreadable",
          "cannot list " + dir.dir + ": " + std::string(ToString(dir.status)) +
              (dir.error.empty() ? "" : " (" + dir.error + ")"),
          {{dir.dir, std::string(ToString(dir.status)) + " " + dir.error, "a readable directory"}},
          {{"dir", dir.dir}}));
      continue;
    }
    if (dir.libraries.empty()) continue;
    std::vector<std::string> names;
    for (const InstalledLibrary& lib : dir.libraries) {
      names.push_back(lib.name + (lib.version.known() ? " " + *lib.version : ""));
    }
    parts.push_back(libraries::Join(names) + " in " + dir.dir);
    const Fact<std::string> hip = HipRelease(rocm, dir);
    if (!hip.known()) continue;
    for (const InstalledLibrary& lib : dir.libraries) {
      if (!lib.release.known() || MajorMinor(*lib.release) == MajorMinor(*hip)) continue;
      findings.push_back(MakeFinding("libraries.version.mismatch",
                                     lib.name + " " + lib.path + " is from ROCm " + *lib.release +
                                         ", the HIP runtime in " + dir.dir + " from ROCm " + *hip,
                                     {{lib.release.source,
                                       "ROCm " + *lib.release +
                                           (lib.version.known() && *lib.version != *lib.release
                                                ? " (version " + *lib.version + ")"
                                                : ""),
                                       "ROCm " + MajorMinor(*hip) + ".x"},
                                      {hip.source, "HIP runtime from ROCm " + *hip, ""}},
                                     {{"dir", dir.dir},
                                      {"file", StemOf(lib)},
                                      {"library", lib.name},
                                      {"release", *lib.release},
                                      {"hip_release", *hip}}));
    }
  }
  std::string summary = parts.empty() ? "no ROCm libraries installed (searched " +
                                            libraries::Join(libs.searched) + ")"
                                      : libraries::Join(parts, "; ");
  // No library installed is information, not a pass (issue 15): nothing was there to judge.
  if (findings.empty() && parts.empty()) {
    CheckOutcome info;  // field by field: CheckOutcome gains fields (-Wmissing-field-initializers)
    info.status = Status::kInfo;
    info.summary = std::move(summary);
    return info;
  }
  if (findings.empty()) return CheckOutcome::Pass(std::move(summary));
  return CheckOutcome::FromFindings(std::move(findings));
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
