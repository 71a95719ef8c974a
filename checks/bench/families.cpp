// SPDX-License-Identifier: MIT
// The eight benchmark-family checks as one table: bench.memory, bench.host_link, bench.peer,
// bench.compute, bench.matrix, bench.launch, bench.memtest and bench.stress differ only in the benchmarks they
// judge, their title and the code for a median past its limit (bench_judge.cpp judges them all).
// Findings set {helper} (the helper's path, or its name in replay), {device} (the runtime
// ordinal) and, where the GPU's PCI address is known, {bdf}; {benchmark} names what missed.
#include <array>
#include <cstddef>
#include <utility>

#include "bench_support.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kMemoryCommands[] = {
    "{helper} --bench --only memory --device {device}",
    "sudo dmesg | grep -iE 'amdgpu.*(hbm|umc|ras|ecc)'  # needs root",
    "cat /sys/bus/pci/devices/{bdf}/pp_dpm_mclk",
};
constexpr std::string_view kHostCommands[] = {
    "sudo lspci -vv -s {bdf} | grep -E 'LnkCap|LnkSta'  # needs root",
    "cat /sys/bus/pci/devices/{bdf}/numa_node",
    "{helper} --bench --only host --device {device}",
};
constexpr std::string_view kPeerCommands[] = {
    "rocm-smi --showtopo",
    "{helper} --bench --only peer --device {device}",
};
constexpr std::string_view kComputeCommands[] = {
    "cat /sys/bus/pci/devices/{bdf}/pp_dpm_sclk",
    "amd-smi metric -g {device} --power --temperature --clock",
    "{helper} --bench --only compute --device {device}",
};
constexpr std::string_view kMatrixCommands[] = {
    "amd-smi metric -g {device} --power --temperature --clock",
    "cat /sys/bus/pci/devices/{bdf}/hwmon/hwmon*/power1_cap",
    "{helper} --bench --only matrix --device {device}",
};
constexpr std::string_view kMatrixCorruptionCommands[] = {
    "sudo dmesg | grep -iE 'amdgpu.*(ras|ecc|umc|sdma|gfx)' | tail -50  # needs root",
    "cat /sys/bus/pci/devices/{bdf}/ras/umc_err_count",
    "{helper} --bench --only {benchmark} --device {device}",
};
constexpr std::string_view kBlasCommands[] = {
    "ldconfig -p | grep -E 'libhipblaslt|librocblas|libcublasLt|libcublas[.]'",
    "ls /opt/rocm/lib | grep -E 'hipblaslt|rocblas'",
    "{helper} --bench --only matrix --device {device}",
};
constexpr std::string_view kMatrixReferenceCommands[] = {
    "rocm-doctor bench --only matrix --thresholds my-gpu.csv  # format: checks/data/README.md",
};
constexpr std::string_view kLaunchCommands[] = {
    "cat /proc/cmdline   # iommu=pt? processor.max_cstate?",
    "{helper} --bench --only launch --device {device}",
};
constexpr std::string_view kMemtestCommands[] = {
    "cat /sys/bus/pci/devices/{bdf}/ras/umc_err_count",
    "sudo dmesg | grep -iE 'amdgpu.*(ras|ecc|umc|page retire)'  # needs root",
    "{helper} --bench --level stress --only memtest --device {device}",
};
constexpr std::string_view kStressCommands[] = {
    "sudo dmesg | grep -iE 'amdgpu|kfd' | tail -50  # needs root",
    "amd-smi metric -g {device} --power --temperature --clock",
    "{helper} --bench --level stress --only stress --device {device}",
};
constexpr std::string_view kVerifyCommands[] = {
    "sudo dmesg | grep -iE 'amdgpu|kfd' | tail -50  # needs root",
    "{helper} --bench --only {benchmark} --device {device}",
};
constexpr std::string_view kKernelFailedCommands[] = {
    "sudo dmesg | grep -iE 'amdgpu|kfd' | tail -50  # needs root",
    "AMD_LOG_LEVEL=4 {helper} --bench --only {benchmark} --device {device}",
};
constexpr std::string_view kUnstableCommands[] = {
    "amd-smi metric -g {device} --power --temperature --clock",
    "{helper} --bench --only {benchmark} --device {device}",
};
constexpr std::string_view kMissingResultCommands[] = {
    "{helper} --version",
    "{helper} --bench --device {device}",
};

