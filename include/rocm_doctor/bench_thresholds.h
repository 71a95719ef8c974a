// SPDX-License-Identifier: MIT
#pragma once
// What each GPU must deliver: benchmark floors as data (architecture rule 10), judged on the median.
// The built-in table is checks/data/bench_thresholds.csv (floors as fractions of the datasheet
// figures of checks/data/amd_gpus.csv, with their provenance) plus
// checks/data/bench_reference_gpus.csv (datasheet figures of GPUs that are not AMD's, i.e. the
// NVIDIA H200 this project measures on); `--thresholds FILE` adds rows in the same format that
// win over the built-in ones. Format: checks/data/README.md.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rocm_doctor/facts/bench.h"
#include "rocm_doctor/facts/gpu_table.h"
#include "rocm_doctor/facts/pci.h"
#include "rocm_doctor/result.h"
#include "rocm_doctor/status.h"

namespace rocm_doctor {

// What a threshold row's `value` is relative to.
enum class FloorBasis {
  kPeakMemoryBandwidth,  // peak_mem_bw: a fraction of the datasheet memory bandwidth
  kPeakFp32,             // peak_fp32: a fraction of the datasheet FP32 vector FLOP/s
  kHostLink,             // host_link: a fraction of the PCIe link's theoretical rate, one way
  kHostLinkBidir,        // host_link_bidir: a fraction of twice that (both directions at once)
  kMin,                  // min: an absolute floor in the benchmark's unit
  kMax,                  // max: an absolute ceiling in the benchmark's unit (latency, errors)
  kNone,                 // none: no floor; only the `unstable` limit is judged
  // reference: `value` is a measurement of a healthy GPU of this model (in the benchmark's unit)
  // and the floor is kReferenceFloorFraction of it: how DCGM derives a floor for a model without
  // a published one (docs/benchmarks.md "Matrix engines").
  kReference,
};
inline constexpr double kReferenceFloorFraction = 0.75;
std::string_view ToString(FloorBasis basis);  // "peak_mem_bw", ...

struct ThresholdRow {
  // Which GPUs: "*", a gfx target ("gfx942"), a PCI device id ("0x74a1") or the device name
  // as the runtime reports it ("NVIDIA H200"; case-insensitive).
  std::string gpu;
  std::string benchmark;  // "memory.triad", or a family glob "memory.*"
  FloorBasis basis = FloorBasis::kNone;
  double value = 0;  // the fraction, or the absolute floor / ceiling
  // The largest accepted distance of the median from the best, as a fraction of the best
  // (for stress.mixed: the largest coefficient of variation of its throughput); nullopt: not
  // judged.
  std::optional<double> unstable;
  std::string source;  // provenance, shown as evidence
  std::string origin;  // "checks/data/bench_thresholds.csv:12" or "FILE:3"
  // The input pattern the figure holds for (matrix.*: RVS publishes floors per matrix_init):
  // "random", "trig", or empty for any. A row with a pattern judges only a measurement whose
  // stated pattern (params.pattern) is of that kind (BenchPatternKind).
  std::string pattern;
  // The GPU partition the row holds for (PartitionLabel): "CPX" (that compute mode, any memory
  // mode) or "CPX/NPS4" (both), or empty for any GPU. A row with a partition judges only a GPU
  // whose sysfs partition modes (facts/partition.h) match, is more specific than the same row
  // without one, and is taken as written for that partition: a matrix floor is not scaled by the
  // partition's share of the compute units. `fleet baseline` writes such rows for a partitioned
  // fleet, since a CPX partition of an MI300X has 1/8 of its compute units.
  std::string partition;
};

// A partition as a threshold row, a report and a fleet group name it: the compute mode, with the
// memory mode after a slash when known ("CPX/NPS4", "SPX/NPS1", "CPX"); empty when the compute
// mode is unknown (the GPU has no partition modes).
std::string PartitionLabel(const std::optional<std::string>& compute,
                           const std::optional<std::string>& memory);

// The kind of input a measurement states in params.pattern: "random" ("uniform random in
// [-1, 1), splitmix64 seed 1"), "trig" (RVS's matrix_init trig), "zeros"; empty when it states
// none or another.
std::string BenchPatternKind(const Measurement& m);

// Datasheet figures of a GPU the AMD table does not hold.
struct ReferenceGpu {
  std::string name;  // the runtime's device name, matched case-insensitively
  std::optional<double> peak_mem_bw_gbs;
  std::optional<double> peak_fp32_tflops;
  std::optional<int> pcie_gen, pcie_width;
  std::optional<int> compute_units;
  std::string source;
};

class BenchThresholds {
 public:
  // The embedded tables. Built-in data that does not parse is a build bug; the tests parse it.
  static const BenchThresholds& Builtin();
  // A thresholds CSV; errors name `origin` and the line ("FILE:7: basis \"peak\" ...").
  static Result<BenchThresholds> Parse(std::string_view csv, const std::string& origin);
  static Result<std::vector<ReferenceGpu>> ParseReferences(std::string_view csv,
                                                           const std::string& origin);

