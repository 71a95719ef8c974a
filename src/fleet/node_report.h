// SPDX-License-Identifier: MIT
#pragma once
// What a fleet summary keeps of one node's JSON report (rocm-doctor check --format json,
// docs/report.schema.json): a few strings and the benchmark figures, not the evidence, so ten
// thousand nodes fit in a few megabytes.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rocm_doctor/result.h"

namespace rocm_doctor::fleet {

// One benchmark figure of one GPU: the median of the helper's timed batches (its best when the
// report has no median), in the report's base unit.
struct BenchFigure {
  std::string name;   // "memory.triad"
  std::string unit;   // "B/s", "FLOP/s", "s", "launch/s", "errors"
  std::string gpu;    // which GPU of the node: "0000:c1:00.0", else "device 0"
  std::string model;  // "AMD Instinct MI300X"; figures are compared within one model only,
                      // and one `partition` (below)
  double value = 0;
  // What the node's own run judged it against: the floor (or ceiling), the row it came from
  // ("checks/data/bench_thresholds.csv:19") and the verdict ("pass", "fail", "info").
  std::optional<double> limit;
  bool ceiling = false;
  std::string threshold, verdict;
  // The partition of the GPU at `gpu` in the report's gpus[] (compute_partition,
  // memory_partition): "CPX/NPS4" (PartitionLabel). Empty when the report does not say (a GPU
  // without partition modes, an older report), and then the model alone is the group.
  std::string partition;
};

struct NodeReport {
  std::string node;     // host.hostname, else the report's file name without ".json"
  std::string source;   // the file it came from
  std::string verdict;  // "pass", "warn", "fail", "unknown"
  std::optional<int> exit_code;
  std::string started_at;  // ISO 8601; the later report of a node wins
  std::optional<std::string> tool_version, kernel, os, rocm_release;
  std::vector<std::string> root_causes;  // codes, most basic first
  std::string root_cause_message;        // the first root cause's message
  // Codes of the failing, warning or indeterminate findings of every check, sorted, unique.
  std::vector<std::string> problem_codes;
  std::vector<std::string> gpu_models;  // one per GPU: the table's name, else gfx, else the ID
  std::vector<BenchFigure> figures;
  // An error report (`{"verdict": "unknown", "error": ...}`): the run failed before checking.
  std::optional<std::string> run_error;
};

// What `rocm-doctor diff` reads beyond a fleet's NodeReport (src/diff/): every check's status,
// the root causes, the component versions and every benchmark row whatever its status. Only
// filled when asked for, so a fleet of ten thousand reports does not keep it.
struct ReportDetails {
  struct Check {
    std::string id, layer, title, status, summary;
  };
  struct RootCause {
    std::string code, check, status, message;
  };
  struct Version {
    std::string component, layer, version, source;  // report.versions[]
  };
  struct Benchmark {
    std::string check, name, unit, status;  // status: the helper's ("ok", "timeout", ...)
    std::optional<std::int64_t> device;     // runtime ordinal
    std::optional<std::string> device_name, pci, reason, limit_kind, verdict;
    std::optional<double> best, median, worst, spread;  // spread: (best - worst) / median
    std::optional<std::int64_t> samples;
  };
  std::optional<std::string> hostname, sysroot;
  std::vector<Check> checks;
  std::vector<RootCause> root_causes;
  bool has_versions = false;  // the report has a versions array (older reports do not)
  std::vector<Version> versions;
  std::vector<Benchmark> benchmarks;
};

// Parses one report. `fallback_node` names the node when the report has no hostname (a replayed
// machine, a redacted report). Errors: not JSON (with the byte offset), not a rocm-doctor report,
// a newer schema_version. An error report is a node whose run failed (run_error), not an error.
// With `details`, also fills it (cleared first).
Result<NodeReport> ReadNodeReport(std::string_view text, std::string_view fallback_node,
                                  ReportDetails* details = nullptr);

}  // namespace rocm_doctor::fleet
