// SPDX-License-Identifier: MIT
// Markdown for a GitHub issue: the verdict, then each root cause with its fix, then a table of
// every check; evidence and per-finding details are folded in <details> so the issue stays short.
// Machine text is escaped (report_text::Markdown*) so it shows literally and cannot inject markup.
#include <fmt/format.h>

#include <map>

#include "report/text_escape.h"
#include "rocm_doctor/bench_thresholds.h"
#include "rocm_doctor/reporters.h"

namespace rocm_doctor {
namespace {

using report_text::MarkdownCell;
using report_text::MarkdownCode;
using report_text::MarkdownText;

std::string_view Icon(Status status) {
  switch (status) {
    case Status::kPass:
      return "✅";
    case Status::kInfo:
      return "ℹ️";
    case Status::kWarn:
      return "⚠️";
    case Status::kFail:
      return "❌";
    case Status::kSkip:
      return "⏭️";
    case Status::kUnknown:
    case Status::kTimeout:
    case Status::kError:
      return "❓";
  }
  return "❓";
}

// Nothing failed, yet no GPU was seen through the stack: not "ready" (src/core/gpu_seen.h).
bool NotVerified(const Report& report) {
  return (report.verdict == Verdict::kPass || report.verdict == Verdict::kWarn) &&
         !report.gpu_seen.seen;
}

std::string_view VerdictIcon(const Report& report) {
  if (NotVerified(report)) return "❔";
  switch (report.verdict) {
    case Verdict::kPass:
      return "✅";
    case Verdict::kWarn:
      return "⚠️";
    case Verdict::kFail:
      return "❌";
    case Verdict::kUnknown:
      return "❓";
  }
  return "❓";
}

void WriteHeader(const Report& report, std::ostream& out) {
  out << fmt::format("## rocm-doctor: {} {} (exit {})\n\n", VerdictIcon(report),
                     MarkdownText(report.verdict_text), report.exit_code);
  if (NotVerified(report)) {
    out << "Could not verify "
        << MarkdownText(fmt::format("{}", fmt::join(report.gpu_seen.not_verified, "; ")))
        << ".\n\n";
  }
  std::vector<std::string> parts{"rocm-doctor " + MarkdownText(report.tool_version)};
  if (report.host.kernel) parts.push_back("Linux " + MarkdownText(*report.host.kernel));
  if (report.host.os) parts.push_back(MarkdownText(*report.host.os));
  if (report.host.rocm_release) parts.push_back("ROCm " + MarkdownText(*report.host.rocm_release));
  parts.push_back(MarkdownText(report.started_at));
  out << fmt::format("{}", fmt::join(parts, " · ")) << "  \n";
  if (report.host.sysroot) out << "Replayed: " << MarkdownText(report.host.system) << "  \n";
  if (report.policy) {
    out << "Policy: " << MarkdownText(report.policy->name) << " ("
        << MarkdownCode(report.policy->path) << ")";
    if (report.policy->waived_findings > 0) {
      out << fmt::format(", {} finding{} waived", report.policy->waived_findings,
                         report.policy->waived_findings == 1 ? "" : "s");
    }
    out << "  \n";
  }
  if (report.redacted) {
    std::vector<std::string> kinds;
    for (const RedactionSummary& r : *report.redacted) {
      kinds.push_back(fmt::format("{} {}", r.values, MarkdownText(r.kind)));
    }
    out << "Redacted: "
        << (kinds.empty() ? "nothing identifying found" : fmt::format("{}", fmt::join(kinds, ", ")))
        << "  \n";
  }
  out << '\n';
}

void WriteEvidenceTable(const std::vector<Evidence>& evidence, std::ostream& out) {
  out << "| Source | Observed | Expected |\n| --- | --- | --- |\n";
  for (const Evidence& e : evidence) {
    out << "| " << MarkdownCode(e.source, true) << " | " << MarkdownCell(e.observed) << " | "
        << MarkdownCell(e.expected) << " |\n";
  }
}

void WriteRootCauses(const Report& report, std::ostream& out) {
  std::map<std::string, std::string> titles;
  for (const CheckRecord& r : report.checks) titles[r.id] = r.title;
  // The same root cause on several GPUs is one block, "8 GPUs: ..." (Report::root_cause_groups),
  // as in the terminal.
  for (std::size_t i = 0; i < report.root_cause_groups.size(); ++i) {
    const RootCauseGroup& group = report.root_cause_groups[i];
    const RootCause& cause = report.root_causes[group.members.front()];
    std::string label = i == 0 ? "Root cause" : "Also";
    if (cause.finding.status == Status::kWarn) label += " (warning)";
    out << fmt::format("### {} {}: {}\n\n", Icon(cause.finding.status), label,
                       MarkdownCode(cause.finding.code));
    if (!group.gpus_line.empty()) out << MarkdownText(group.gpus_line) << "\n\n";
    out << MarkdownText(group.message) << "\n\n";
    for (std::size_t s = 0; s < cause.symptoms.size() && s < group.symptoms.size(); ++s) {
      out << "This is why " << MarkdownText(titles[cause.symptoms[s].check_id])
          << " says: " << MarkdownText(group.symptoms[s]) << "\n\n";
    }
    const Remediation& fix = cause.remediation;
    std::vector<std::string> notes;
    if (fix.requires_root) notes.emplace_back("needs root");
    if (fix.reboot_required) notes.emplace_back("then reboot");
    out << "**Fix**" << (notes.empty() ? "" : fmt::format(" ({})", fmt::join(notes, "; "))) << ": "
        << MarkdownText(fix.text) << "\n\n";
    if (!group.commands.empty()) {
      // One line per command, no control character: ESC, BEL, NUL, CR or a newline in a
      // command must not reach whoever pastes the block.
      std::string all;
      for (const std::string& c : group.commands) all += report_text::Printable(c) + "\n";
      std::string fence = report_text::MarkdownFence(all);
      out << fence << "sh\n" << all << fence << "\n\n";
    }
    std::vector<Evidence> evidence;  // every member's, in order
    for (std::size_t member : group.members) {
      const std::vector<Evidence>& own = report.root_causes[member].finding.evidence;
      evidence.insert(evidence.end(), own.begin(), own.end());
    }
    if (!evidence.empty()) {
      out << "<details><summary>Evidence</summary>\n\n";
      WriteEvidenceTable(evidence, out);
      out << "\n</details>\n\n";
    }
    if (!cause.blocked_checks.empty()) {
      out << fmt::format("It kept {} check{} from running.\n\n", cause.blocked_checks.size(),
                         cause.blocked_checks.size() == 1 ? "" : "s");
    }
  }
}

// The same counts as every other format (report.h: ReportCounts).
std::string Counts(const Report& report) {
  const ReportCounts& n = report.counts;
  std::string text = fmt::format("{} failure{}", n.failures, n.failures == 1 ? "" : "s");
  if (n.failures > 0) {
    text += fmt::format(" ({} root cause{}", n.root_causes, n.root_causes == 1 ? "" : "s");
    if (n.symptoms > 0)
      text += fmt::format(", {} symptom{}", n.symptoms, n.symptoms == 1 ? "" : "s");
    text += ")";
  }
  text +=
      fmt::format(" · {} warning{} · {} passed", n.warnings, n.warnings == 1 ? "" : "s", n.passed);
  if (n.info > 0) text += fmt::format(" · {} informational", n.info);
  if (n.undetermined > 0) text += fmt::format(" · {} undetermined", n.undetermined);
  return text + fmt::format(" · {} skipped", n.skipped);
}

std::string Summary(const CheckRecord& r) {
  std::string summary = r.outcome.summary;
  if (r.outcome.status == Status::kSkip) summary = "skipped: " + summary;
  std::size_t waived = 0;
  for (const Finding& f : r.outcome.findings) waived += f.waived ? 1 : 0;
  if (waived > 0) {
    summary += fmt::format(" ({} finding{} waived by the policy)", waived, waived == 1 ? "" : "s");
  }
  return summary;
}

bool Passed(const CheckRecord& r) {
  Status s = r.outcome.status;
  return s == Status::kPass || s == Status::kInfo || s == Status::kSkip;
}

void WriteTable(const std::vector<const CheckRecord*>& checks, std::ostream& out) {
  out << "| | Layer | Check | Result |\n| --- | --- | --- | --- |\n";
  for (const CheckRecord* r : checks) {
    out << "| " << Icon(r->outcome.status) << " | " << MarkdownCell(LayerTitle(r->layer)) << " | "
        << MarkdownCell(r->title) << " | " << MarkdownCell(Summary(*r)) << " |\n";
  }
}

// The checks that did not pass in view; every check folded.
void WriteChecks(const Report& report, std::ostream& out) {
  out << "### Checks\n\n" << Counts(report) << "\n\n";
  std::vector<const CheckRecord*> all, not_passed;
  for (const CheckRecord& r : report.checks) {
    all.push_back(&r);
    if (!Passed(r)) not_passed.push_back(&r);
  }
  if (!not_passed.empty()) {
    WriteTable(not_passed, out);
    out << '\n';
  }
  out << fmt::format("<details><summary>All {} checks</summary>\n\n", all.size());
  WriteTable(all, out);
  out << "\n</details>\n\n";
}

void WriteDetails(const Report& report, std::ostream& out) {
  bool any = false;
  for (const CheckRecord& r : report.checks) any |= !r.outcome.findings.empty();
  if (!any) return;
  out << "<details><summary>Findings and evidence</summary>\n\n";
  for (const CheckRecord& r : report.checks) {
    if (r.outcome.findings.empty()) continue;
    out << "#### " << MarkdownText(r.title) << " (" << MarkdownCode(r.id) << ")\n\n";
    for (const Finding& f : r.outcome.findings) {
      out << "- " << Icon(f.status) << ' ' << MarkdownCode(f.code) << ": "
          << MarkdownText(f.message);
      if (f.waived) out << " *(waived: " << MarkdownText(f.waiver) << ")*";
      out << '\n';
      for (const Evidence& e : f.evidence) {
        out << "  - " << MarkdownCode(e.source) << ": " << MarkdownText(e.observed);
        if (!e.expected.empty()) out << " (expected " << MarkdownText(e.expected) << ")";
        out << '\n';
      }
    }
    out << '\n';
  }
  out << "</details>\n\n";
}

void WriteBenchmarkTable(const Report& report, std::ostream& out) {
  if (report.benchmarks.empty()) return;
  out << fmt::format("<details><summary>Benchmarks ({})</summary>\n\n", report.benchmarks.size());
  out << "| | Benchmark | GPU | Median | Best | Limit | % of peak |\n"
         "| --- | --- | --- | --- | --- | --- | --- |\n";
  auto figure = [](const std::optional<double>& v, std::string_view unit) {
    return v ? MarkdownCell(FormatBenchFigure(*v, unit)) : std::string("–");
  };
  for (const BenchmarkResult& b : report.benchmarks) {
    std::string gpu = b.pci ? MarkdownCode(*b.pci, true)
                            : (b.device ? std::to_string(*b.device) : std::string("–"));
    std::string limit = figure(b.limit, b.unit);
    if (b.limit) limit = (b.limit_is_ceiling ? "at most " : "at least ") + limit;
    std::string result = b.status == "ok"
                             ? figure(b.median, b.unit)
                             : MarkdownCell(b.status + (b.reason ? ": " + *b.reason : ""));
    out << "| " << Icon(b.verdict) << " | " << MarkdownCode(b.name, true) << " | " << gpu << " | "
        << result << " | " << figure(b.best, b.unit) << " | " << limit << " | "
        << (b.percent_of_peak ? fmt::format("{:.0f}%", *b.percent_of_peak) : "–") << " |\n";
  }
  out << "\n</details>\n\n";
}

void WriteGpus(const Report& report, std::ostream& out) {
  if (report.gpus.empty()) return;
  out << fmt::format("<details><summary>GPUs ({})</summary>\n\n", report.gpus.size());
  out << "| PCI | Name | gfx | Device ID | Driver |\n| --- | --- | --- | --- | --- |\n";
  auto cell = [](const std::optional<std::string>& v) {
    return v ? MarkdownCell(*v) : std::string("unknown");
  };
  for (const GpuSummary& g : report.gpus) {
    out << "| " << MarkdownCode(g.pci, true) << " | " << cell(g.name) << " | " << cell(g.gfx)
        << " | " << cell(g.device_id) << " | " << cell(g.driver) << " |\n";
  }
  out << "\n</details>\n\n";
}

}  // namespace

void WriteMarkdownReport(const Report& report, std::ostream& out) {
  WriteHeader(report, out);
  WriteRootCauses(report, out);
  WriteChecks(report, out);
  WriteDetails(report, out);
  WriteBenchmarkTable(report, out);
  WriteGpus(report, out);
  out << "<sub>Made by " << MarkdownText(report.tool_name) << ' '
      << MarkdownText(report.tool_version)
      << " (`rocm-doctor check --format markdown`); `--format json` has every fact.</sub>\n";
}

}  // namespace rocm_doctor
