// Finding codes of the libraries layer (libraries.inventory, libraries.rocblas_kernels,
// libraries.code_objects). Commands use {params} that every finding with the code sets.
#include "rocm_doctor/catalog.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kMismatchCommands[] = {
    "ls -l {dir}/{file}*",
    "readlink -f /opt/rocm; cat /opt/rocm/.info/version",
};
constexpr std::string_view kInventoryUnreadableCommands[] = {"ls -ld {dir}"};
constexpr std::string_view kRocblasCommands[] = {
    "{!fix}",
    "ls {dir} | grep -E 'TensileLibrary.*(lazy_)?gfx'",
};
constexpr std::string_view kRocblasUnknownCommands[] = {"ls -l {dir}"};
constexpr std::string_view kCodeObjectCommands[] = {
    "{!fix}",
    "roc-obj-ls {path} | awk '{print $2}' | sort -u",
};
constexpr std::string_view kCodeObjectUnknownCommands[] = {
    "roc-obj-ls {path} | awk '{print $2}' | sort -u",
    "AMD_LOG_LEVEL=1 <your program>   # prints 'Bundled Code Objects' and 'Missing CO for these "
    "ISAs'",
};

constexpr FindingSpec kLibraryFindings[] = {
    {.code = "libraries.version.mismatch",
     .severity = Status::kWarn,
     .title = "ROCm libraries from a different release than the HIP runtime",
     .remediation =
         "A library's file name encodes the ROCm release it was built for (librocblas.so.4.2.60200 "
         "is ROCm 6.2.0), and it differs from the release of the HIP runtime in the same "
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
    {.code = "libraries.rocblas.kernels_unknown",
     .severity = Status::kUnknown,
     .title = "rocBLAS's Tensile kernel coverage cannot be told",
     .remediation = "The Tensile library directory could not be listed, or it holds only a "
                    "multi-architecture TensileLibrary.dat whose targets the file name does not "
                    "show. Check the directory's permissions, or run a rocBLAS call with "
                    "ROCBLAS_LAYER=1 to see which file it loads.",
     .commands = kRocblasUnknownCommands},
    {.code = "libraries.code_object.missing_gfx",
     .severity = Status::kFail,
     .title = "A ROCm library has no device code for the GPU's gfx target",
     .remediation =
         "The library's .hip_fatbin offload bundles carry code objects for other targets only, "
         "so the HIP runtime fails with 'hipErrorNoBinaryForGpu: Unable to find code object for "
         "all current devices!' or 'invalid device function' when the library is used. A code "
         "object serves a GPU when its processor is the GPU's (or a generic one covering it, "
         "such as gfx10-3-generic) and its xnack/sramecc features, where named, match the GPU's "
         "mode (gfx90a:xnack+ code does not serve a gfx90a running with XNACK off). Install a "
         "build of the library that includes the target, or, for a same-family target, use "
         "HSA_OVERRIDE_GFX_VERSION (unofficial).",
     .commands = kCodeObjectCommands},
    {.code = "libraries.code_object.unknown",
     .severity = Status::kUnknown,
     .title = "The device code targets of a ROCm library cannot be told",
     .remediation = "The library could not be read or parsed, or its offload bundles are "
                    "compressed (ROCm 6.2+ 'CCOB' bundles list their targets only inside the "
                    "compressed data), so whether it has code for this GPU is not known. "
                    "roc-obj-ls lists the targets; AMD_LOG_LEVEL=1 makes the HIP runtime print "
                    "them when the library loads.",
     .commands = kCodeObjectUnknownCommands},
};

}  // namespace
ROCMDOC_REGISTER_FINDINGS(kLibraryFindings);
}  // namespace rocm_doctor
