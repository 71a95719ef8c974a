// libraries.inventory: which ROCm libraries each library directory holds, with the version from
// the file name, and whether each comes from the same ROCm release as the HIP runtime there
// (failure-modes #43/#44: a process mixing releases reads the other release's data files).
// Releases are compared on major.minor: point releases rebuild only some libraries.
#include "gpu_targets.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"runtime.rocm"};
constexpr CheckInfo kInfo{.id = "libraries.inventory",
                          .layer = Layer::kLibraries,
                          .title = "ROCm libraries",
                          .prerequisites = kPrereqs};

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
      findings.push_back(
          MakeFinding("libraries.version.mismatch",
                      lib.name + " " + lib.path + " is from ROCm " + *lib.release +
                          ", the HIP runtime in " + dir.dir + " from ROCm " + *hip,
                      {{lib.path, "ROCm " + *lib.release + " (version " + *lib.version + ")",
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
  if (findings.empty()) return CheckOutcome::Pass(std::move(summary));
  return CheckOutcome::FromFindings(std::move(findings));
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