constexpr FindingSpec kMemoryFindings[] = {
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
     .commands = kMemoryCommands,
     .requires_root = true},
};

constexpr FindingSpec kHostFindings[] = {
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
     .commands = kHostCommands,
     .requires_root = true},
};

constexpr FindingSpec kPeerFindings[] = {
    {.code = "bench.peer_bandwidth.low",
     .severity = Status::kFail,
     .title = "GPU-to-GPU bandwidth is below the floor",
     .remediation =
         "Copies between two GPUs run below the floor given for them. The GPUs may talk through "
         "the host instead of their direct links (XGMI/NVLink disabled, peer access refused), "
         "or a link is degraded. Compare the topology the driver reports with the machine's "
         "wiring.",
     .commands = kPeerCommands},
};

constexpr FindingSpec kComputeFindings[] = {
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
};

constexpr FindingSpec kMatrixFindings[] = {
    {.code = "bench.matrix.low",
     .severity = Status::kFail,
     .title = "Matrix-engine (GEMM) throughput is below the floor for this GPU",
     .remediation =
         "A GEMM through the vendor BLAS (hipBLASLt/rocBLAS, cuBLASLt/cuBLAS: the path "
         "frameworks take to the matrix engines) ran below the floor published for this GPU "
         "(ROCm Validation Suite's GST figures) or derived from a healthy one. The message names "
         "the cause the power, temperature and clock samples taken during the run show: a power "
         "cap (a lowered power limit, a power-capped node, a PSU or VR limit), a thermal limit "
         "(failed fans, a hot inlet, a bad heatsink contact), a memory (HBM) limit, or none seen "
         "(compute units fenced off, another process on the GPU, a slow kernel of the BLAS for "
         "this shape). Check the power limit and the cooling, make sure the GPU is idle, and run "
         "the matrix benchmarks again.",
     .commands = kMatrixCommands},
    {.code = "bench.matrix.corruption",
     .severity = Status::kFail,
     .title = "A GEMM computed wrong results (silent data corruption)",
     .remediation =
         "Sampled output elements of a GEMM differ from an independent host reference beyond "
         "the rounding-error bound, are NaN, or differ between two runs of the same GEMM on the "
         "same inputs (which must be bit-identical). A GPU that computes wrong numbers without "
         "an error corrupts training and inference silently: drain it. Faulty matrix units, "
         "marginal voltage or clocks, overheating and memory errors are the causes; the RAS "
         "counters and the kernel log tell memory errors apart. A GPU whose errors repeat goes "
         "back for repair.",
     .commands = kMatrixCorruptionCommands,
     .requires_root = true},
    // Warn, not unknown: the rest of the GPU was measured and judged; what is missing is the
    // library ROCm and CUDA applications use for GEMM, which is a finding about the stack.
    {.code = "bench.matrix.blas_missing",
     .severity = Status::kWarn,
     .title = "No vendor BLAS could be loaded: the matrix engines were not measured",
     .remediation =
         "The helper loads hipBLASLt or rocBLAS (CUDA: cuBLASLt or cuBLAS) at run time to reach "
         "the matrix engines the way frameworks do; none could be loaded (each dlerror in the "
         "evidence), so the GEMM figures and their corruption checks are missing. A ROCm install "
         "without its math libraries, or a library path the helper does not search, is the "
         "usual cause. Install hipBLASLt and rocBLAS from the same ROCm release (or add their "
         "directory to the loader's path) and run the matrix benchmarks again.",
     .commands = kBlasCommands},
    // Warn: the library refused a GEMM it had offered (NOT_SUPPORTED from the call itself, as
    // cublasLtMatmul did for fp8 on the project's H200, tests/fixtures/bench/matrix/): the type
    // was not measured, and nothing says the GPU is at fault. EXECUTION_FAILED and other
    // statuses stay bench.kernel.failed.
    {.code = "bench.matrix.unsupported",
     .severity = Status::kWarn,
     .title = "The BLAS refused a GEMM: that data type was not measured",
     .remediation =
         "The vendor BLAS returned NOT_SUPPORTED from the GEMM call itself (the library's status "
         "verbatim in the evidence), so this data type's matrix engines were not measured. A "
         "BLAS older or newer than the driver expects, or a library build without kernels for "
         "this GPU and type, is the usual cause; the GPU is not implicated. Use the BLAS of the "
         "same CUDA or ROCm release as the driver and run the matrix benchmarks again.",
     .commands = kBlasCommands},
    {.code = "bench.matrix.reference_missing",
     .severity = Status::kInfo,
     .title = "No GEMM floor for this GPU: matrix figures are reported, not judged",
     .remediation =
         "No floor is published for this GPU model and input pattern (the built-in floors come "
         "from ROCm Validation Suite's GST configurations), and no reference measurement of a "
         "healthy GPU of the model is recorded. Measure a GPU you trust and give a reference row "
         "for the model (basis reference: the floor is 0.75 x that figure, as DCGM derives "
         "floors) in a thresholds file.",
     .commands = kMatrixReferenceCommands},
};

