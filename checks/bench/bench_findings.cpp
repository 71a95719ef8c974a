// Finding codes of the bench.* checks: what a GPU delivered against what its model must deliver
// (include/rocm_doctor/bench_thresholds.h). bench.kernel.timeout, shared with the HIP probe, is
// in checks/runtime/runtime_hip_findings.cpp. Findings set {helper} (the helper's path, or its
// name in replay), {device} (the runtime ordinal) and, where the GPU's PCI address is known,
// {bdf}.
#include "rocm_doctor/catalog.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kMemoryCommands[] = {
    "{helper} --bench --only memory --device {device}",
    "sudo dmesg | grep -iE 'amdgpu.*(hbm|umc|ras|ecc)'",
    "cat /sys/bus/pci/devices/{bdf}/pp_dpm_mclk",
};
constexpr std::string_view kHostCommands[] = {
    "sudo lspci -vv -s {bdf} | grep -E 'LnkCap|LnkSta'",
    "cat /sys/bus/pci/devices/{bdf}/numa_node",
    "{helper} --bench --only host --device {device}",
};
constexpr std::string_view kComputeCommands[] = {
    "cat /sys/bus/pci/devices/{bdf}/pp_dpm_sclk",
    "amd-smi metric -g {device} --power --temperature --clock",
    "{helper} --bench --only compute --device {device}",
};
constexpr std::string_view kLaunchCommands[] = {
    "cat /proc/cmdline   # iommu=pt? processor.max_cstate?",
    "{helper} --bench --only launch --device {device}",
};
constexpr std::string_view kMemtestCommands[] = {
    "cat /sys/bus/pci/devices/{bdf}/ras/umc_err_count",
    "sudo dmesg | grep -iE 'amdgpu.*(ras|ecc|umc|page retire)'",
    "{helper} --bench --level stress --only memtest --device {device}",
};
constexpr std::string_view kStressCommands[] = {
    "sudo dmesg | grep -iE 'amdgpu|kfd' | tail -50",
    "amd-smi metric -g {device} --power --temperature --clock",
    "{helper} --bench --level stress --only stress --device {device}",
};
constexpr std::string_view kPeerCommands[] = {
    "rocm-smi --showtopo",
    "{helper} --bench --only peer --device {device}",
};
constexpr std::string_view kVerifyCommands[] = {
    "sudo dmesg | grep -iE 'amdgpu|kfd' | tail -50",
    "{helper} --bench --only {benchmark} --device {device}",
};
constexpr std::string_view kKernelFailedCommands[] = {
    "sudo dmesg | grep -iE 'amdgpu|kfd' | tail -50",
    "AMD_LOG_LEVEL=4 {helper} --bench --only {benchmark} --device {device}",
};
constexpr std::string_view kUnstableCommands[] = {
    "amd-smi metric -g {device} --power --temperature --clock",
    "{helper} --bench --only {benchmark} --device {device}",
};
constexpr std::string_view kReferenceCommands[] = {
    "rocm-doctor bench --thresholds my-gpu.csv   # absolute floors: checks/data/README.md",
};
constexpr std::string_view kMissingResultCommands[] = {
    "{helper} --version",
    "{helper} --bench --device {device}",
};
constexpr std::string_view kHelperMissingCommands[] = {
    "cmake -S . -B build -DROCMDOC_GPU_BACKEND=hip && cmake --build build --target "
    "rocm-doctor-hip",
    "export ROCMDOC_HIP_HELPER=/path/to/rocm-doctor-hip",
};
constexpr std::string_view kHelperCrashedCommands[] = {
    "sudo dmesg | grep -iE 'amdgpu|kfd' | tail -50",
    "AMD_LOG_LEVEL=4 {helper} --bench --device {device}",
};
constexpr std::string_view kHelperFailedCommands[] = {
    "ldd {helper}",
    "{helper} --bench --device {device}",
};

