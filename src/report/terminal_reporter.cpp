// SPDX-License-Identifier: MIT
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "report/terminal_layout.h"
#include "report/terminal_style.h"
#include "report/text_escape.h"
#include "rocm_doctor/reporters.h"

namespace rocm_doctor {
namespace {

using namespace terminal;  // colour codes, Columns, Pad, Painter

struct Mark {
  std::string_view glyph;
  std::string_view color;
};

Mark MarkFor(Status status) {
  switch (status) {
    case Status::kPass:
      return {"✓", kGreen};
    case Status::kInfo:
      return {"i", kCyan};
    case Status::kWarn:
      return {"!", kYellow};
    case Status::kFail:
      return {"✗", kRed};
    case Status::kSkip:
      return {"-", kDim};
    case Status::kUnknown:
    case Status::kTimeout:
    case Status::kError:
      return {"?", kYellow};
  }
  return {"?", kYellow};
}

// Machine text on one line: a newline in a file name or a message would start a line of the
// page that looks like the doctor's own (a fake "Fix:" or a bare `rm -rf ~`).
std::string OneLine(std::string text) {
  for (char& c : text) {
    if (c == '\n' || c == '\t') c = ' ';
  }
  return text;
}

// Where the text of an indented block starts; below this many columns for the text itself, a
// block is indented less rather than become a column of single words.
constexpr std::size_t kMinTextColumns = 30;

std::string IndentFor(std::size_t width, std::size_t indent, std::size_t narrow_indent) {
  return std::string(width >= indent + kMinTextColumns ? indent : narrow_indent, ' ');
}

void WriteHeader(const Report& report, std::ostream& out, const Painter& paint) {
  std::vector<std::string> parts{fmt::format("rocm-doctor {}", report.tool_version)};
  if (report.host.kernel) parts.push_back("Linux " + *report.host.kernel);
  if (report.host.os) parts.push_back(*report.host.os);
  if (report.host.user) parts.push_back("user " + *report.host.user);
  out << paint(OneLine(fmt::format("{}", fmt::join(parts, " · "))), kBold) << '\n';
  if (report.host.sysroot) out << paint(OneLine("replaying " + report.host.system), kDim) << '\n';
  if (report.policy) {
    std::string line = "policy " + report.policy->name + " (" + report.policy->path + ")";
    std::size_t waived = report.policy->waived_findings;
    if (waived > 0) line += fmt::format(", {} finding{} waived", waived, waived == 1 ? "" : "s");
    out << paint(OneLine(line), kDim) << '\n';
  }
  if (report.redacted) {
    std::vector<std::string> kinds;
    for (const RedactionSummary& r : *report.redacted) {
      kinds.push_back(fmt::format("{} {}", r.values, r.kind));
    }
    out << paint("redacted: " + (kinds.empty() ? std::string("nothing identifying found")
                                               : fmt::format("{}", fmt::join(kinds, ", "))),
                 kDim)
        << '\n';
  }
  out << '\n';
}

void WriteEvidence(const std::vector<Evidence>& evidence, std::ostream& out, const Painter& paint,
                   std::string_view indent, std::size_t width) {
  for (const Evidence& e : evidence) {
    std::string line = fmt::format("{}{}: {}", indent, e.source, e.observed);
    if (!e.expected.empty()) line += fmt::format(" (expected {})", e.expected);
    out << paint(Wrap(line, width, 0, std::string(indent) + "  "), kDim) << '\n';
  }
}

void WriteRootCauses(const Report& report, std::ostream& out, const Painter& paint, bool verbose,
                     std::size_t width) {
  std::map<std::string, std::string> titles;
  for (const CheckRecord& r : report.checks) titles[r.id] = r.title;
  // Several GPUs with the same finding are one block, "8 GPUs: ..." (Report::root_cause_groups).
  for (const RootCauseGroup& group : report.root_cause_groups) {
    const RootCause& cause = report.root_causes[group.members.front()];
    Mark mark = MarkFor(cause.finding.status);
    out << paint(fmt::format("{} Root cause", mark.glyph), mark.color) << "  "
        << paint(cause.finding.code, kBold) << '\n';
    if (!group.gpus_line.empty()) out << "  " << Wrap(group.gpus_line, width, 2, "  ") << '\n';
    out << "  " << Wrap(group.message, width, 2, "  ") << '\n';
    for (std::size_t i = 0; i < cause.symptoms.size() && i < group.symptoms.size(); ++i) {
      out << "  "
          << Wrap("This is why " + titles[cause.symptoms[i].check_id] +
                      " says: " + group.symptoms[i],
                  width, 2, "  ")
          << '\n';
    }
    const Remediation& fix = cause.remediation;
    if (!fix.text.empty()) out << "  " << paint(Wrap(fix.text, width, 2, "  "), kDim) << '\n';
    // Each command exactly as it is pasted, on one line whatever the width: "needs root" and
    // "then reboot" are its own trailing comment (rocm_doctor/fix_marks.h), never text after it
    // that the shell would read.
    const std::vector<std::string>& commands = group.commands;
    for (std::size_t i = 0; i < commands.size(); ++i) {
      out << "  " << (i == 0 ? "Fix:   " : "       ") << paint(OneLine(commands[i]), kBold) << '\n';
    }
    if (verbose) {
      for (std::size_t member : group.members) {
        WriteEvidence(report.root_causes[member].finding.evidence, out, paint, "    ", width);
      }
    }
    out << '\n';
  }
}

void WriteChecks(const Report& report, std::ostream& out, const Painter& paint, bool verbose,
                 std::size_t page_width) {
  // Root-cause findings were printed in full above; a check's line does not repeat them.
  std::set<std::pair<std::string, std::string>> shown;
  for (const RootCause& c : report.root_causes) shown.emplace(c.check_id, c.finding.message);
  std::size_t width = 0;
  for (const CheckRecord& r : report.checks) width = std::max(width, Columns(r.title));
  width += 2;
  std::map<std::string, std::string> titles;
  for (const CheckRecord& r : report.checks) titles[r.id] = r.title;

  for (Layer layer : {Layer::kHardware, Layer::kDriver, Layer::kRuntime, Layer::kLibraries,
                      Layer::kFrameworks, Layer::kBenchmarks, Layer::kPolicy}) {
    std::vector<const CheckRecord*> in_layer;
    for (const CheckRecord& r : report.checks) {
      if (r.layer == layer) in_layer.push_back(&r);
    }
    if (in_layer.empty()) continue;
    out << paint(LayerTitle(layer), kBold) << '\n';
    // Checks blocked by one failure are one line ("- 9 checks  skipped: blocked by GPUs"),
    // not a wall of skips; -v lists them all.
    std::map<std::string, std::size_t> blocked_count;
    // A symptom check ran despite its failed prerequisite; only skipped ones are grouped.
    auto grouped = [](const CheckRecord* r) {
      return !r->blocked_by.empty() && r->outcome.status == Status::kSkip;
    };
    for (const CheckRecord* r : in_layer) {
      if (grouped(r)) ++blocked_count[r->blocked_by];
    }
    std::set<std::string> grouped_shown;
    for (const CheckRecord* r : in_layer) {
      if (!verbose && grouped(r) && blocked_count[r->blocked_by] > 1) {
        if (!grouped_shown.insert(r->blocked_by).second) continue;
        std::string label = fmt::format("{} checks", blocked_count[r->blocked_by]);
        out << "  " << paint("-", kDim) << ' ' << Pad(label, width)
            << paint("skipped: blocked by " + titles[r->blocked_by], kDim) << '\n';
        continue;
      }
      Mark mark = MarkFor(r->outcome.status);
      std::string summary = OneLine(r->outcome.summary);
      if (r->outcome.status == Status::kSkip) summary = "skipped: " + summary;
      if (r->outcome.status != Status::kSkip && !r->blocked_by.empty()) {
        summary += " (because of " + titles[r->blocked_by] + ")";
      }
      std::vector<std::string> waived;
      for (const Finding& f : r->outcome.findings) {
        if (f.waived) waived.push_back(f.code);
      }
      if (!waived.empty()) summary += fmt::format(" (waived: {})", fmt::join(waived, ", "));
      // The summary wraps under itself, in the column after the titles.
      const std::string indent = IndentFor(page_width, 4 + width, 6);
      summary = Wrap(summary, page_width, 4 + width, indent);
      out << "  " << paint(mark.glyph, mark.color) << ' ' << Pad(r->title, width)
          << (r->outcome.status == Status::kSkip ? paint(summary, kDim) : summary) << '\n';
      // A check that found nothing wrong is its one line (runtime.tools lists every tool it
      // found as an info finding); -v shows them.
      // -v: what the check read, under its line (a pass's evidence).
      if (verbose) WriteEvidence(r->outcome.evidence, out, paint, "      ", page_width);
      const bool fine = r->outcome.status == Status::kPass || r->outcome.status == Status::kInfo;
      bool show_findings = verbose || (r->outcome.findings.size() > 1 && !fine);
      if (!show_findings) continue;
      for (const Finding& f : r->outcome.findings) {
        if (!verbose && shown.count({r->id, f.message})) continue;
        Mark fm = MarkFor(f.status);
        // The code and the waiver wrap with the message (unpainted: a wrap may split them).
        std::string text = f.message;
        if (verbose) text += " [" + f.code + "]";
        if (f.waived) text += " (waived: " + f.waiver + ")";
        out << "      " << paint(fm.glyph, fm.color) << ' '
            << Wrap(text, page_width, 8, IndentFor(page_width, 8, 8)) << '\n';
        if (verbose) WriteEvidence(f.evidence, out, paint, "          ", page_width);
      }
    }
  }
  out << '\n';
}

std::string Plural(std::size_t n, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

// The counts line and the verdict, both from the report (report.h: ReportCounts, verdict_text).
void WriteVerdict(const Report& report, std::ostream& out, const Painter& paint, bool verbose,
                  std::size_t width) {
  const ReportCounts& n = report.counts;
  std::string failures = Plural(n.failures, "failure", "failures");
  if (n.failures > 0) {
    failures += " (" + Plural(n.root_causes, "root cause", "root causes");
    if (n.symptoms > 0) failures += ", " + Plural(n.symptoms, "symptom", "symptoms");
    failures += ")";
  }
  std::vector<std::string> counts{failures, Plural(n.warnings, "warning", "warnings"),
                                  fmt::format("{} passed", n.passed)};
  if (n.info > 0) counts.push_back(fmt::format("{} informational", n.info));
  if (n.undetermined > 0) counts.push_back(fmt::format("{} undetermined", n.undetermined));
  counts.push_back(fmt::format("{} skipped", n.skipped));
  const bool not_verified =
      (report.verdict == Verdict::kPass || report.verdict == Verdict::kWarn) &&
      !report.gpu_seen.seen;
  std::string_view color = kYellow;
  if (report.verdict == Verdict::kPass && !not_verified) color = kGreen;
  if (report.verdict == Verdict::kFail) color = kRed;
  std::string interrupted;  // a partial report: the checks it cut say core.run.interrupted
  if (!report.interrupted_by.empty()) {
    interrupted = "interrupted by " + report.interrupted_by + ", partial report: ";
    color = kYellow;
  }
  // One line at any width, as a fix command: scripts and tests read the counts and the verdict
  // from it (tests/report/counts_agree.py).
  out << fmt::format("{} — ", fmt::join(counts, " · "))
      << paint(OneLine(fmt::format("{}{} (exit {})", interrupted, report.verdict_text,
                                   report.exit_code)),
               color)
      << '\n';
  // What "ready" rests on, or what kept it from being said.
  if (not_verified) {
    out << "  "
        << Wrap("Could not verify " +
                    fmt::format("{}", fmt::join(report.gpu_seen.not_verified, "; ")),
                width, 2, "  ")
        << '\n';
  } else if (verbose && report.gpu_seen.seen) {
    out << "  "
        << paint(Wrap("GPU seen through the stack: " +
                          fmt::format("{}", fmt::join(report.gpu_seen.evidence, "; ")),
                      width, 2, "  "),
                 kDim)
        << '\n';
  }
}

}  // namespace

void WriteTerminalReport(const Report& report, std::ostream& terminal, const TerminalStyle& style) {
  std::ostringstream out;  // filtered as a whole: machine text must not reach the terminal raw
  Painter paint(style.color);
  const std::size_t width = style.width != 0 ? style.width : ProcessPageWidth();
  WriteHeader(report, out, paint);
  WriteRootCauses(report, out, paint, style.verbose, width);
  WriteChecks(report, out, paint, style.verbose, width);
  WriteBenchTable(report, out, style);
  WriteVerdict(report, out, paint, style.verbose, width);
  if (!style.verbose) {
    out << paint(Wrap("Run with -v for the evidence behind each line, --format json for a ticket.",
                      width, 0, ""),
                 kDim)
        << '\n';
  }
  terminal << report_text::TerminalText(out.str());
}

void WriteBenchReport(const Report& report, std::ostream& terminal, const TerminalStyle& style) {
  std::ostringstream out;  // filtered as a whole, as WriteTerminalReport's
  Painter paint(style.color);
  const std::size_t width = style.width != 0 ? style.width : ProcessPageWidth();
  WriteHeader(report, out, paint);
  WriteRootCauses(report, out, paint, style.verbose, width);
  // The benchmark checks' lines; the checks beneath them only when they did not pass (their
  // failures are the root causes above).
  Report lines = report;
  lines.checks.clear();
  for (const CheckRecord& r : report.checks) {
    const bool quiet = r.outcome.status == Status::kPass || r.outcome.status == Status::kSkip;
    if (r.layer == Layer::kBenchmarks || style.verbose || !quiet) lines.checks.push_back(r);
  }
  WriteChecks(lines, out, paint, style.verbose, width);
  WriteBenchTable(report, out, style);
  WriteVerdict(report, out, paint, style.verbose, width);
  if (!style.verbose) {
    out << paint(Wrap("Run with -v for sizes, clocks and evidence, --format json for the figures.",
                      width, 0, ""),
                 kDim)
        << '\n';
  }
  terminal << report_text::TerminalText(out.str());
}

}  // namespace rocm_doctor