constexpr FindingSpec kLaunchFindings[] = {
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
};

constexpr FindingSpec kMemtestFindings[] = {
    {.code = "bench.memtest.errors",
     .severity = Status::kFail,
     .title = "The GPU memory test found mismatches",
     .remediation =
         "Words written to GPU memory read back different: the memory, its controller or the "
         "path to it is faulty (or the GPU runs out of its specification: overclocked memory, "
         "overheating). The evidence lists the first bad addresses. Check the RAS/ECC counters "
         "and the kernel log for retired pages; drain the GPU and have it repaired if the "
         "errors repeat.",
     .commands = kMemtestCommands,
     .requires_root = true},
};

constexpr FindingSpec kStressFindings[] = {
    {.code = "bench.stress.low",
     .severity = Status::kFail,
     .title = "Throughput under sustained load is below the floor",
     .remediation =
         "Over the stress time the GPU's combined arithmetic and streaming throughput stayed "
         "below the floor given for it. The message names the cause the power, temperature and "
         "clock samples of the stress show (power cap, thermal limit, memory (HBM) limit, or "
         "none seen); a GPU that starts fast and then slows down is limited by power or cooling.",
     .commands = kStressCommands,
     .requires_root = true},
    {.code = "bench.stress.errors",
     .severity = Status::kFail,
     .title = "The GPU computed wrong results under sustained load",
     .remediation =
         "During the time-bounded stress (arithmetic and streaming together) results were "
         "checked and some were wrong. Errors that appear only under load point at power "
         "delivery, cooling or marginal memory. Check the kernel log and the GPU's power and "
         "temperature during the stress, and drain the GPU if it repeats.",
     .commands = kStressCommands,
     .requires_root = true},
};

// Codes every family reports (bench_judge.cpp); bench.kernel.timeout is runtime.hip_devices'.
constexpr FindingSpec kSharedFindings[] = {
    {.code = "bench.verify.failed",
     .severity = Status::kFail,
     .title = "A benchmark's result was wrong",
     .remediation =
         "The benchmark ran but its result differs from the analytic answer, so its figure is "
         "not trusted and the GPU computed or stored something wrong. A faulty GPU, memory "
         "errors, or a runtime/compiler bug for this ISA are possible; the kernel log and the "
         "RAS counters tell the hardware cases apart.",
     .commands = kVerifyCommands,
     .requires_root = true},
    {.code = "bench.kernel.failed",
     .severity = Status::kFail,
     .title = "A benchmark's GPU call failed",
     .remediation =
         "A runtime call of the benchmark returned an error (the runtime's text verbatim in the "
         "evidence). An out-of-memory error when the GPU should be idle means another process "
         "holds its memory; an error at synchronisation means the kernel faulted or the GPU "
         "reset (the kernel log has the driver's side).",
     .commands = kKernelFailedCommands,
     .requires_root = true},
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
    {.code = "bench.result.missing",
     .severity = Status::kUnknown,
     .title = "A benchmark was not measured",
     .remediation =
         "A benchmark the doctor asked for has no result: the run was interrupted, or the "
         "helper does not know it (rocm-doctor and rocm-doctor-hip from different builds). Run "
         "the benchmarks again; install rocm-doctor and its helper together.",
     .commands = kMissingResultCommands},
};

ROCMDOC_REGISTER_FINDINGS(kSharedFindings);

// The family's benchmarks, as the helper names them.
constexpr std::string_view kMemory[] = {"memory.copy", "memory.scale", "memory.add", "memory.triad",
                                        "memory.dot"};
constexpr std::string_view kHost[] = {"host.h2d_pinned", "host.d2h_pinned", "host.bidir_pinned",
                                      "host.h2d_pageable", "host.d2h_pageable"};
constexpr std::string_view kPeer[] = {"peer.copy", "peer.kernel_copy"};
constexpr std::string_view kCompute[] = {"compute.fp32_fma", "compute.fp16_fma",
                                         "compute.bf16_fma"};
