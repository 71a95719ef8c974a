// SPDX-License-Identifier: MIT
// libraries.rocblas_kernels: does the rocBLAS that programs load have Tensile kernels for each
// GPU's gfx target? rocBLAS (library/src/tensile_host.cpp) reads TensileLibrary_lazy_<gfx>.dat,
// else TensileLibrary_<gfx>.dat, else TensileLibrary.dat from $ROCBLAS_TENSILE_LIBPATH or the
// rocblas/library directory next to librocblas.so, for the processor the runtime reports (the
// overridden one under HSA_OVERRIDE_GFX_VERSION); without one it aborts with "Cannot read
// .../TensileLibrary.dat: ... for GPU arch : <gfx>" (failure-modes #41). Judged for the GPUs HIP
// sees (ROCR_/HIP_VISIBLE_DEVICES); an integrated GPU without kernels beside a discrete one is a
// warning that says how to hide it, not a node failure (CS1o/Stable-Diffusion-Info#6: gfx1036).
#include "gpu_targets.h"
#include "rocm_doctor/shell_quote.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"driver.kfd_topology", "runtime.rocm"};
constexpr std::string_view kRocblasCommands[] = {
    "{!fix}",
    "ls {dir} | grep -E 'TensileLibrary.*(lazy_)?gfx'",
};
constexpr std::string_view kRocblasUnknownCommands[] = {"ls -l {dir}"};
constexpr std::string_view kIgpuCommands[] = {
    "export ROCR_VISIBLE_DEVICES={devices}  # the discrete GPUs, in KFD order",
    "rocminfo | grep -E '^  Name: +gfx|Marketing Name'",
};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "libraries.rocblas.no_kernels_for_gfx",
     .severity = Status::kFail,
     .title = "rocBLAS has no Tensile kernels for the GPU's gfx target",
     .remediation =
         "rocBLAS loads TensileLibrary_lazy_<gfx>.dat (or TensileLibrary_<gfx>.dat) from its "
         "library directory for the GPU's gfx target; without one it stops with 'rocBLAS error: "
         "Cannot read .../TensileLibrary.dat: ... for GPU arch : <gfx>'. Install a rocBLAS "
         "built for this target (a newer ROCm release, a distribution build, or a build with "
         "-DAMDGPU_TARGETS=<gfx>). Where a target of the same family is covered, "
         "HSA_OVERRIDE_GFX_VERSION makes the runtime report that one - unofficial, AMD calls it "
         "'not an official workaround'. If ROCBLAS_TENSILE_LIBPATH is set, it must name the "
         "library directory of the same rocBLAS release.",
     .commands = kRocblasCommands},
    {.code = "libraries.rocblas.igpu_no_kernels",
     .severity = Status::kWarn,
     .title = "rocBLAS has no Tensile kernels for the integrated GPU beside the discrete one",
     .remediation =
         "The node computes on its discrete GPU, whose target rocBLAS covers; the integrated GPU "
         "(a Ryzen iGPU such as Raphael gfx1036 or Phoenix gfx1103) has no Tensile library. A "
         "program that runs on it - it is device 0 when KFD enumerates it first, and programs "
         "that split work over every device (llama.cpp) use it wherever it is - stops with "
         "'rocBLAS error: Cannot read .../TensileLibrary.dat: No such file or directory for GPU "
         "arch : <gfx>' or 'HIP error: invalid device function'. Hide it: ROCR_VISIBLE_DEVICES "
         "naming the discrete GPUs by their position in the KFD GPU order (the value given here "
         "is computed from this host's enumeration, not assumed), or HIP_VISIBLE_DEVICES with the "
         "same positions when ROCR_VISIBLE_DEVICES is not set; or disable the iGPU in the "
         "firmware setup (often 'Integrated Graphics: Disabled'). A global "
         "HSA_OVERRIDE_GFX_VERSION for the discrete GPU also rewrites the iGPU.",
     .commands = kIgpuCommands},
    {.code = "libraries.rocblas.kernels_unknown",
     .severity = Status::kUnknown,
     .title = "rocBLAS's Tensile kernel coverage cannot be told",
     .remediation = "The Tensile library directory could not be listed, or it holds only a "
                    "multi-architecture TensileLibrary.dat whose targets the file name does not "
                    "show. Check the directory's permissions, or run a rocBLAS call with "
                    "ROCBLAS_LAYER=1 to see which file it loads.",
     .commands = kRocblasUnknownCommands},
};

