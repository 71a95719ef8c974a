// SPDX-License-Identifier: MIT
// BenchThresholds::Parse / ParseReferences: the CSV formats of checks/data/bench_thresholds.csv
// and checks/data/bench_reference_gpus.csv (checks/data/README.md). Each record is one line, so
// every error names the line; a user's --thresholds file gets the same strictness.
#include <cmath>
#include <map>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "knowledge/gpu_table_parse.h"
#include "knowledge/partition_modes.h"
#include "base/text_parse.h"
#include "rocm_doctor/bench_thresholds.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kThresholdColumns[] = {"gpu",      "benchmark", "basis",  "value",
                                                  "unstable", "source",    "pattern", "partition"};
// The formats before the pattern and the partition columns: a user's --thresholds file written
// for either (or a baseline of GPUs without partitions) still reads.
constexpr std::size_t kColumnsWithoutPattern = 6;
constexpr std::size_t kColumnsWithoutPartition = 7;
constexpr std::string_view kPatterns[] = {"random", "trig", "zeros"};
constexpr std::string_view kReferenceColumns[] = {
    "name", "peak_mem_bw_gbs", "peak_fp32_tflops", "host_link", "compute_units", "source"};
constexpr std::size_t kMaxRows = 10000;

struct Line {
  int number;
  std::vector<std::string> fields;
};

// The records of `csv`, one per non-blank, non-comment line, with their line numbers.
Result<std::vector<Line>> Records(std::string_view csv, const std::string& origin) {
  std::vector<Line> lines;
  int number = 0;
  std::size_t pos = 0;
  while (pos < csv.size()) {
    std::size_t end = csv.find('\n', pos);
    if (end == std::string_view::npos) end = csv.size();
    std::string_view text = csv.substr(pos, end - pos);
    pos = end + 1;
    ++number;
    if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
    if (parse::Trim(text).empty() || parse::Trim(text).front() == '#') continue;
    if (text.find('\0') != std::string_view::npos) {
      return Error{origin + ":" + std::to_string(number) + ": a NUL byte"};
    }
    auto records = gpu_table::ParseCsv(text);
    if (records.size() != 1 || !records[0]) {
      return Error{origin + ":" + std::to_string(number) +
                   ": not one CSV record (an unclosed quote, or text after a closing quote)"};
    }
    if (lines.size() >= kMaxRows) {
      return Error{origin + ": more than " + std::to_string(kMaxRows) + " rows"};
    }
    lines.push_back({number, std::move(*records[0])});
  }
  return lines;
}

// The header must name exactly `columns`, in order: a file written for another format is
// rejected instead of being half-read.
Result<bool> CheckHeader(const std::vector<Line>& lines, std::span<const std::string_view> columns,
                         const std::string& origin) {
  std::string expected;
  for (std::string_view c : columns) expected += (expected.empty() ? "" : ",") + std::string(c);
  if (lines.empty()) return Error{origin + ": empty (expected the header " + expected + ")"};
  const Line& header = lines.front();
  const bool old_thresholds = columns.data() == std::data(kThresholdColumns) &&
                              (header.fields.size() == kColumnsWithoutPattern ||
                               header.fields.size() == kColumnsWithoutPartition);
  bool same = header.fields.size() == columns.size() || old_thresholds;
  for (std::size_t i = 0; same && i < header.fields.size(); ++i) {
    same = parse::Trim(header.fields[i]) == columns[i];
  }
  if (!same) {
    return Error{origin + ":" + std::to_string(header.number) + ": the header must be " + expected};
  }
  return true;
}

std::optional<FloorBasis> BasisFrom(std::string_view text) {
  for (auto b :
       {FloorBasis::kPeakMemoryBandwidth, FloorBasis::kPeakFp32, FloorBasis::kHostLink,
        FloorBasis::kHostLinkBidir, FloorBasis::kMin, FloorBasis::kMax, FloorBasis::kNone,
        FloorBasis::kReference}) {
    if (ToString(b) == text) return b;
  }
  return std::nullopt;
}

