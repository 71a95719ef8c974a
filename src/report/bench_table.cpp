// SPDX-License-Identifier: MIT
// The terminal's table of benchmark figures: per device, what each benchmark measured (median and
// best), what it is held to (floor or ceiling), the datasheet figure, % of peak and the verdict.
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "report/terminal_layout.h"
#include "report/terminal_style.h"
#include "rocm_doctor/bench_thresholds.h"
#include "rocm_doctor/reporters.h"

namespace rocm_doctor {
namespace {

using namespace terminal;  // colour codes, Columns, Pad

std::string TrimRight(std::string text) {
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

std::string Figure(const std::optional<double>& value, std::string_view unit) {
  return value ? FormatBenchFigure(*value, unit) : std::string("—");
}

struct VerdictText {
  std::string text;
  std::string_view color;
};

VerdictText VerdictOf(const BenchmarkResult& b) {
  switch (b.verdict) {
    case Status::kPass:
      return {"✓ pass", kGreen};
    case Status::kWarn:
      return {"! warn", kYellow};
    case Status::kFail:
      return {"✗ fail", kRed};
    case Status::kSkip:
      return {"- " + (b.reason ? "skipped: " + *b.reason : std::string("skipped")), kDim};
    case Status::kInfo:
      return {"i not judged", kCyan};
    case Status::kUnknown:
    case Status::kTimeout:
    case Status::kError:
      return {"? " + b.status, kYellow};
  }
  return {"?", kYellow};
}

// "20 batches × 5, 3.22 GB per launch, clock 1980 MHz, verified": what a figure rests on (-v).
std::string Details(const BenchmarkResult& b) {
  std::vector<std::string> parts;
  if (b.samples && b.iterations) {
    parts.push_back(fmt::format("{} batches × {}", *b.samples, *b.iterations));
  }
  if (b.bytes)
    parts.push_back(FormatBenchFigure(static_cast<double>(*b.bytes), "B") + " per launch");
  if (b.clock_mhz_seen) parts.push_back(fmt::format("clock {} MHz", *b.clock_mhz_seen));
  if (b.verified) parts.push_back(*b.verified ? "verified" : "NOT verified");
  if (b.spread) parts.push_back(fmt::format("spread {:.1f}%", *b.spread * 100));
  if (!b.basis.empty()) parts.push_back(b.basis);
  if (!b.threshold.empty()) parts.push_back(b.threshold);
  if (b.params_json.size() > 2) parts.push_back(b.params_json);
  return fmt::format("{}", fmt::join(parts, " · "));
}

}  // namespace

void WriteBenchTable(const Report& report, std::ostream& out, const TerminalStyle& style) {
  if (report.benchmarks.empty()) return;
  const Painter paint(style.color);
  constexpr std::size_t kColumns = 7;
  struct Row {
    const BenchmarkResult* result;
    std::string cells[kColumns];
  };
  std::vector<Row> rows;
  for (const BenchmarkResult& b : report.benchmarks) {
    Row row{&b, {}};
    row.cells[0] = b.name;
    row.cells[1] = Figure(b.median, b.unit);
    // The clock a compute figure was reached at, beside it (issue 17): the helper's sustained
    // clock (median over the telemetry samples), else the shader clock it read.
    const bool compute = b.unit == "FLOP/s" || b.unit == "OP/s";
    const std::optional<std::int64_t> clock =
        b.sustained_clock_mhz ? b.sustained_clock_mhz : b.clock_mhz_seen;
    row.cells[2] = compute && clock && b.median ? fmt::format("{} MHz", *clock) : std::string();
    row.cells[3] = Figure(b.best, b.unit);
    row.cells[4] =
        b.limit ? (b.limit_is_ceiling ? "≤ " : "≥ ") + Figure(b.limit, b.unit) : std::string("—");
    row.cells[5] = Figure(b.datasheet, b.unit);
    row.cells[6] =
        b.percent_of_peak ? fmt::format("{:.0f}%", *b.percent_of_peak) : std::string("—");
    rows.push_back(std::move(row));
  }
  static constexpr std::string_view kHeads[kColumns] = {"benchmark", "median",    "clock", "best",
                                                        "limit",     "datasheet", "peak"};
  std::size_t width[kColumns];
  for (std::size_t c = 0; c < kColumns; ++c) {
    width[c] = Columns(kHeads[c]);
    for (const Row& r : rows) width[c] = std::max(width[c], Columns(r.cells[c]));
    width[c] += 2;
  }
  // The table fits the page (COLUMNS, the tty, else 100) as the rest of the report does: on a
  // narrow page the columns a reader can spare go first (best, then datasheet, clock, peak:
  // median, limit and verdict judge the figure); then the verdict, and the rightmost columns
  // while the line is still too wide, fold to a second line under each row ("under").
  const std::size_t page = style.width != 0 ? style.width : ProcessPageWidth();
  bool shown[kColumns] = {true, true, true, true, true, true, true};
  bool under[kColumns] = {};
  const auto lead = [&] {
    std::size_t columns = 2;
    for (std::size_t c = 0; c < kColumns; ++c) columns += shown[c] ? width[c] : 0;
    return columns;
  };
  constexpr std::size_t kVerdictRoom = 12;  // "i not judged", the longest verdict but a reason
  for (std::size_t spare : {3u, 5u, 2u, 6u}) {
    if (lead() + kVerdictRoom <= page) break;
    shown[spare] = false;
  }
  const bool fold = lead() + kVerdictRoom > page;
  for (std::size_t c = kColumns - 1; fold && c > 0 && lead() > page; --c) {
    under[c] = shown[c];
    shown[c] = false;
  }
  const std::size_t verdict_at = lead();
  std::string header = "  ";
  std::string header_under = "    ";
  for (std::size_t c = 0; c < kColumns; ++c) {
    if (shown[c]) header += Pad(kHeads[c], width[c]);
    if (under[c]) header_under += Pad(kHeads[c], width[c]);
  }
  header = fold ? TrimRight(header) + "\n" + header_under + "verdict" : header + "verdict";

  std::optional<std::int64_t> current;
  bool first = true;
  for (const Row& r : rows) {
    const BenchmarkResult& b = *r.result;
    if (first || b.device != current) {
      std::vector<std::string> parts{"Benchmarks"};
      if (b.device) parts.push_back("device " + std::to_string(*b.device));
      if (b.device_name) parts.push_back(*b.device_name);
      if (b.pci) parts.push_back(*b.pci);
      out << (first ? "" : "\n")
          << paint(Wrap(fmt::format("{}", fmt::join(parts, " · ")), page, 0, "  "), kBold) << '\n'
          << paint(header, kDim) << '\n';
      current = b.device;
      first = false;
    }
    std::string line = "  ";
    std::string folded = "    ";  // the second line of a folded row: its columns under it
    for (std::size_t c = 0; c < kColumns; ++c) {
      if (shown[c]) line += Pad(r.cells[c], width[c]);
      if (under[c]) folded += Pad(r.cells[c], width[c]);
    }
    const VerdictText v = VerdictOf(b);
    // A verdict longer than what the line has left (a skip's reason) also goes under its row.
    if (fold || verdict_at + Columns(v.text) > page) {
      out << TrimRight(line) << '\n'
          << folded << paint(Wrap(v.text, page, Columns(folded), "      "), v.color) << '\n';
    } else {
      out << line << paint(v.text, v.color) << '\n';
    }
    if (style.verbose) {
      const std::string details = Details(b);
      if (!details.empty())
        out << paint("      " + Wrap(details, page, 6, "        "), kDim) << '\n';
    }
  }
  out << '\n';
}

}  // namespace rocm_doctor