constexpr CheckInfo kInfo{.id = "libraries.rocblas_kernels",
                          .layer = Layer::kLibraries,
                          .title = "rocBLAS kernels",
                          .prerequisites = kPrereqs,
                          .findings = kFindings};

const TensileDir* TensileFor(const LibraryFacts& libs, const LibraryDir& dir) {
  if (libs.tensile_libpath) return &*libs.tensile_libpath;
  for (const TensileDir& t : dir.tensile) {
    if (t.library == "rocBLAS") return &t;
  }
  return nullptr;
}

std::string Listing(const TensileDir& t) {
  std::string out = std::to_string(t.tensile_files) + " Tensile files";
  if (!t.library_targets.empty()) out += ", libraries for " + libraries::Join(t.library_targets);
  if (t.combined_library) out += ", a multi-arch TensileLibrary.dat";
  return out;
}

Finding Missing(const LibraryFacts& libs, const libraries::GpuTarget& gpu,
                const InstalledLibrary& lib, const TensileDir* tensile, std::string dir) {
  std::vector<Evidence> evidence{{gpu.source, "GPU " + libraries::Describe(gpu, libs), ""}};
  std::string message;
  std::string fix;
  const std::string candidate =
      tensile ? libraries::OverrideCandidate(gpu.processor, tensile->library_targets) : "";
  if (tensile == nullptr) {
    message = lib.name + " " + lib.path + " has no rocblas/library directory beside it";
    evidence.push_back({dir, "not found", "TensileLibrary_lazy_" + gpu.processor + ".dat"});
  } else {
    message = "rocBLAS in " + tensile->dir + " has no Tensile library for " +
              libraries::Describe(gpu, libs) + " (it covers " +
              (tensile->library_targets.empty() ? std::string("no gfx target")
                                                : libraries::Join(tensile->library_targets)) +
              ")";
    evidence.push_back(
        {tensile->dir, Listing(*tensile), "TensileLibrary_lazy_" + gpu.processor + ".dat"});
  }
  if (!candidate.empty()) {
    const std::string version = libraries::OverrideFromProcessor(candidate);
    message += "; " + candidate +
               " is covered and of the same family: HSA_OVERRIDE_GFX_VERSION=" + version +
               " (unofficial)";
    fix = "export HSA_OVERRIDE_GFX_VERSION=" + ShellQuote(version) +
          OverrideWorkaroundNote(candidate);
  } else {
    fix = "# install a rocBLAS built for " + ShellQuote(gpu.processor) +
          " (a newer ROCm release, or -DAMDGPU_TARGETS=" + ShellQuote(gpu.processor) + ")";
  }
  if (libs.tensile_libpath) {
    evidence.push_back({libs.rocblas_tensile_libpath.source, *libs.rocblas_tensile_libpath,
                        "the rocblas/library of the same rocBLAS release"});
  }
  std::map<std::string, std::string> params{{"gfx", gpu.processor}, {"dir", dir}, {"fix", fix}};
  if (!candidate.empty()) params["override"] = libraries::OverrideFromProcessor(candidate);
  return MakeFinding("libraries.rocblas.no_kernels_for_gfx", std::move(message),
                     std::move(evidence), std::move(params));
}

