// SPDX-License-Identifier: MIT
// The built-in benchmark thresholds, which row applies to a GPU, and the judgement of one
// measurement against it (include/rocm_doctor/bench_thresholds.h).
#include "rocm_doctor/bench_thresholds.h"

#include <fmt/format.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "base/text_parse.h"

namespace rocm_doctor {
namespace data {
extern const std::string_view kBenchThresholdsCsv;     // checks/data/bench_thresholds.csv
extern const std::string_view kBenchReferenceGpusCsv;  // checks/data/bench_reference_gpus.csv
}  // namespace data

namespace {

constexpr char kThresholdsFile[] = "checks/data/bench_thresholds.csv";
constexpr char kReferencesFile[] = "checks/data/bench_reference_gpus.csv";
constexpr char kGpuTableFile[] = "checks/data/amd_gpus.csv";
// A device with fewer CUs than this share of its table row is a partition of the GPU (an MI250X
// GCD is 1/2, an MI300X in CPX mode 1/8), not a GPU with a few CUs harvested.
constexpr double kPartitionBelow = 0.95;

// How specific a row's gpu key is for this GPU: name 3, PCI id 2, gfx 1, "*" 0; -1: no match.
int GpuRank(const std::string& key, const BenchGpu& gpu) {
  if (key == "*") return 0;
  const std::string lower = parse::Lower(key);
  if ((!gpu.runtime_name.empty() && lower == parse::Lower(gpu.runtime_name)) ||
      (!gpu.model.empty() && lower == parse::Lower(gpu.model))) {
    return 3;
  }
  if (gpu.pci_device_id && lower.rfind("0x", 0) == 0) {
    if (auto id = parse::Hex(lower); id && *id == *gpu.pci_device_id) return 2;
  }
  if (!gpu.gfx.empty() && lower == parse::Lower(gpu.gfx)) return 1;
  return -1;
}

int BenchmarkRank(const std::string& pattern, const Measurement& m) {
  if (pattern == m.name) return 2;
  if (pattern == std::string(m.Family()) + ".*") return 1;
  if (pattern == "*") return 0;
  return -1;
}

// A row's partition ("CPX" or "CPX/NPS4") against the GPU's modes: an unknown mode matches no
// row that names one, so a partition's baseline never judges a GPU it cannot place.
bool PartitionMatches(const std::string& partition, const BenchGpu& gpu) {
  if (partition.empty()) return true;
  const std::size_t slash = partition.find('/');
  if (!gpu.compute_partition || parse::Lower(*gpu.compute_partition) !=
                                    parse::Lower(partition.substr(0, slash))) {
    return false;
  }
  if (slash == std::string::npos) return true;
  return gpu.memory_partition &&
         parse::Lower(*gpu.memory_partition) == parse::Lower(partition.substr(slash + 1));
}

// A row with a pattern judges only a measurement that states that kind of input, a row with a
// partition only a GPU in that partition; each is more specific than the same row without it.
const ThresholdRow* FindRow(const std::vector<ThresholdRow>& rows, const BenchGpu& gpu,
                            const Measurement& m) {
  const ThresholdRow* best = nullptr;
  int best_rank = -1;
  const std::string kind = BenchPatternKind(m);
  for (const ThresholdRow& row : rows) {
    const int g = GpuRank(row.gpu, gpu);
    const int b = BenchmarkRank(row.benchmark, m);
    if (g < 0 || b < 0) continue;
    if (!row.pattern.empty() && row.pattern != kind) continue;
    if (!PartitionMatches(row.partition, gpu)) continue;
    const int rank = ((g * 3 + b) * 2 + (row.pattern.empty() ? 0 : 1)) * 2 +
                     (row.partition.empty() ? 0 : 1);
    if (rank > best_rank) {
      best = &row;
      best_rank = rank;
    }
  }
  return best;
}

}  // namespace

std::string PartitionLabel(const std::optional<std::string>& compute,
                           const std::optional<std::string>& memory) {
  if (!compute || compute->empty()) return {};
  return memory && !memory->empty() ? *compute + "/" + *memory : *compute;
}

std::string BenchPatternKind(const Measurement& m) {
  const std::optional<std::string> text = m.ParamText("pattern");
  if (!text) return {};
  const std::string lower = parse::Lower(*text);
  if (lower.find("trig") != std::string::npos || lower.find("sin(") != std::string::npos) {
    return "trig";
  }
  if (lower.find("random") != std::string::npos) return "random";
  if (lower.find("zero") != std::string::npos) return "zeros";
  return {};
}

std::string FormatBenchFigure(double value, std::string_view unit) {
  if (unit == "s") {
    if (value < 1e-3) return fmt::format("{:.1f} µs", value * 1e6);
    return fmt::format("{:.2f} ms", value * 1e3);
  }
  static constexpr std::pair<double, const char*> kScales[] = {
      {1e15, "P"}, {1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}};
  if (unit == "errors") return fmt::format("{:.0f} errors", value);
  if (unit == "launch/s") {
    return value >= 1e3 ? fmt::format("{:.3g}k launch/s", value / 1e3)
                        : fmt::format("{:.3g} launch/s", value);
  }
  for (const auto& [scale, prefix] : kScales) {
    if (value >= scale) return fmt::format("{:.3g} {}{}", value / scale, prefix, unit);
  }
  return fmt::format("{:.3g} {}", value, unit);
}

namespace {

std::string Percent(double fraction) { return fmt::format("{:.0f}%", fraction * 100); }

std::string Figure(double value, std::string_view unit) { return FormatBenchFigure(value, unit); }

}  // namespace

const BenchThresholds& BenchThresholds::Builtin() {
  static const BenchThresholds table = [] {
    auto rows = Parse(data::kBenchThresholdsCsv, kThresholdsFile);
    auto refs = ParseReferences(data::kBenchReferenceGpusCsv, kReferencesFile);
    if (!rows || !refs) {
      // Embedded data that does not parse is a build bug (test_bench parses both files).
      std::fprintf(stderr, "rocm-doctor: the built-in benchmark thresholds are broken: %s\n",
                   (!rows ? rows.error() : refs.error()).c_str());
      std::abort();
    }
    BenchThresholds t = std::move(rows).value();
    t.references_ = std::move(refs).value();
    return t;
  }();
  return table;
}

BenchThresholds BenchThresholds::WithOverrides(const BenchThresholds& overrides) const {
  BenchThresholds merged = *this;
  merged.overrides_ = overrides.rows_;
  return merged;
}

BenchThresholds BenchThresholds::WithMoreOverrides(std::vector<ThresholdRow> rows) const {
  BenchThresholds merged = *this;
  for (ThresholdRow& row : rows) merged.overrides_.push_back(std::move(row));
  return merged;
}

std::optional<int> PcieGenFromGts(double gts) {
  static constexpr std::pair<double, int> kRates[] = {{2.5, 1},  {5.0, 2},  {8.0, 3},
                                                      {16.0, 4}, {32.0, 5}, {64.0, 6}};
  for (const auto& [rate, gen] : kRates) {
    if (std::fabs(gts - rate) < 0.05) return gen;
  }
  return std::nullopt;
}

std::optional<double> PcieBytesPerSecond(int gen, int width) {
  // Usable bytes per second and lane: 2.5 and 5 GT/s with 8b/10b; 8, 16, 32 GT/s with
  // 128b/130b; 64 GT/s PAM4 with FLIT (121 GB/s per direction at x16).
  static constexpr double kLaneBytes[] = {
      0,         0.25e9, 0.5e9, 8e9 / 8 * 128 / 130, 16e9 / 8 * 128 / 130, 32e9 / 8 * 128 / 130,
      121e9 / 16};
  if (gen < 1 || gen > 6 || width < 1 || width > 32) return std::nullopt;
  return kLaneBytes[gen] * width;
}

std::optional<double> BenchGpu::HostLinkBps() const {
  if (!pcie_gen || !pcie_width) return std::nullopt;
  return PcieBytesPerSecond(*pcie_gen, *pcie_width);
}

BenchGpu IdentifyBenchGpu(const BenchDevice& device, const PciInventory& pci, const GpuTable& table,
                          const BenchThresholds& thresholds) {
  BenchGpu gpu;
  gpu.runtime_name = device.name.value_or("");
  gpu.gfx = device.BaseArch();
  const PciDevice* function = nullptr;
  if (device.pci_bus_id) {
    const std::string bdf = parse::Lower(*device.pci_bus_id);
    for (const PciDevice& d : pci.devices) {
      if (d.bdf == bdf) function = &d;
    }
  }
  std::optional<int> table_cus;
  if (function != nullptr && function->IsAmd() && function->device_id.known()) {
    gpu.pci_device_id = *function->device_id;
    std::optional<std::uint8_t> revision;
    if (function->revision.known()) revision = *function->revision;
    const GpuModel* model = table.Find(*function->device_id, revision);
    if (model != nullptr && !model->family_fallback) {
      gpu.model = model->name;
      gpu.datasheet_source =
          fmt::format("{} (0x{:04x} {})", kGpuTableFile, model->device_id, model->name);
      if (model->peak_mem_bw_gbs) gpu.peak_memory_bps = *model->peak_mem_bw_gbs * 1e9;
      if (model->peak_fp32_tflops) gpu.peak_fp32_flops = *model->peak_fp32_tflops * 1e12;
      gpu.pcie_gen = model->pcie_gen;
      gpu.pcie_width = model->pcie_width;
      table_cus = model->compute_units;
      if (gpu.pcie_gen) gpu.link_source = std::string(kGpuTableFile) + " host_link";
    }
  }
  if (gpu.model.empty() && !gpu.runtime_name.empty()) {
    for (const ReferenceGpu& ref : thresholds.references()) {
      if (parse::Lower(ref.name) != parse::Lower(gpu.runtime_name)) continue;
      gpu.model = ref.name;
      gpu.datasheet_source = std::string(kReferencesFile) + " (" + ref.name + ")";
      if (ref.peak_mem_bw_gbs) gpu.peak_memory_bps = *ref.peak_mem_bw_gbs * 1e9;
      if (ref.peak_fp32_tflops) gpu.peak_fp32_flops = *ref.peak_fp32_tflops * 1e12;
      gpu.pcie_gen = ref.pcie_gen;
      gpu.pcie_width = ref.pcie_width;
      table_cus = ref.compute_units;
      if (gpu.pcie_gen) gpu.link_source = std::string(kReferencesFile) + " host_link";
      break;
    }
  }
  if (table_cus && device.compute_units && *table_cus > 0 && *device.compute_units > 0) {
    const double share = static_cast<double>(*device.compute_units) / *table_cus;
    if (share < kPartitionBelow) {
      gpu.partition_share = share;
      if (gpu.peak_memory_bps) *gpu.peak_memory_bps *= share;
      if (gpu.peak_fp32_flops) *gpu.peak_fp32_flops *= share;
    }
  }
  if (function != nullptr) {
    // What the datasheet does not say, the link's own capability does.
    const bool need_gen = !gpu.pcie_gen, need_width = !gpu.pcie_width;
    if (need_gen && function->max_link_speed_gts.known()) {
      gpu.pcie_gen = PcieGenFromGts(*function->max_link_speed_gts);
    }
    if (need_width && function->max_link_width.known() && *function->max_link_width > 0) {
      gpu.pcie_width = *function->max_link_width;
    }
    if ((need_gen || need_width) && gpu.pcie_gen && gpu.pcie_width) {
      gpu.link_source = (gpu.link_source.empty() ? "" : gpu.link_source + " and ") +
                        "/sys/bus/pci/devices/" + function->bdf + "/max_link_*";
    }
    if (function->current_link_speed_gts.known() && function->current_link_width.known()) {
      gpu.current_link = fmt::format("{:.1f} GT/s x{}", *function->current_link_speed_gts,
                                     *function->current_link_width);
    }
  }
  return gpu;
}

BenchJudgement JudgeMeasurement(const Measurement& m, const BenchGpu& gpu,
                                const BenchThresholds& thresholds) {
  BenchJudgement j;
  j.row = FindRow(thresholds.override_rows(), gpu, m);
  if (j.row == nullptr) j.row = FindRow(thresholds.rows(), gpu, m);
  if (j.row == nullptr) {
    j.basis_text = "no threshold for " + m.name + " on this GPU";
    return j;
  }
  const ThresholdRow& row = *j.row;
  std::string peak_name;
  switch (row.basis) {
    case FloorBasis::kPeakMemoryBandwidth:
      j.datasheet = gpu.peak_memory_bps;
      peak_name = "datasheet memory bandwidth";
      break;
    case FloorBasis::kPeakFp32:
      j.datasheet = gpu.peak_fp32_flops;
      peak_name = "datasheet FP32 peak";
      break;
    case FloorBasis::kHostLink:
      j.datasheet = gpu.HostLinkBps();
      peak_name = "PCIe link's theoretical rate";
      break;
    case FloorBasis::kHostLinkBidir:
      if (auto one_way = gpu.HostLinkBps()) j.datasheet = 2 * *one_way;
      peak_name = "PCIe link's theoretical rate both ways";
      break;
    case FloorBasis::kMin:
      j.limit = row.value;
      j.basis_text = "floor " + Figure(row.value, m.unit);
      break;
    case FloorBasis::kMax:
      j.limit = row.value;
      j.ceiling = true;
      j.basis_text = "ceiling " + Figure(row.value, m.unit);
      break;
    case FloorBasis::kNone:
      j.basis_text = "no floor";
      break;
    case FloorBasis::kReference:
      j.limit = kReferenceFloorFraction * row.value;
      j.basis_text = Percent(kReferenceFloorFraction) + " of " + Figure(row.value, m.unit) +
                     " measured on a healthy GPU of this model (no published floor: derived as "
                     "DCGM derives one)";
      break;
  }
  // A published matrix floor is for the whole GPU as its vendor's tool sees it; a partition (an
  // MI300X in CPX mode, an MI250X GCD against the OAM's row) gets its share of the CUs.
  if (m.Family() == "matrix" && j.limit && gpu.partition_share && row.partition.empty() &&
      (row.basis == FloorBasis::kMin || row.basis == FloorBasis::kReference)) {
    *j.limit *= *gpu.partition_share;
    j.basis_text += fmt::format(", x {:.3g} for this partition's share of the compute units",
                                *gpu.partition_share);
  }
  if (!row.pattern.empty()) j.basis_text += " (" + row.pattern + " input)";
  if (!row.partition.empty()) j.basis_text += " (" + row.partition + " partition)";
  if (!peak_name.empty()) {
    if (!j.datasheet) {
      j.basis_text = "no " + peak_name + " known for this GPU";
    } else {
      j.limit = row.value * *j.datasheet;
      j.basis_text =
          Percent(row.value) + " of the " + Figure(*j.datasheet, m.unit) + " " + peak_name;
    }
  }
  if (j.datasheet && m.median && *j.datasheet > 0) {
    j.percent_of_peak = 100 * *m.median / *j.datasheet;
  }
  if (j.limit && m.median) {
    j.judged = true;
    j.out_of_limit = j.ceiling ? *m.median > *j.limit : *m.median < *j.limit;
  }
  if (row.unstable) {
    if (m.Family() == "stress") {
      // The helper's coefficients of variation over the stress intervals, of the arithmetic
      // and of the streaming half (src/hip/bench/stress.cu); the worse one counts.
      for (const char* key : {"flops_cv", "bandwidth_cv"}) {
        if (auto cv = m.ParamNumber(key); cv && (!j.instability || *cv > *j.instability)) {
          j.instability = cv;
        }
      }
    } else if (m.best && m.median && *m.best > 0 && m.unit != "errors") {
      j.instability =
          m.unit == "s" ? (*m.median - *m.best) / *m.best : (*m.best - *m.median) / *m.best;
    }
    if (j.instability) {
      j.judged = true;
      j.unstable = *j.instability > *row.unstable;
    }
  }
  return j;
}

}  // namespace rocm_doctor