constexpr std::string_view kMatrix[] = {
    "matrix.bf16",     "matrix.fp16",     "matrix.fp32",     "matrix.fp64",
    "matrix.fp8",      "matrix.int8",     "matrix.bf16_gst", "matrix.fp16_gst",
    "matrix.fp32_gst", "matrix.fp64_gst", "matrix.fp8_gst",  "matrix.int8_gst"};
constexpr std::string_view kLaunch[] = {"launch.enqueue", "launch.roundtrip", "launch.throughput"};
constexpr std::string_view kMemtest[] = {"memtest.address", "memtest.moving_inversions",
                                         "memtest.random"};
constexpr std::string_view kStress[] = {"stress.mixed"};

struct Family {
  bench::FamilySpec spec;
  std::string_view title;
  std::span<const FindingSpec> findings;
};

constexpr Family kFamilies[] = {
    // Device-memory bandwidth (STREAM copy, scale, add, triad and a two-stage dot; read + write
    // bytes counted) against the floor for this GPU model.
    {{"bench.memory", "memory", kMemory, "bench.memory_bandwidth.low"},
     "Memory bandwidth",
     kMemoryFindings},
    // Pinned and pageable copies between host memory and the GPU, each direction and both at
    // once; pinned ones against the floor for the GPU's PCIe link (pageable ones depend on the
    // host's memory and CPU: reported, not judged).
    {{"bench.host_link", "host", kHost, "bench.host_bandwidth.low"},
     "Host link bandwidth",
     kHostFindings},
    // Copies between GPUs (copy engine and kernel); skipped with one GPU. No built-in floor:
    // figures reported, judged only against rows of a --thresholds file.
    {{"bench.peer", "peer", kPeer, "bench.peer_bandwidth.low"}, "Peer bandwidth", kPeerFindings},
    // FP32 (and FP16/BF16) vector FMA loops, with the instruction path the helper used; FP32
    // against the datasheet peak for this GPU model.
    {{"bench.compute", "compute", kCompute, "bench.compute.low"},
     "Compute throughput",
     kComputeFindings},
    // GEMM through the vendor BLAS per data type, square 8192^3 and RVS GST's 4864x4096x8192,
    // against the floors published per input pattern (RVS) or derived from a reference (DCGM's
    // 0.75); every result verified, the telemetry naming why a figure fell short.
    {{"bench.matrix", "matrix", kMatrix, "bench.matrix.low"},
     "Matrix engines (GEMM)",
     kMatrixFindings},
    // The cost of queuing an empty kernel, a launch + synchronize round trip, and back-to-back
    // launch throughput, against ceilings no healthy host reaches.
    {{"bench.launch", "launch", kLaunch, "bench.launch_latency.high"},
     "Kernel launch",
     kLaunchFindings},
    // Own-address, moving-inversions and random-pattern tests over a slice of free GPU memory
    // (most of it at the stress level); zero mismatches to pass, first bad addresses as evidence.
    {{"bench.memtest", "memtest", kMemtest, "bench.memtest.errors"},
     "Memory test",
     kMemtestFindings},
    // Arithmetic and streaming together for the level's stress time (0 s at quick: skipped),
    // judged on errors and on the stability of its throughput.
    {{"bench.stress", "stress", kStress, "bench.stress.low"}, "Stress", kStressFindings},
};

// One CheckInfo and one run function per row, registered like any other check.
template <std::size_t I>
constexpr CheckInfo kInfo{.id = kFamilies[I].spec.check_id,
                          .layer = Layer::kBenchmarks,
                          .title = kFamilies[I].title,
                          .prerequisites = bench::kFamilyPrerequisites,
                          .cost = Cost::kBenchmark,
                          .deadline = bench::kCheckDeadline,
                          .findings = kFamilies[I].findings};

template <std::size_t I>
CheckOutcome Run(const CheckContext& ctx) {
  return bench::JudgeFamily(ctx, kFamilies[I].spec);
}

template <std::size_t... I>
std::array<CheckRegistrar, sizeof...(I)> RegisterAll(std::index_sequence<I...>) {
  return {CheckRegistrar(kInfo<I>, &Run<I>)...};
}

const auto kRegistrars = RegisterAll(std::make_index_sequence<std::size(kFamilies)>());

}  // namespace
}  // namespace rocm_doctor
