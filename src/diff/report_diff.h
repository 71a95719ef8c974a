// SPDX-License-Identifier: MIT
#pragma once
// rocm-doctor diff BASE.json CURRENT.json: what changed between two JSON reports (docs/diff.md).
// The reports are read by the fleet's reader (fleet::ReadNodeReport with ReportDetails); this
// file holds the comparison as pure data, which the renderers in diff_reporters.h print.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fleet/node_report.h"
#include "rocm_doctor/result.h"

namespace rocm_doctor::diff {

// One report as read from its file.
struct DiffSide {
  std::string file;  // as given on the command line
  fleet::NodeReport node;
  fleet::ReportDetails details;
};

// Reads and validates one report (at most fleet::kMaxReportBytes). Errors name the file: not
// found, not a regular file, too large, not JSON (with the byte offset), not a rocm-doctor
// report, a newer schema_version, or an error report (the run failed before checking).
Result<DiffSide> ReadDiffSide(const std::string& path);

// How one item moved from the base to the current report.
enum class Change {
  kNone,         // the same (figures: within the noise band)
  kRegression,   // worse: a status moved up, a root cause appeared, a figure fell beyond noise
  kImprovement,  // better
  kChanged,      // different, neither better nor worse (a version, fail -> unknown)
  kAdded,        // only in the current report
  kRemoved,      // only in the base report
  // Judged in the base, skipped in the current report (fail -> skip, pass -> skip): the check
  // stopped being judged (blocked by another failure, not recorded, not selected), so nothing is
  // known about it now. Neither better nor worse: a failure that is merely no longer looked at
  // must not pass for a fix.
  kNoLongerChecked,
};
std::string_view ToString(Change change);  // "none", "regression", ..., "no_longer_checked"
// For people: "no longer checked" for kNoLongerChecked, else ToString.
std::string_view ChangeWords(Change change);

struct CheckChange {
  std::string id, layer, title;
  std::optional<std::string> base, current;  // statuses; nullopt where the check is absent
  std::string summary;  // the current report's summary (the base's for a check that is gone)
  Change change = Change::kNone;
};

struct RootCauseChange {
  std::string code, check, message;     // message: from the report that has it
  // kRegression: appeared; kImprovement: cleared; kNoLongerChecked: gone because its check is
  // skipped in the current report (not judged, so not cleared).
  Change change = Change::kRegression;
};
// "appeared", "cleared", "no longer checked".
std::string_view RootCauseWords(Change change);

struct VersionChange {
  std::string component;  // "kernel", "os", "ROCm", then report.versions' components
  std::string layer;      // "host" for the host fields
  std::optional<std::string> base, current;
  Change change = Change::kChanged;  // kChanged, kAdded, kRemoved
};

// Which way is better for a figure: from the report's limit_kind (floor: higher, ceiling: lower)
// when it was judged, else from its unit (B/s, FLOP/s, launch/s higher; s, errors lower).
enum class Better { kHigher, kLower, kUnknown };
std::string_view ToString(Better better);  // "higher", "lower", "unknown"

struct FigureChange {
  std::string name;  // "memory.triad"
  std::string unit;
  std::string device;  // how it was matched, for people: "device 0", "0000:0c:00.0"
  std::optional<std::string> device_name;
  std::optional<std::string> base_pci, current_pci;
  std::optional<std::int64_t> base_device, current_device;
  std::string base_status, current_status;  // the helper's: "ok", "timeout", ...; "" if absent
  std::string statistic;                    // "median", or "best" when a report has no median
  std::optional<double> base, current;      // the figures compared, in `unit`
  std::optional<double> ratio;              // current / base
  std::optional<double> base_spread, current_spread;  // (best - worst) / median of each run
  std::optional<double> band;  // the noise band, a fraction: regressed beyond 1 -/+ band
  std::string band_basis;      // "spread", "default" (no spread in either), "minimum"
  Better better = Better::kUnknown;
  Change change = Change::kNone;
  std::string note;  // "now timeout: ...", "skipped in the base: ...", why not compared
};

struct SideSummary {
  std::string file, node, verdict, started_at;
  std::optional<std::string> hostname, sysroot, tool_version;
  std::optional<int> exit_code;
};

struct ReportDiff {
  SideSummary base, current;
  // Both reports name a host: whether it is the same one. nullopt when one does not (a replayed
  // machine, a redacted report).
  std::optional<bool> same_host;
  Change verdict_change = Change::kNone;
  std::vector<RootCauseChange> root_causes;
  std::vector<CheckChange> checks;  // only the checks whose status moved, new or gone
  std::size_t checks_unchanged = 0;
  std::vector<VersionChange> versions;  // only the versions that differ
  bool base_has_versions = false, current_has_versions = false;
  std::vector<FigureChange> figures;  // every figure of either report, current order first
  std::size_t regressions = 0, improvements = 0;
  bool Regressed() const { return regressions > 0; }
};

struct DiffOptions {
  double default_band = 0.05;  // a figure with no spread in either report
  // The band is never narrower than this: a run's spread only sees batch-to-batch noise, not
  // the drift between runs (docs/diff.md has the H200 figures behind the default).
  double min_band = 0.01;
};

ReportDiff CompareReports(const DiffSide& base, const DiffSide& current,
                          const DiffOptions& options = {});

// The benchmark part, on its own for tests: matches the rows of two reports by benchmark name
// and device (PCI address, else runtime ordinal, of the same GPU model) and judges each pair.
std::vector<FigureChange> CompareFigures(
    const std::vector<fleet::ReportDetails::Benchmark>& base,
    const std::vector<fleet::ReportDetails::Benchmark>& current, const DiffOptions& options = {});

// One pair (either may be null, not both).
FigureChange JudgeFigure(const fleet::ReportDetails::Benchmark* base,
                         const fleet::ReportDetails::Benchmark* current,
                         const DiffOptions& options = {});

// A check's or verdict's status move: up the scale pass/info/skip < warn < unknown/timeout/
// error < fail is a regression, down it an improvement unless it lands on "could not tell" (a
// change) or on skip (no longer checked: fail -> skip is not a fix).
Change CompareStatus(const std::string& base, const std::string& current);

}  // namespace rocm_doctor::diff
