// SPDX-License-Identifier: MIT
#include <nlohmann/json.hpp>

#include "rocm_doctor/reporters.h"

namespace rocm_doctor {
namespace {

using nlohmann::json;

template <class T>
json OrNull(const std::optional<T>& value) {
  return value ? json(*value) : json(nullptr);
}

json EvidenceJson(const std::vector<Evidence>& evidence) {
  json out = json::array();
  for (const Evidence& e : evidence) {
    out.push_back({{"source", e.source},
                   {"observed", e.observed},
                   {"expected", e.expected.empty() ? json(nullptr) : json(e.expected)}});
  }
  return out;
}

json RemediationJson(const Remediation& r) {
  json marks = json::array();
  for (const CommandMarks& m : r.command_marks) {
    marks.push_back({{"requires_root", m.requires_root}, {"reboot_required", m.reboot_required}});
  }
  return {{"text", r.text},
          {"commands", r.commands},
          {"command_marks", marks},
          {"requires_root", r.requires_root},
          {"reboot_required", r.reboot_required}};
}

// The data-centre action ladder (issue 18, rocm_doctor/finding_action.h), only for a code that
// has one: a report of codes without one is as it was.
void AddAction(json& out, std::string_view code) {
  const FindingSpec* spec = Catalog::Instance().Find(code);
  if (spec == nullptr || spec->action == FindingAction::kNone) return;
  out["action"] = ToString(spec->action);
  out["next_step"] = spec->next_step;
}

json FindingJson(const Finding& f) {
  json out = {{"code", f.code},
              {"status", ToString(f.status)},
              {"message", f.message},
              {"evidence", EvidenceJson(f.evidence)},
              {"remediation", RemediationJson(Catalog::Instance().RemediationFor(f))},
              {"docs", Catalog::DocsAnchor(f.code)}};
  if (f.waived) out["waived"] = f.waiver;  // a policy's [[waive]] reason
  AddAction(out, f.code);
  return out;
}

// The report's benchmark figures, in base units, with how each was judged.
json BenchmarksJson(const std::vector<BenchmarkResult>& results) {
  json out = json::array();
  for (const BenchmarkResult& b : results) {
    json params = json::parse(b.params_json, nullptr, false);
    if (!params.is_object()) params = json::object();
    out.push_back({{"check", b.check},
                   {"device", OrNull(b.device)},
                   {"device_name", OrNull(b.device_name)},
                   {"pci", OrNull(b.pci)},
                   {"name", b.name},
                   {"status", b.status},
                   {"reason", OrNull(b.reason)},
                   {"unit", b.unit},
                   {"best", OrNull(b.best)},
                   {"median", OrNull(b.median)},
                   {"worst", OrNull(b.worst)},
                   {"spread", OrNull(b.spread)},
                   {"samples", OrNull(b.samples)},
                   {"iterations", OrNull(b.iterations)},
                   {"bytes", OrNull(b.bytes)},
                   {"clock_mhz_seen", OrNull(b.clock_mhz_seen)},
                   {"sustained_clock_mhz", OrNull(b.sustained_clock_mhz)},
                   {"verified", OrNull(b.verified)},
                   {"params", std::move(params)},
                   {"limit", OrNull(b.limit)},
                   {"limit_kind", b.limit ? json(b.limit_is_ceiling ? "ceiling" : "floor")
                                          : json(nullptr)},
                   {"datasheet", OrNull(b.datasheet)},
                   {"percent_of_peak", OrNull(b.percent_of_peak)},
                   {"basis", b.basis},
                   {"threshold", b.threshold.empty() ? json(nullptr) : json(b.threshold)},
                   {"verdict", ToString(b.verdict)}});
  }
  return out;
}

json ToolJson() { return {{"name", "rocm-doctor"}, {"version", ROCMDOC_VERSION}}; }

}  // namespace

json ReportToJson(const Report& report) {
  json root;
  root["schema_version"] = kReportSchemaVersion;
  root["tool"] = {{"name", report.tool_name}, {"version", report.tool_version}};
  root["verdict"] = ToString(report.verdict);
  root["exit_code"] = report.exit_code;
  // The verdict in words and the counts every format prints (report.h: ReportCounts).
  root["verdict_text"] = report.verdict_text;
  const ReportCounts& n = report.counts;
  root["counts"] = {{"checks", n.checks},         {"failures", n.failures},
                    {"root_causes", n.root_causes}, {"symptoms", n.symptoms},
                    {"warnings", n.warnings},     {"passed", n.passed},
                    {"info", n.info},             {"undetermined", n.undetermined},
                    {"skipped", n.skipped}};
  root["gpu_seen"] = {{"seen", report.gpu_seen.seen},
                      {"evidence", report.gpu_seen.evidence},
                      {"not_verified", report.gpu_seen.not_verified}};
  if (!report.interrupted_by.empty()) {
    // Only in a partial report (docs/report.schema.json): SIGINT/SIGTERM cut the run short.
    root["interrupted"] = true;
    root["interrupted_by"] = report.interrupted_by;
  }
  root["started_at"] = report.started_at;
  root["duration_ms"] = report.duration_ms;
  root["host"] = {{"hostname", OrNull(report.host.hostname)},
                  {"kernel", OrNull(report.host.kernel)},
                  {"os", OrNull(report.host.os)},
                  {"user", OrNull(report.host.user)},
                  {"sysroot", OrNull(report.host.sysroot)},
                  {"system", report.host.system},
                  {"rocm_release", OrNull(report.host.rocm_release)}};
  if (report.policy) {
    root["policy"] = {{"name", report.policy->name},
                      {"path", report.policy->path},
                      {"waived_findings", report.policy->waived_findings}};
  }
  if (report.redacted) {
    json removed = json::array();
    for (const RedactionSummary& r : *report.redacted) {
      removed.push_back({{"kind", r.kind}, {"values", r.values}, {"occurrences", r.occurrences}});
    }
    root["redacted"] = std::move(removed);
  }

  json causes = json::array();
  for (const RootCause& c : report.root_causes) {
    json symptoms = json::array();
    for (const Symptom& sym : c.symptoms) {
      symptoms.push_back({{"check", sym.check_id},
                          {"code", sym.finding.code},
                          {"status", ToString(sym.finding.status)},
                          {"message", sym.finding.message},
                          {"evidence", EvidenceJson(sym.finding.evidence)}});
    }
    causes.push_back({{"code", c.finding.code},
                      {"check", c.check_id},
                      {"status", ToString(c.finding.status)},
                      {"message", c.finding.message},
                      {"remediation", RemediationJson(c.remediation)},
                      {"evidence", EvidenceJson(c.finding.evidence)},
                      {"docs", Catalog::DocsAnchor(c.finding.code)},
                      {"blocked_checks", c.blocked_checks},
                      {"symptoms", std::move(symptoms)}});
    AddAction(causes.back(), c.finding.code);
  }
  root["root_causes"] = std::move(causes);

  json checks = json::array();
  for (const CheckRecord& r : report.checks) {
    json findings = json::array();
    for (const Finding& f : r.outcome.findings) findings.push_back(FindingJson(f));
    checks.push_back({{"id", r.id},
                      {"layer", ToString(r.layer)},
                      {"title", r.title},
                      {"status", ToString(r.outcome.status)},
                      {"summary", r.outcome.summary},
                      {"prerequisites", r.prerequisites},
                      {"blocked_by", r.blocked_by.empty() ? json(nullptr) : json(r.blocked_by)},
                      {"duration_ms", r.duration_ms},
                      {"findings", std::move(findings)}});
    // What the check itself read (a pass's evidence); absent when it has none (schema: optional).
    if (!r.outcome.evidence.empty()) checks.back()["evidence"] = EvidenceJson(r.outcome.evidence);
  }
  root["checks"] = std::move(checks);

  json gpus = json::array();
  for (const GpuSummary& g : report.gpus) {
    gpus.push_back({{"pci", g.pci},
                    {"vendor_id", OrNull(g.vendor_id)},
                    {"device_id", OrNull(g.device_id)},
                    {"revision", OrNull(g.revision)},
                    {"name", OrNull(g.name)},
                    {"gfx", OrNull(g.gfx)},
                    {"driver", OrNull(g.driver)},
                    {"numa_node", OrNull(g.numa_node)}});
    // Only for a GPU with partition modes (schema: optional), so other GPUs' entries are as
    // they were.
    if (g.partition_modes) {
      gpus.back()["compute_partition"] = OrNull(g.compute_partition);
      gpus.back()["memory_partition"] = OrNull(g.memory_partition);
    }
  }
  root["gpus"] = std::move(gpus);
  json versions = json::array();
  for (const ComponentVersion& v : report.versions) {
    versions.push_back({{"component", v.component},
                        {"layer", ToString(v.layer)},
                        {"version", v.version},
                        {"source", v.source}});
  }
  root["versions"] = std::move(versions);
  // Present when benchmark checks ran (check --level standard|stress, rocm-doctor bench).
  if (!report.benchmarks.empty()) root["benchmarks"] = BenchmarksJson(report.benchmarks);
  return root;
}

void WriteJsonReport(const Report& report, std::ostream& out) {
  // Invalid UTF-8 from a hostile machine is replaced, never a thrown exception.
  out << ReportToJson(report).dump(2, ' ', false, json::error_handler_t::replace) << '\n';
}

void WriteJsonError(const std::string& message, int exit_code, std::ostream& out) {
  json root;
  root["schema_version"] = kReportSchemaVersion;
  root["tool"] = ToolJson();
  root["verdict"] = "unknown";
  root["exit_code"] = exit_code;
  root["error"] = message;
  out << root.dump(2, ' ', false, json::error_handler_t::replace) << '\n';
}

}  // namespace rocm_doctor
