// SPDX-License-Identifier: MIT
// --format markdown: the diff for a pull request or a ticket (GitHub-flavoured tables).
#include <fmt/format.h>

#include "diff/diff_reporters.h"
#include "report/text_escape.h"

namespace rocm_doctor::diff {
namespace {

using report_text::MarkdownCell;
using report_text::MarkdownCode;
using report_text::MarkdownText;

std::string Code(std::string_view text) { return MarkdownCode(text, /*in_table=*/true); }

std::string Emoji(Change change) {
  switch (change) {
    case Change::kRegression:
      return "❌";
    case Change::kImprovement:
      return "✅";
    default:
      return "";
  }
}

// "❌ regression", "changed".
std::string Labelled(Change change, std::string_view word) {
  const std::string emoji = Emoji(change);
  return emoji.empty() ? std::string(word) : emoji + " " + std::string(word);
}

std::string Cell(const std::optional<std::string>& text) {
  return text ? MarkdownCell(*text) : "—";
}

}  // namespace

void WriteDiffMarkdown(const ReportDiff& d, std::ostream& out) {
  out << fmt::format("## rocm-doctor diff: {}\n\n",
                     d.Regressed() ? "❌ regression" : "✅ no regression");
  out << MarkdownText(ResultText(d)) << "\n\n";
  out << "| | base | current |\n| --- | --- | --- |\n";
  out << "| report | " << Code(d.base.file) << " | " << Code(d.current.file) << " |\n";
  out << "| host | " << Cell(d.base.hostname) << " | " << Cell(d.current.hostname) << " |\n";
  if (d.base.sysroot || d.current.sysroot) {
    out << "| replay of | " << (d.base.sysroot ? Code(*d.base.sysroot) : "—") << " | "
        << (d.current.sysroot ? Code(*d.current.sysroot) : "—") << " |\n";
  }
  out << "| started | " << MarkdownCell(d.base.started_at) << " | "
      << MarkdownCell(d.current.started_at) << " |\n";
  out << "| verdict | " << MarkdownCell(d.base.verdict) << " | " << MarkdownCell(d.current.verdict)
      << ' ' << Emoji(d.verdict_change) << " |\n\n";
  out << "Hosts: " << MarkdownText(HostsText(d)) << "\n";

  if (!d.root_causes.empty()) {
    out << "\n### Root causes\n\n| | root cause | check | message |\n| --- | --- | --- | --- |\n";
    for (const RootCauseChange& r : d.root_causes) {
      out << "| " << Labelled(r.change, RootCauseWords(r.change))
          << " | " << Code(r.code) << " | " << Code(r.check) << " | " << MarkdownCell(r.message)
          << " |\n";
    }
  }

  out << fmt::format("\n### Checks ({} changed, {} unchanged)\n", d.checks.size(),
                     d.checks_unchanged);
  if (!d.checks.empty()) {
    out << "\n| | check | title | status |\n| --- | --- | --- | --- |\n";
    for (const CheckChange& c : d.checks) {
      out << "| " << Labelled(c.change, ChangeWords(c.change)) << " | " << Code(c.id) << " | "
          << MarkdownCell(c.title) << " | " << MarkdownCell(StatusMove(c)) << " |\n";
    }
  }

  if (!d.versions.empty()) {
    out << "\n### Versions\n\n| component | base | current |\n| --- | --- | --- |\n";
    for (const VersionChange& v : d.versions) {
      out << "| " << MarkdownCell(v.component) << " | " << Cell(v.base) << " | " << Cell(v.current)
          << " |\n";
    }
  }
  if (d.base_has_versions != d.current_has_versions) {
    out << fmt::format("\nThe {} report has no versions section: only the host's are compared.\n",
                       d.base_has_versions ? "current" : "base");
  }

  if (!d.figures.empty()) {
    out << "\n### Benchmarks\n\n"
           "| device | benchmark | base | current | ratio | band | change |\n"
           "| --- | --- | --- | --- | --- | --- | --- |\n";
    for (const FigureChange& f : d.figures) {
      std::string device = f.device;
      if (f.device_name) device += " · " + *f.device_name;
      std::string change = FigureVerdict(f);
      if (!f.note.empty()) change += ": " + f.note;
      out << "| " << MarkdownCell(device) << " | " << Code(f.name) << " | "
          << MarkdownCell(FigureText(f.base, f.unit)) << " | "
          << MarkdownCell(FigureText(f.current, f.unit)) << " | " << RatioText(f.ratio) << " | "
          << BandText(f.band) << " | " << Labelled(f.change, MarkdownCell(change)) << " |\n";
    }
  }
}

}  // namespace rocm_doctor::diff
