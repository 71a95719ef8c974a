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
  return {{"text", r.text},
          {"commands", r.commands},
          {"requires_root", r.requires_root},
          {"reboot_required", r.reboot_required}};
}

json FindingJson(const Finding& f) {
  return {{"code", f.code},
          {"status", ToString(f.status)},
          {"message", f.message},
          {"evidence", EvidenceJson(f.evidence)},
          {"remediation", RemediationJson(Catalog::Instance().RemediationFor(f))},
          {"docs", Catalog::DocsAnchor(f.code)}};
}

json ToolJson() { return {{"name", "rocm-doctor"}, {"version", ROCMDOC_VERSION}}; }

}  // namespace

json ReportToJson(const Report& report) {
  json root;
  root["schema_version"] = kReportSchemaVersion;
  root["tool"] = {{"name", report.tool_name}, {"version", report.tool_version}};
  root["verdict"] = ToString(report.verdict);
  root["exit_code"] = report.exit_code;
  root["started_at"] = report.started_at;
  root["duration_ms"] = report.duration_ms;
  root["host"] = {{"hostname", OrNull(report.host.hostname)},
                  {"kernel", OrNull(report.host.kernel)},
                  {"os", OrNull(report.host.os)},
                  {"user", OrNull(report.host.user)},
                  {"sysroot", OrNull(report.host.sysroot)},
                  {"system", report.host.system}};

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
  }
  root["gpus"] = std::move(gpus);
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