bool IsFraction(FloorBasis basis) {
  return basis == FloorBasis::kPeakMemoryBandwidth || basis == FloorBasis::kPeakFp32 ||
         basis == FloorBasis::kHostLink || basis == FloorBasis::kHostLinkBidir;
}

// "CPX", "cpx/nps4": a compute partition mode amdgpu names (partition_modes.h), and a memory
// mode after a slash; returned in upper case as sysfs writes them.
std::optional<std::string> PartitionFrom(std::string_view text) {
  std::string upper(text);
  for (char& c : upper) c = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
  const std::size_t slash = upper.find('/');
  const std::string compute = upper.substr(0, slash);
  if (compute != "CPX" && !knowledge::PartitionsPerGpu(compute)) return std::nullopt;
  if (slash != std::string::npos && !knowledge::MemoryPartitions(upper.substr(slash + 1))) {
    return std::nullopt;
  }
  return upper;
}

// "memory.triad", "memory.*" or "*": the names the helper uses, or a family glob.
bool IsBenchmarkPattern(std::string_view text) {
  if (text == "*") return true;
  const std::size_t dot = text.find('.');
  if (dot == 0 || dot == std::string_view::npos || dot + 1 == text.size()) return false;
  std::string_view rest = text.substr(dot + 1);
  auto word = [](std::string_view w) {
    for (char c : w) {
      if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
    }
    return !w.empty();
  };
  return word(text.substr(0, dot)) && (rest == "*" || word(rest));
}

}  // namespace

std::string_view ToString(FloorBasis basis) {
  switch (basis) {
    case FloorBasis::kPeakMemoryBandwidth:
      return "peak_mem_bw";
    case FloorBasis::kPeakFp32:
      return "peak_fp32";
    case FloorBasis::kHostLink:
      return "host_link";
    case FloorBasis::kHostLinkBidir:
      return "host_link_bidir";
    case FloorBasis::kMin:
      return "min";
    case FloorBasis::kMax:
      return "max";
    case FloorBasis::kNone:
      return "none";
    case FloorBasis::kReference:
      return "reference";
  }
  return "none";
}

Result<BenchThresholds> BenchThresholds::Parse(std::string_view csv, const std::string& origin) {
  auto lines = Records(csv, origin);
  if (!lines) return Error{lines.error()};
  auto header = CheckHeader(*lines, kThresholdColumns, origin);
  if (!header) return Error{header.error()};
  BenchThresholds table;
  std::map<std::tuple<std::string, std::string, std::string, std::string>, int> seen;
  for (std::size_t i = 1; i < lines->size(); ++i) {
    const Line& line = (*lines)[i];
    const std::string at = origin + ":" + std::to_string(line.number) + ": ";
    const std::size_t columns = lines->front().fields.size();
    if (line.fields.size() != columns) {
      return Error{at + std::to_string(line.fields.size()) + " fields, expected " +
                   std::to_string(columns)};
    }
    ThresholdRow row;
    row.gpu = std::string(parse::Trim(line.fields[0]));
    row.benchmark = std::string(parse::Trim(line.fields[1]));
    if (row.gpu.empty() || row.gpu.size() > 128) return Error{at + "gpu is empty or too long"};
    if (!IsBenchmarkPattern(row.benchmark)) {
      return Error{at + "benchmark \"" + row.benchmark +
                   "\" is not a benchmark name (memory.triad), a family (memory.*) or *"};
    }
    auto basis = BasisFrom(parse::Trim(line.fields[2]));
    if (!basis) {
      return Error{at + "basis \"" + std::string(parse::Trim(line.fields[2])) +
                   "\", expected peak_mem_bw, peak_fp32, host_link, host_link_bidir, min, max, "
                   "none or reference"};
    }
    row.basis = *basis;
    const std::string_view value_text = parse::Trim(line.fields[3]);
    if (row.basis == FloorBasis::kNone) {
      if (!value_text.empty()) return Error{at + "basis none takes no value"};
    } else {
      auto value = parse::Decimal(value_text);
      if (!value) {
        return Error{at + "value \"" + std::string(value_text) + "\" is not a number >= 0"};
      }
      if (IsFraction(row.basis) && *value > 1.5) {
        return Error{at + "value " + std::string(value_text) + " is a fraction of a peak and " +
                     "must be at most 1.5 (0.6 = 60%)"};
      }
      row.value = *value;
    }
    if (std::string_view u = parse::Trim(line.fields[4]); !u.empty()) {
      row.unstable = parse::Decimal(u);
      if (!row.unstable || *row.unstable > 10) {
        return Error{at + "unstable \"" + std::string(u) + "\" is not a fraction >= 0"};
      }
    }
    if (row.basis == FloorBasis::kNone && !row.unstable) {
      return Error{at + "basis none without an unstable limit judges nothing"};
    }
    row.source = std::string(parse::Trim(line.fields[5]));
    row.origin = origin + ":" + std::to_string(line.number);
    if (columns > kColumnsWithoutPattern) {
      row.pattern = std::string(parse::Trim(line.fields[6]));
      bool known = row.pattern.empty();
      for (std::string_view p : kPatterns) known |= row.pattern == p;
      if (!known) {
        return Error{at + "pattern \"" + row.pattern + "\", expected random, trig, zeros or empty"};
      }
    }
    if (columns > kColumnsWithoutPartition) {
      if (std::string_view text = parse::Trim(line.fields[7]); !text.empty()) {
        auto partition = PartitionFrom(text);
        if (!partition) {
          return Error{at + "partition \"" + std::string(text) +
                       "\", expected a compute partition mode (SPX, DPX, TPX, QPX, CPX), "
                       "optionally with a memory mode after a slash (CPX/NPS4), or empty"};
        }
        row.partition = *partition;
      }
    }
    auto [it, inserted] = seen.emplace(
        std::tuple{parse::Lower(row.gpu), row.benchmark, row.pattern, row.partition}, line.number);
    if (!inserted) {
      return Error{at + "gpu " + row.gpu + " and benchmark " + row.benchmark +
                   (row.pattern.empty() ? std::string() : " (pattern " + row.pattern + ")") +
                   (row.partition.empty() ? std::string() : " (partition " + row.partition + ")") +
                   " repeat line " + std::to_string(it->second)};
    }
    table.rows_.push_back(std::move(row));
  }
  return table;
}

