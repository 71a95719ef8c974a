// SPDX-License-Identifier: MIT
// JUnit XML: the shape Jenkins (junit plugin), GitLab (artifacts:reports:junit) and most CI
// servers read. One <testsuite> per layer, one <testcase> per check, and per GPU for a check
// that judges each GPU (CheckRecord::per_gpu). fail -> <failure>, unknown/timeout/error ->
// <error>, skip -> <skipped message=...>; warn and info pass (a warning leaves the exit status 0,
// so it does not turn the CI run red: its findings are in <system-out>, marked "warn"). Every
// testcase carries its summary and findings in <system-out>. The failures attribute counts
// testcases, so a per-GPU check failing on two GPUs is two; the report's own counts (one
// definition for every format, report.h: ReportCounts) are in each suite's <properties>.
#include <fmt/format.h>

#include <map>
#include <set>

#include "report/text_escape.h"
#include "rocm_doctor/reporters.h"

namespace rocm_doctor {
namespace {

using report_text::XmlAttribute;
using report_text::XmlText;

constexpr Layer kLayers[] = {Layer::kHardware,  Layer::kDriver,     Layer::kRuntime,
                             Layer::kLibraries, Layer::kFrameworks, Layer::kBenchmarks,
                             Layer::kPolicy};

// One <testcase>: a check, or a check on one GPU.
struct TestCase {
  std::string name;
  std::string classname;
  Status status = Status::kPass;
  double seconds = 0;
  std::string summary;
  std::vector<const Finding*> findings;
  std::string blocked_by;
};

bool IsFailure(Status s) { return s == Status::kFail; }

// The worst status among findings that count (not waived); pass when none does.
Status WorstOf(const std::vector<const Finding*>& findings) {
  Status worst = Status::kPass;
  for (const Finding* f : findings) {
    if (!f->waived) worst = Worse(worst, f->status);
  }
  return worst;
}

std::vector<TestCase> CasesFor(const CheckRecord& r, const Report& report) {
  std::string classname = "rocm-doctor." + std::string(ToString(r.layer));
  double seconds = r.duration_ms / 1000.0;
  std::vector<TestCase> cases;
  if (!r.per_gpu || report.gpus.empty()) {
    TestCase c{r.id, classname, r.outcome.status, seconds, r.outcome.summary, {}, r.blocked_by};
    for (const Finding& f : r.outcome.findings) c.findings.push_back(&f);
    cases.push_back(std::move(c));
    return cases;
  }
  // Per GPU: each GPU's testcase holds the findings naming it, and those naming no listed GPU.
  // A check that was skipped (or could not tell) without naming a GPU says so for every GPU.
  std::set<std::string> listed;
  for (const GpuSummary& gpu : report.gpus) listed.insert(gpu.pci);
  auto gpu_of = [&](const Finding& f) -> std::string {
    auto bdf = f.params.find("bdf");
    return bdf != f.params.end() && listed.count(bdf->second) ? bdf->second : "";
  };
  bool names_gpus = false;
  for (const Finding& f : r.outcome.findings) names_gpus |= !gpu_of(f).empty();
  for (const GpuSummary& gpu : report.gpus) {
    TestCase c{r.id + " [" + gpu.pci + "]",
               classname,
               Status::kPass,
               seconds / static_cast<double>(report.gpus.size()),
               r.outcome.summary,
               {},
               r.blocked_by};
    for (const Finding& f : r.outcome.findings) {
      std::string of = gpu_of(f);
      if (of.empty() || of == gpu.pci) c.findings.push_back(&f);
    }
    c.status =
        names_gpus || r.outcome.status == Status::kPass ? WorstOf(c.findings) : r.outcome.status;
    if (c.status == Status::kInfo) c.status = Status::kPass;
    // A GPU's case is never worse than its check: the counts must agree with the report's.
    if (Worse(c.status, r.outcome.status) != r.outcome.status) c.status = r.outcome.status;
    // The check's summary speaks of the GPU it found something on; this case speaks of its own.
    const Finding* own = nullptr;
    for (const Finding* f : c.findings) {
      if (own == nullptr && !f->waived && gpu_of(*f) == gpu.pci) own = f;
    }
    if (own != nullptr) {
      c.summary = own->message;
    } else if (names_gpus && r.outcome.status != Status::kPass &&
               r.outcome.status != Status::kInfo) {
      c.summary = "nothing found on " + gpu.pci;
    }
    cases.push_back(std::move(c));
  }
  return cases;
}

std::string FindingText(const Finding& f) {
  std::string text = fmt::format("{} [{}] {}", ToString(f.status), f.code, f.message);
  if (f.waived) text += " (waived: " + f.waiver + ")";
  text += '\n';
  // The data-centre action (issue 18), for a code that has one.
  if (const FindingSpec* spec = Catalog::Instance().Find(f.code);
      spec != nullptr && spec->action != FindingAction::kNone) {
    text += fmt::format("  action: {}: {}\n", ToString(spec->action), spec->next_step);
  }
  for (const Evidence& e : f.evidence) {
    text += "  " + e.source + ": " + e.observed;
    if (!e.expected.empty()) text += " (expected " + e.expected + ")";
    text += '\n';
  }
  return text;
}

// The first finding that makes the case what it is, for the message attribute.
const Finding* Deciding(const TestCase& c) {
  for (const Finding* f : c.findings) {
    if (!f->waived && f->status == c.status) return f;
  }
  return nullptr;
}

void WriteCase(const TestCase& c, const Report& report, std::ostream& out) {
  out << fmt::format("    <testcase name=\"{}\" classname=\"{}\" time=\"{:.6f}\"",
                     XmlAttribute(c.name), XmlAttribute(c.classname), c.seconds);
  std::string details;
  for (const Finding* f : c.findings) details += FindingText(*f);
  const Finding* deciding = Deciding(c);
  std::string message = deciding != nullptr ? deciding->message : c.summary;
  std::string type = deciding != nullptr ? deciding->code : std::string(ToString(c.status));
  std::string body;
  if (IsFailure(c.status) || IsIndeterminate(c.status)) {
    std::string element = IsFailure(c.status) ? "failure" : "error";
    body += fmt::format("      <{} message=\"{}\" type=\"{}\">", element, XmlAttribute(message),
                        XmlAttribute(type));
    std::string text = details;
    if (deciding != nullptr) {
      Remediation fix = Catalog::Instance().RemediationFor(*deciding);
      if (!fix.text.empty()) text += "Fix: " + fix.text + "\n";
      for (const std::string& command : fix.commands) text += "  " + command + "\n";
    }
    body += XmlText(text) + fmt::format("</{}>\n", element);
  } else if (c.status == Status::kSkip) {
    std::string why = c.summary;
    if (!c.blocked_by.empty() && why.empty()) why = "blocked by " + c.blocked_by;
    body += fmt::format("      <skipped message=\"{}\"/>\n", XmlAttribute(why));
  }
  // A failure or error element already holds the findings; system-out then keeps the summary.
  bool detailed = IsFailure(c.status) || IsIndeterminate(c.status);
  std::string system_out = c.summary + "\n" + (detailed ? "" : details);
  if (report.redacted) system_out += "(identifying values redacted)\n";
  body += "      <system-out>" + XmlText(system_out) + "</system-out>\n";
  out << ">\n" << body << "    </testcase>\n";
}

struct Counts {
  std::size_t tests = 0, failures = 0, errors = 0, skipped = 0;
  double seconds = 0;
  void Add(const TestCase& c) {
    ++tests;
    failures += IsFailure(c.status) ? 1 : 0;
    errors += IsIndeterminate(c.status) ? 1 : 0;
    skipped += c.status == Status::kSkip ? 1 : 0;
    seconds += c.seconds;
  }
  std::string Attributes() const {
    return fmt::format("tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" time=\"{:.6f}\"",
                       tests, failures, errors, skipped, seconds);
  }
};

// The JUnit XSD's timestamp has no zone designator; started_at is UTC.
std::string Timestamp(const Report& report) {
  std::string t = report.started_at;
  if (!t.empty() && t.back() == 'Z') t.pop_back();
  return t;
}

void WriteProperties(const Report& report, std::ostream& out) {
  std::vector<std::pair<std::string, std::string>> props{
      {"rocm_doctor.version", report.tool_version},
      {"verdict", std::string(ToString(report.verdict))},
      {"exit_code", std::to_string(report.exit_code)}};
  if (report.host.kernel) props.emplace_back("kernel", *report.host.kernel);
  if (report.host.os) props.emplace_back("os", *report.host.os);
  if (report.host.rocm_release) props.emplace_back("rocm_release", *report.host.rocm_release);
  if (report.host.sysroot) props.emplace_back("sysroot", *report.host.sysroot);
  if (report.policy) props.emplace_back("policy", report.policy->name);
  for (const RootCause& c : report.root_causes) props.emplace_back("root_cause", c.finding.code);
  // The report's counts, as every format prints them (checks, not testcases).
  const ReportCounts& n = report.counts;
  for (auto [name, value] : {std::pair{"failures", n.failures}, {"root_causes", n.root_causes},
                             {"symptoms", n.symptoms}, {"warnings", n.warnings},
                             {"passed", n.passed}, {"info", n.info},
                             {"undetermined", n.undetermined}, {"skipped", n.skipped}}) {
    props.emplace_back(std::string("checks.") + name, std::to_string(value));
  }
  props.emplace_back("verdict_text", report.verdict_text);
  props.emplace_back("gpu_seen", report.gpu_seen.seen ? "true" : "false");
  out << "    <properties>\n";
  for (const auto& [name, value] : props) {
    out << fmt::format("      <property name=\"{}\" value=\"{}\"/>\n", XmlAttribute(name),
                       XmlAttribute(value));
  }
  out << "    </properties>\n";
}

}  // namespace

void WriteJunitReport(const Report& report, std::ostream& out) {
  std::map<Layer, std::vector<TestCase>> suites;
  Counts total;
  for (const CheckRecord& r : report.checks) {
    for (TestCase& c : CasesFor(r, report)) {
      total.Add(c);
      suites[r.layer].push_back(std::move(c));
    }
  }
  std::string timestamp = Timestamp(report);
  std::string hostname = report.host.hostname.value_or("unknown");
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out << fmt::format("<testsuites name=\"rocm-doctor\" {}>\n", total.Attributes());
  int id = 0;
  for (Layer layer : kLayers) {
    auto it = suites.find(layer);
    if (it == suites.end()) continue;
    Counts counts;
    for (const TestCase& c : it->second) counts.Add(c);
    out << fmt::format(
        "  <testsuite name=\"{}\" {} timestamp=\"{}\" hostname=\"{}\" id=\"{}\" "
        "package=\"rocm-doctor\">\n",
        XmlAttribute(ToString(layer)), counts.Attributes(), XmlAttribute(timestamp),
        XmlAttribute(hostname), id++);
    WriteProperties(report, out);
    for (const TestCase& c : it->second) WriteCase(c, report, out);
    out << "  </testsuite>\n";
  }
  out << "</testsuites>\n";
}

}  // namespace rocm_doctor
