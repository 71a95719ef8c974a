// SPDX-License-Identifier: MIT
#pragma once
// Parsers for the ROCm runtime's environment variables, each following the code that reads the
// variable (cited per function), and the device-visibility resolution that combines them. They
// take string_view, never throw, and treat anything the runtime would reject as rejected.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rocm_doctor/facts/runtime_env.h"
#include "rocm_doctor/result.h"

namespace rocm_doctor::env_parse {

// HSA_OVERRIDE_GFX_VERSION as libhsakmt topology.c reads it:
// sscanf(value, "%u.%u.%u%c", ...) must return 3 (so nothing may follow the stepping, not even
// a space) and major <= 63, minor <= 255, stepping <= 255. Like %u, leading white space and a
// '+' before each number are accepted.
Result<GfxVersion> ParseGfxVersion(std::string_view value);

// "HSA_OVERRIDE_GFX_VERSION_12" -> 12 (libhsakmt builds the name with "%d" from the node
// index); anything else -> nullopt.
std::optional<int> OverrideNode(std::string_view name);

// The gfx family an override must stay in: the major version, and for gfx9/gfx10 the minor too
// (gfx90x vs gfx94x, RDNA1 gfx101x vs RDNA2 gfx103x). "10.3.0" on an RX 5700 (gfx1010) crashes
// (ROCm/ROCm#887); 11.0.0 covers all of gfx11 (gfx1100..gfx1152).
std::string GfxFamily(unsigned major, unsigned minor);
// The same for a gfx name ("gfx1031" -> "gfx10.3"); "" when the name does not parse.
std::string GfxFamilyOf(std::string_view gfx);
// "gfx1031" -> {10, 3, 1}, "gfx90a" -> {9, 0, 10}; nullopt when it is not a gfx name.
std::optional<GfxVersion> GfxVersionOf(std::string_view gfx);

// Whether ROCr's ISA registry (runtime/hsa-runtime/core/runtime/isa.cpp) knows the target. A
// well-formed override naming any other (10.3.7, 11.0.4) makes GPU agent creation throw
// INVALID_ISA, which ROCr catches: the GPU disappears without a message.
bool RocrKnowsIsa(std::string_view gfx);

// VGPR file per CU as libhsakmt queues.c hsakmt_get_vgpr_size_per_cu() gives it, in bytes:
// 0x80000 for gfx908/gfx90a/gfx94x, 0x60000 for gfx1100/gfx1101/gfx1200/gfx1201, 0x40000
// otherwise. Running code built for a larger file on a smaller one (gfx1103 overridden to
// 11.0.0) faults with HSA_STATUS_ERROR_INVALID_ISA in some kernels (failure-modes #35).
std::uint32_t VgprBytesPerCu(std::string_view gfx);

// HIP_PLATFORM as hipcc reads it.
enum class HipPlatform { kAmd, kNvidia, kOther };
// "amd" (and the older "hcc", "rocclr") -> kAmd; "nvidia" (and the older "nvcc") -> kNvidia.
HipPlatform ParseHipPlatform(std::string_view value);

// One selection variable applied to a list of GPUs.
struct Selection {
  std::vector<std::size_t> selected;  // positions in the input list, in the order exposed
  std::size_t tokens = 0;             // comma-separated tokens in the value
  std::string stopped_at;             // the token parsing stopped at; "" when none
  std::string why;                    // why it stopped there
  std::size_t unused = 0;             // tokens never looked at (the stop token and after)
};

// ROCR_VISIBLE_DEVICES as ROCr's RvdFilter (core/runtime/amd_filter_device.cpp) applies it to
// the GPUs in KFD order: set-but-empty selects none; tokens are split at ',', trimmed and
// upper-cased; at most as many tokens as GPUs are read; "GPU-<hex>" must be a prefix of exactly
// one GPU's "GPU-%016lX" unique_id (a GPU with unique_id 0 never matches); other tokens go
// through strtol(base 0) ("0x1" = 1, "010" = 8); an unparsable, out-of-range or repeated token
// ends the list. `unique_ids` are the GPUs' KFD unique_id properties, in KFD order.
Selection SelectRocr(std::string_view value, std::span<const std::uint64_t> unique_ids);

// HIP_VISIBLE_DEVICES / CUDA_VISIBLE_DEVICES as HIP (CLR rocclr/device/rocm/rocdevice.cpp)
// applies it to the GPUs ROCr exposes: decimal indices or GPU-<uuid> tokens; parsing stops at
// the first invalid token (non-numeric, negative, out of range), dropping it and the rest; a
// repeated index is skipped. `unique_ids` are those of the ROCr-visible GPUs, in ROCr order.
Selection SelectHip(std::string_view value, std::span<const std::uint64_t> unique_ids);

// Which GPUs each runtime layer exposes, as positions in the KFD GPU list.
struct Visibility {
  std::optional<Selection> rocr_selection;  // ROCR_VISIBLE_DEVICES, over the KFD GPUs
  std::vector<std::size_t> rocr;            // what ROCr exposes, in ROCr order
  // The variable HIP applies: HIP_VISIBLE_DEVICES when set and non-empty, else
  // CUDA_VISIBLE_DEVICES when set and non-empty, else none ("").
  std::string hip_variable;
  std::string hip_value;
  std::optional<Selection> hip_selection;  // positions in `rocr`
  std::vector<std::size_t> hip;            // HIP device 0, 1, ... as KFD GPU positions
  // GPU_DEVICE_ORDINAL, which OpenCL applies like HIP applies its variable (the HIP docs say HIP
  // honours it too; ollama does). Positions in `rocr`, then as KFD positions.
  std::optional<Selection> ordinal_selection;
  std::optional<std::vector<std::size_t>> ordinal;
  bool AnyVariableSet() const;
};
Visibility ResolveVisibility(const RuntimeEnvFacts& env, std::span<const std::uint64_t> unique_ids);

// Tuning and debugging variables worth showing in a report, with what they do (failure-modes.md
// "Environment variables that matter"; ROCR and HIP env docs).
struct InformationalVariable {
  std::string_view name;
  std::string_view effect;
};
inline constexpr InformationalVariable kInformationalVariables[] = {
    {"HSA_ENABLE_SDMA",
     "0 disables the SDMA copy engines; copies use blit kernels (a workaround "
     "for copy hangs, slower for large transfers)"},
    {"HSA_ENABLE_PEER_SDMA", "0 disables SDMA for device-to-device copies"},
    {"HSA_XNACK",
     "1 requests XNACK (page-fault retry, needed for managed memory); code objects "
     "must match the resulting xnack mode, and amdgpu.noretry=0 is needed"},
    {"HSA_ENABLE_DXG_DETECTION", "1 makes ROCr look for the WSL2 /dev/dxg driver"},
    {"HSAKMT_DEBUG_LEVEL", "libhsakmt logging (3 errors ... 7 debug)"},
    {"HSA_ENABLE_INTERRUPT", "0 polls completion signals instead of waiting for interrupts"},
    {"HSA_DISABLE_FRAGMENT_ALLOCATOR",
     "1 disables the fragment allocator (memory faults show "
     "at their origin; slower allocation)"},
    {"HSA_NO_SCRATCH_RECLAIM", "scratch memory is not reclaimed after kernels"},
    {"HSA_SCRATCH_SINGLE_LIMIT", "scratch size above which ROCr assigns scratch per dispatch"},
    {"HSA_ENABLE_SRAMECC", "selects the SRAM-ECC mode of code objects"},
    {"HSA_IGNORE_SRAMECC_MISREPORT", "skips the gfx906 SRAM-ECC sanity check"},
    {"HSA_CU_MASK", "restricts the compute units queues may use"},
    {"ROC_GLOBAL_CU_MASK", "restricts the compute units of HIP/OpenCL queues"},
    {"AMD_LOG_LEVEL",
     "HIP runtime logging to stderr (1 errors ... 5 extra debug); level 1 names "
     "the missing code objects of hipErrorNoBinaryForGpu"},
    {"AMD_LOG_MASK", "which HIP runtime components log"},
    {"AMD_LOG_LEVEL_FILE", "HIP runtime log goes to this file"},
    {"AMD_SERIALIZE_KERNEL",
     "serialises kernel launches (1 wait before, 2 after, 3 both): "
     "debugging, much slower"},
    {"AMD_SERIALIZE_COPY",
     "serialises copies (1 wait before, 2 after, 3 both): debugging, "
     "slower"},
    {"HIP_LAUNCH_BLOCKING",
     "1 makes every kernel launch synchronous (like "
     "AMD_SERIALIZE_KERNEL): debugging, much slower"},
    {"HIP_FORCE_QUEUE_PROFILING", "1 turns on queue profiling as under rocprof"},
    {"GPU_MAX_HW_QUEUES", "hardware queues per device (default 4)"},
    {"GPU_MAX_HEAP_SIZE", "maximum heap as a percentage of VRAM"},
    {"HIP_HIDDEN_FREE_MEM", "memory hidden from hipMemGetInfo"},
    {"ROCBLAS_TENSILE_LIBPATH",
     "directory rocBLAS searches for TensileLibrary*.dat (a stale value "
     "gives 'Cannot read ... TensileLibrary.dat')"},
    {"PYTORCH_ROCM_ARCH", "gfx targets a PyTorch source build compiles for"},
    {"HCC_AMDGPU_TARGET", "obsolete HCC-era target variable; nothing current reads it"},
};

}  // namespace rocm_doctor::env_parse
