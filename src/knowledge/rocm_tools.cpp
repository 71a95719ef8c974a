// SPDX-License-Identifier: MIT
#include "knowledge/rocm_tools.h"

namespace rocm_doctor::tools {
namespace {

constexpr std::string_view kRocminfo[] = {"rocminfo"};
constexpr std::string_view kRocmSmi[] = {"rocm-smi", "rocm-smi-lib"};  // Debian's, AMD's
constexpr std::string_view kAmdSmi[] = {"amd-smi-lib"};
constexpr std::string_view kRocprof[] = {"rocprofiler"};
constexpr std::string_view kRocprofv3[] = {"rocprofiler-sdk"};
constexpr std::string_view kBandwidth[] = {"rocm-bandwidth-test"};
constexpr std::string_view kHipcc[] = {"hipcc"};
constexpr std::string_view kLlvm[] = {"rocm-llvm"};

constexpr ToolSpec kTools[] = {
    {.name = "rocminfo",
     .purpose = "lists the agents (CPUs and GPUs) the ROCm runtime sees, with their gfx targets",
     .packages = kRocminfo,
     .apt_package = "rocminfo",
     .dnf_package = "rocminfo"},
    {.name = "rocm_agent_enumerator",
     .purpose = "prints the gfx target of each GPU, as build systems use it for --offload-arch",
     .packages = kRocminfo,
     .apt_package = "rocminfo",
     .dnf_package = "rocminfo"},
    {.name = "rocm-smi",
     .purpose = "shows and sets GPU clocks, power, temperature and memory use (rocm-smi-lib)",
     .packages = kRocmSmi,
     .apt_package = "rocm-smi-lib",
     .dnf_package = "rocm-smi-lib"},
    {.name = "amd-smi",
     .purpose = "monitors and manages GPUs (partitions, firmware, RAS, XGMI links), rocm-smi's "
                "successor",
     .packages = kAmdSmi,
     .apt_package = "amd-smi-lib",
     .dnf_package = "amd-smi-lib"},
    {.name = "rocprof",
     .purpose = "profiles kernels, their times and hardware counters (rocprofiler v1/v2)",
     .packages = kRocprof,
     .apt_package = "rocprofiler",
     .dnf_package = "rocprofiler"},
    {.name = "rocprofv3",
     .purpose = "traces kernels, HIP API calls and counters (ROCprofiler-SDK)",
     .packages = kRocprofv3,
     .apt_package = "rocprofiler-sdk",
     .dnf_package = "rocprofiler-sdk"},
    {.name = "rocm-bandwidth-test",
     .purpose = "measures host-to-GPU and GPU-to-GPU copy bandwidth",
     .packages = kBandwidth,
     .apt_package = "rocm-bandwidth-test",
     .dnf_package = "rocm-bandwidth-test"},
    {.name = "TransferBench",
     .purpose = "benchmarks copies between GPUs and CPUs over PCIe and XGMI, many at once",
     .repository = "https://github.com/ROCm/TransferBench",
     .build = "make"},
    {.name = "all_reduce_perf",
     .purpose = "measures RCCL all-reduce bandwidth across the GPUs (rccl-tests)",
     .repository = "https://github.com/ROCm/rccl-tests",
     .build = "make HIP_HOME=/opt/rocm NCCL_HOME=/opt/rocm"},
    {.name = "hipcc",
     .purpose = "compiles HIP programs for the GPUs (the HIP compiler driver)",
     .packages = kHipcc,
     .apt_package = "hipcc",
     .dnf_package = "hipcc"},
    {.name = "amdclang++",
     .purpose = "compiles HIP and OpenMP offload code (AMD's clang for ROCm, behind hipcc)",
     .packages = kLlvm,
     .apt_package = "rocm-llvm",
     .dnf_package = "rocm-llvm"},
};

}  // namespace

std::span<const ToolSpec> RocmTools() { return kTools; }

const ToolSpec* FindTool(std::string_view name) {
  for (const ToolSpec& tool : kTools) {
    if (tool.name == name) return &tool;
  }
  return nullptr;
}

}  // namespace rocm_doctor::tools