Result<std::vector<ReferenceGpu>> BenchThresholds::ParseReferences(std::string_view csv,
                                                                   const std::string& origin) {
  auto lines = Records(csv, origin);
  if (!lines) return Error{lines.error()};
  auto header = CheckHeader(*lines, kReferenceColumns, origin);
  if (!header) return Error{header.error()};
  std::vector<ReferenceGpu> refs;
  for (std::size_t i = 1; i < lines->size(); ++i) {
    const Line& line = (*lines)[i];
    const std::string at = origin + ":" + std::to_string(line.number) + ": ";
    if (line.fields.size() != std::size(kReferenceColumns)) {
      return Error{at + std::to_string(line.fields.size()) + " fields, expected " +
                   std::to_string(std::size(kReferenceColumns))};
    }
    ReferenceGpu ref;
    ref.name = std::string(parse::Trim(line.fields[0]));
    if (ref.name.empty()) return Error{at + "name is empty"};
    auto number = [&](std::size_t column, std::optional<double>& out) {
      std::string_view text = parse::Trim(line.fields[column]);
      if (text.empty()) return true;
      out = parse::Decimal(text);
      return out.has_value();
    };
    std::optional<double> cus;
    if (!number(1, ref.peak_mem_bw_gbs) || !number(2, ref.peak_fp32_tflops) || !number(4, cus)) {
      return Error{at + "a datasheet figure is not a number >= 0"};
    }
    if (cus) ref.compute_units = static_cast<int>(*cus);
    if (std::string_view link = parse::Trim(line.fields[3]); !link.empty()) {
      const gpu_table::HostLink parsed = gpu_table::ParseHostLink(link);
      if (!parsed.gen) return Error{at + "host_link \"" + std::string(link) + "\" is not PCIe"};
      ref.pcie_gen = parsed.gen;
      ref.pcie_width = parsed.width;
    }
    ref.source = std::string(parse::Trim(line.fields[5]));
    refs.push_back(std::move(ref));
  }
  return refs;
}

}  // namespace rocm_doctor