constexpr FindingSpec kSpecs[] = {
    {.code = "bench.memory_bandwidth.low",
     .severity = Status::kFail,
     .title = "Device memory bandwidth is below the floor for this GPU",
     .remediation =
         "The GPU streams its own memory (STREAM copy/scale/add/triad/dot, read + write bytes "
         "counted) well below what its model delivers when healthy. A memory clock stuck low "
         "(power profile, a failed DPM table), HBM stacks or channels retired after ECC errors, "
         "a partition mode that gives this device a share of the memory, or another process "
         "using the GPU during the run are the usual causes. Check the memory clock states and "
         "the RAS counters, make sure the GPU is idle, and run the benchmark again; a GPU that "
         "stays low should be drained and sent for repair.",
     .commands = kMemoryCommands},
    {.code = "bench.host_bandwidth.low",
     .severity = Status::kFail,
     .title = "Host-to-device bandwidth is below the floor for the GPU's PCIe link",
     .remediation =
         "Pinned copies between host memory and the GPU run well below what its PCIe link "
         "carries. A link trained at a lower speed or width (see hardware.pcie.link_degraded: a "
         "riser, a slot wired x8, a bad cable on a retimer), host buffers on a remote NUMA node, "
         "an IOMMU in translated mode, or a switch shared with other busy devices are the usual "
         "causes. Compare LnkCap with LnkSta and the GPU's numa_node with where the process "
         "runs.",
     .commands = kHostCommands},
    {.code = "bench.compute.low",
     .severity = Status::kFail,
     .title = "Vector arithmetic throughput is below the floor for this GPU",
     .remediation =
         "An FMA loop with independent accumulators runs well below the datasheet peak. The "
         "shader clock seen during the run (evidence) tells which: a clock far below the peak "
         "means power or thermal limits (a power cap, failed fans, a hot inlet) or a power "
         "profile; a normal clock with low throughput means compute units are fenced off or the "
         "GPU is shared. Check clocks, power and temperature under load.",
     .commands = kComputeCommands},
    {.code = "bench.launch_latency.high",
     .severity = Status::kWarn,
     .title = "Kernel launches take far longer than usual",
     .remediation =
         "Launching and waiting for an empty kernel takes many times the few microseconds it "
         "takes on a healthy host. Deep CPU idle states, an IOMMU in translated mode "
         "(iommu=pt is the usual setting for GPU hosts), interrupts routed to a busy CPU, or a "
         "virtualised GPU are the usual causes. Small-kernel workloads (inference, "
         "communication) suffer first.",
     .commands = kLaunchCommands},
    {.code = "bench.memtest.errors",
     .severity = Status::kFail,
     .title = "The GPU memory test found mismatches",
     .remediation =
         "Words written to GPU memory read back different: the memory, its controller or the "
         "path to it is faulty (or the GPU runs out of its specification: overclocked memory, "
         "overheating). The evidence lists the first bad addresses. Check the RAS/ECC counters "
         "and the kernel log for retired pages; drain the GPU and have it repaired if the "
         "errors repeat.",
     .commands = kMemtestCommands},
    {.code = "bench.stress.errors",
     .severity = Status::kFail,
     .title = "The GPU computed wrong results under sustained load",
     .remediation =
         "During the time-bounded stress (arithmetic and streaming together) results were "
         "checked and some were wrong. Errors that appear only under load point at power "
         "delivery, cooling or marginal memory. Check the kernel log and the GPU's power and "
         "temperature during the stress, and drain the GPU if it repeats.",
     .commands = kStressCommands},
    {.code = "bench.stress.low",
     .severity = Status::kFail,
     .title = "Throughput under sustained load is below the floor",
     .remediation =
         "Over the stress time the GPU's combined arithmetic and streaming throughput stayed "
         "below the floor given for it. A GPU that starts fast and then slows down is limited by "
         "power or cooling; check clocks, power and temperature during the stress.",
     .commands = kStressCommands},
    {.code = "bench.peer_bandwidth.low",
     .severity = Status::kFail,
     .title = "GPU-to-GPU bandwidth is below the floor",
     .remediation =
         "Copies between two GPUs run below the floor given for them. The GPUs may talk through "
         "the host instead of their direct links (XGMI/NVLink disabled, peer access refused), "
         "or a link is degraded. Compare the topology the driver reports with the machine's "
         "wiring.",
     .commands = kPeerCommands},
    {.code = "bench.verify.failed",
     .severity = Status::kFail,
     .title = "A benchmark's result was wrong",
     .remediation =
         "The benchmark ran but its result differs from the analytic answer, so its figure is "
         "not trusted and the GPU computed or stored something wrong. A faulty GPU, memory "
         "errors, or a runtime/compiler bug for this ISA are possible; the kernel log and the "
         "RAS counters tell the hardware cases apart.",
     .commands = kVerifyCommands},
    {.code = "bench.kernel.failed",
     .severity = Status::kFail,
     .title = "A benchmark's GPU call failed",
     .remediation =
         "A runtime call of the benchmark returned an error (the runtime's text verbatim in the "
         "evidence). An out-of-memory error when the GPU should be idle means another process "
         "holds its memory; an error at synchronisation means the kernel faulted or the GPU "
         "reset (the kernel log has the driver's side).",
     .commands = kKernelFailedCommands},
    {.code = "bench.result.unstable",
     .severity = Status::kWarn,
     .title = "A benchmark's figures vary too much between runs",
     .remediation =
         "The median of the timed batches is far from the best one (or, for the stress, the "
         "throughput varies over time), so the GPU does not deliver steadily. Clocks that "
         "change under power or thermal limits, another process using the GPU, or CPU "
         "frequency changes on the host are the usual causes. Run it again on an idle node; a "
         "GPU that keeps varying under the stress should be looked at.",
     .commands = kUnstableCommands},
    {.code = "bench.reference.missing",
     .severity = Status::kInfo,
     .title = "No datasheet figures for this GPU: benchmark results are reported, not judged",
     .remediation =
         "The GPU table (checks/data/amd_gpus.csv) holds no peak bandwidth or FLOP/s for this "
         "GPU, so its figures are shown without a verdict. Give floors for it in a thresholds "
         "file (absolute values with basis min/max, same format as "
         "checks/data/bench_thresholds.csv) and pass it with --thresholds.",
     .commands = kReferenceCommands},
    {.code = "bench.result.missing",
     .severity = Status::kUnknown,
     .title = "A benchmark was not measured",
     .remediation =
         "A benchmark the doctor asked for has no result: the run was interrupted, or the "
         "helper does not know it (rocm-doctor and rocm-doctor-hip from different builds). Run "
         "the benchmarks again; install rocm-doctor and its helper together.",
     .commands = kMissingResultCommands},
    {.code = "bench.helper.missing",
     .severity = Status::kUnknown,
     .title = "The benchmark helper is not installed",
     .remediation =
         "rocm-doctor-hip, which runs the benchmarks on the GPU, was not found, so nothing was "
         "measured. It is installed with rocm-doctor when rocm-doctor is built with a HIP or "
         "CUDA toolchain. Build it, or point ROCMDOC_HIP_HELPER at one.",
     .commands = kHelperMissingCommands},
    {.code = "bench.helper.crashed",
     .severity = Status::kError,
     .title = "The benchmark helper crashed",
     .remediation =
         "rocm-doctor-hip was killed by a signal while benchmarking, so what the GPU delivers is "
         "unknown. A fault in the runtime, a GPU reset during a kernel, or the kernel's "
         "out-of-memory killer are the usual causes; the kernel log and the helper's stderr "
         "(evidence) tell which.",
     .commands = kHelperCrashedCommands},
    {.code = "bench.helper.failed",
     .severity = Status::kError,
     .title = "The benchmark helper gave no usable answer",
     .remediation =
         "rocm-doctor-hip could not be started, exited with an error, printed something other "
         "than its benchmark JSON, or its runtime could not open the GPU. Exit status 127 means "
         "the dynamic loader could not find the HIP runtime; a usage error or another JSON "
         "format means rocm-doctor and rocm-doctor-hip come from different builds.",
     .commands = kHelperFailedCommands},
    {.code = "bench.run.interrupted",
     .severity = Status::kInfo,
     .title = "The benchmarks were interrupted",
     .remediation =
         "Ctrl-C (or SIGTERM) stopped the benchmarks: the helper finished the kernel it was "
         "running, freed the GPU memory and reported what it had measured. Benchmarks that did "
         "not run are reported as not measured; run them again to judge them.",
     .commands = {}},
};

ROCMDOC_REGISTER_FINDINGS(kSpecs);

}  // namespace
}  // namespace rocm_doctor