// The integrated GPU's target is missing while HIP also sees a discrete GPU: a warning that
// names the iGPU and the ROCR_VISIBLE_DEVICES value that hides it (issue 16 rule 3).
Finding IgpuMissing(const LibraryFacts& libs, const libraries::GpuTarget& gpu,
                    const TensileDir* tensile, const std::string& dir, const std::string& devices) {
  const std::string where = tensile ? tensile->dir : dir;
  return MakeFinding(
      "libraries.rocblas.igpu_no_kernels",
      "rocBLAS in " + where + " has no Tensile library for the integrated " +
          libraries::Describe(gpu, libs) + " at " + libraries::Join(gpu.bdfs) + " (" +
          libraries::HipDevices(gpu) + "); the discrete GPUs compute: hide the iGPU with "
          "ROCR_VISIBLE_DEVICES=" + devices + ", or programs that run on it stop with 'Cannot "
          "read .../TensileLibrary.dat ... for GPU arch : " + gpu.processor + "'",
      {{gpu.source, "GPU " + libraries::Describe(gpu, libs) + " (integrated), " +
                        libraries::HipDevices(gpu), "hidden from HIP"},
       {where, tensile ? Listing(*tensile) : "not found",
        "TensileLibrary_lazy_" + gpu.processor + ".dat"}},
      {{"gfx", gpu.processor}, {"dir", where}, {"devices", devices}});
}

CheckOutcome Run(const CheckContext& ctx) {
  const LibraryFacts& libs = ctx.facts.Get<LibraryFacts>();
  std::vector<const LibraryDir*> dirs = libraries::DirsToJudge(ctx.facts, libs, "rocBLAS");
  if (dirs.empty()) return CheckOutcome::Skip("rocBLAS is not installed");
  const std::vector<libraries::GpuTarget> gpus = libraries::GpuTargets(ctx.facts, libs);
  if (gpus.empty()) return CheckOutcome::Skip("no GPU with a known gfx target in KFD topology");
  // A GPU hidden from HIP needs no kernels, unless every one is hidden (then judge them all:
  // runtime.visible_devices reports the empty selection).
  const bool any_visible =
      std::any_of(gpus.begin(), gpus.end(), [](const auto& g) { return !g.hidden; });
  const std::string discrete = libraries::DiscreteRocrDevices(ctx.facts);

  std::vector<Finding> findings;
  std::vector<std::string> covered;
  std::vector<std::string> hidden;
  for (const LibraryDir* dir : dirs) {
    const InstalledLibrary* lib = nullptr;
    for (const InstalledLibrary& l : dir->libraries) {
      if (l.name == "rocBLAS") lib = &l;
    }
    const TensileDir* tensile = TensileFor(libs, *dir);
    const std::string where = tensile ? tensile->dir : dir->dir + "/rocblas/library";
    if (tensile != nullptr && tensile->status != FsStatus::kOk) {
      findings.push_back(MakeFinding(
          "libraries.rocblas.kernels_unknown",
          "cannot list " + tensile->dir + ": " + std::string(ToString(tensile->status)) +
              (tensile->error.empty() ? "" : " (" + tensile->error + ")"),
          {{tensile->dir, tensile->error, "a readable directory"}}, {{"dir", tensile->dir}}));
      continue;
    }
    for (const libraries::GpuTarget& gpu : gpus) {
      if (any_visible && gpu.hidden) {
        hidden.push_back(gpu.real + " at " + libraries::Join(gpu.bdfs));
      } else if (tensile != nullptr && tensile->Covers(gpu.processor)) {
        covered.push_back(gpu.processor + " in " + tensile->dir);
      } else if (tensile != nullptr && tensile->combined_library) {
        findings.push_back(MakeFinding(
            "libraries.rocblas.kernels_unknown",
            tensile->dir + " holds only a multi-architecture TensileLibrary.dat: whether it has " +
                gpu.processor + " kernels is not in the file names",
            {{tensile->dir, Listing(*tensile), "TensileLibrary_lazy_" + gpu.processor + ".dat"}},
            {{"dir", tensile->dir}}));
      } else if (gpu.integrated && !discrete.empty()) {
        findings.push_back(IgpuMissing(libs, gpu, tensile, where, discrete));
      } else {
        findings.push_back(Missing(libs, gpu, *lib, tensile, where));
      }
    }
  }
  std::string summary = "Tensile kernels for " + libraries::Join(covered);
  if (!hidden.empty()) summary += "; not judged, hidden from HIP: " + libraries::Join(hidden);
  if (findings.empty()) return CheckOutcome::Pass(std::move(summary));
  return CheckOutcome::FromFindings(std::move(findings));
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