  // A copy whose lookups try `overrides`' rows first.
  BenchThresholds WithOverrides(const BenchThresholds& overrides) const;
  // A copy whose lookups also try `rows` among the overrides, after the ones it has (a policy's
  // [[bench.floor]] rows, after --thresholds FILE's: the most specific row wins, the earlier on
  // a tie).
  BenchThresholds WithMoreOverrides(std::vector<ThresholdRow> rows) const;

  const std::vector<ThresholdRow>& rows() const { return rows_; }
  const std::vector<ThresholdRow>& override_rows() const { return overrides_; }
  const std::vector<ReferenceGpu>& references() const { return references_; }

 private:
  std::vector<ThresholdRow> rows_;
  std::vector<ThresholdRow> overrides_;
  std::vector<ReferenceGpu> references_;
};

// The GPU a bench run measured, with the datasheet figures it is judged against.
struct BenchGpu {
  std::string runtime_name;  // what the runtime calls it ("AMD Instinct MI300X")
  std::string gfx;           // base arch, "gfx942" / "sm_90"
  std::optional<std::uint16_t> pci_device_id;
  std::string model;             // the table's or reference's name; empty when unknown
  std::string datasheet_source;  // "checks/data/amd_gpus.csv (0x74a1 AMD Instinct MI300X)"
  // Datasheet figures, in base units, for this device: a partition (an MI250X GCD, an MI300X in
  // CPX mode) gets its share of the whole GPU's figures.
  std::optional<double> peak_memory_bps;
  std::optional<double> peak_fp32_flops;
  std::optional<double> partition_share;  // device CUs / the table's CUs, when below 1
  std::optional<int> pcie_gen, pcie_width;
  std::string link_source;                    // where gen and width came from
  std::string current_link;                   // "16.0 GT/s x16" from sysfs; empty when unknown
  // The partition modes of the GPU's PCI function (facts/partition.h), for rows with a
  // partition; nullopt when unknown or the GPU has none. Set by the caller: IdentifyBenchGpu
  // does not read them.
  std::optional<std::string> compute_partition, memory_partition;
  std::optional<double> HostLinkBps() const;  // theoretical one-way rate of gen x width
};

// Identifies the device of a run: the PCI function at its bus id (through the AMD table), else a
// reference row by name.
BenchGpu IdentifyBenchGpu(const BenchDevice& device, const PciInventory& pci, const GpuTable& table,
                          const BenchThresholds& thresholds);

// Theoretical one-way PCIe bandwidth in bytes/s after line encoding (8b/10b for Gen1-2,
// 128b/130b for Gen3-5, FLIT for Gen6): Gen4 x16 = 31.5 GB/s, Gen5 x16 = 63.0 GB/s.
std::optional<double> PcieBytesPerSecond(int gen, int width);
// 16.0 GT/s -> 4, 32.0 -> 5, ...
std::optional<int> PcieGenFromGts(double gts);

// A measurement against its threshold row.
struct BenchJudgement {
  const ThresholdRow* row = nullptr;  // nullptr: no row for this GPU and benchmark
  std::optional<double> limit;        // the floor (or ceiling, when `ceiling`) in the unit
  bool ceiling = false;
  std::optional<double> datasheet;        // the peak the floor is a fraction of, in the unit
  std::optional<double> percent_of_peak;  // 100 * median / datasheet
  std::string basis_text;             // "60% of the 5.30 TB/s datasheet peak", or why not judged
  bool judged = false;                // a limit applied
  bool out_of_limit = false;          // median below the floor / above the ceiling
  std::optional<double> instability;  // (best - median) / best, or the stress CV
  bool unstable = false;
};

// "4.15 TB/s", "66.2 TFLOP/s", "7.9 µs", "0 errors": a figure in its unit, three digits.
std::string FormatBenchFigure(double value, std::string_view unit);

BenchJudgement JudgeMeasurement(const Measurement& m, const BenchGpu& gpu,
                                const BenchThresholds& thresholds);

}  // namespace rocm_doctor
