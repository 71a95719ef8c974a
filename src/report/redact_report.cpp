// SPDX-License-Identifier: MIT
// --redact: every text of the report through one Redactor (src/base/redact.h), so a value gets
// the same placeholder wherever it appears, and every output format renders the redacted report.
#include "base/redact.h"
#include "rocm_doctor/reporters.h"

namespace rocm_doctor {
namespace {

class ReportRedactor {
 public:
  explicit ReportRedactor(IdentifyingNames names) : redactor_(std::move(names)) {}

  // First pass (learning): read every text so that an id one text shows after a key ("unique_id
  // 4344594913726234626") is found bare in the texts before it too; second pass: replace.
  bool learning = false;

  void operator()(std::string& text) {
    if (text.empty()) return;
    if (learning) {
      redactor_.Learn(text);
    } else {
      text = redactor_.Text(text);
    }
  }
  void operator()(std::optional<std::string>& text) {
    if (text) (*this)(*text);
  }
  void operator()(std::vector<std::string>& texts) {
    for (std::string& t : texts) (*this)(t);
  }
  void operator()(std::vector<Evidence>& evidence) {
    for (Evidence& e : evidence) {
      (*this)(e.source);
      (*this)(e.observed);
      (*this)(e.expected);
    }
  }
  void operator()(Finding& f) {
    (*this)(f.message);
    (*this)(f.evidence);
    for (auto& [key, value] : f.params) (*this)(value);
    (*this)(f.waiver);
  }
  void operator()(Remediation& r) {
    (*this)(r.text);
    (*this)(r.commands);
  }
  void operator()(BenchmarkResult& b) {
    (*this)(b.device_name);
    (*this)(b.reason);
    (*this)(b.params_json);
    (*this)(b.basis);
  }

  std::vector<RedactionSummary> Summary() const {
    std::vector<RedactionSummary> out;
    for (const Redactor::Removed& r : redactor_.Summary()) {
      out.push_back({std::string(ToString(r.kind)), r.values, r.occurrences});
    }
    return out;
  }

 private:
  Redactor redactor_;
};

// Every text of the report, through `redact`.
void EachText(Report& report, ReportRedactor& redact) {
  HostSummary& host = report.host;
  for (std::optional<std::string>* field :
       {&host.hostname, &host.kernel, &host.os, &host.user, &host.sysroot, &host.rocm_release}) {
    redact(*field);
  }
  redact(host.system);
  for (RootCause& cause : report.root_causes) {
    redact(cause.finding);
    redact(cause.remediation);
    for (Symptom& s : cause.symptoms) redact(s.finding);
  }
  for (RootCauseGroup& group : report.root_cause_groups) {
    redact(group.gpus_line);
    redact(group.message);
    redact(group.symptoms);
    redact(group.commands);
  }
  for (CheckRecord& r : report.checks) {
    redact(r.outcome.summary);
    redact(r.outcome.evidence);
    for (Finding& f : r.outcome.findings) redact(f);
    for (BenchmarkResult& b : r.outcome.benchmarks) redact(b);
  }
  for (GpuSummary& g : report.gpus) {
    redact(g.name);
    redact(g.driver);
  }
  for (BenchmarkResult& b : report.benchmarks) redact(b);
  for (ComponentVersion& v : report.versions) {
    redact(v.version);
    redact(v.source);
  }
  if (report.policy) redact(report.policy->path);
}

}  // namespace

void RedactReport(Report& report) {
  IdentifyingNames names;
  if (report.host.hostname) names.hostnames.push_back(*report.host.hostname);
  if (report.host.user) names.user_names.push_back(*report.host.user);
  ReportRedactor redact(std::move(names));
  redact.learning = true;
  EachText(report, redact);
  redact.learning = false;
  EachText(report, redact);
  report.redacted = redact.Summary();
}

}  // namespace rocm_doctor
