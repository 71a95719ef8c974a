// SPDX-License-Identifier: MIT
// Prometheus text exposition format (0.0.4), for node-exporter's textfile collector
// (--collector.textfile.directory): the file is written atomically by the caller (temp file +
// rename in the same directory, src/cli/report_outputs.cpp). Metric names are rocm_doctor_*, in
// base units (seconds, bytes per second); no sample carries a timestamp (the textfile collector
// rejects them). Every label set is unique within its family: node-exporter drops a whole file
// that repeats one.
#include <fmt/format.h>

#include <cmath>
#include <map>
#include <set>
#include <tuple>

#include "report/text_escape.h"
#include "rocm_doctor/reporters.h"

namespace rocm_doctor {
namespace {

using Labels = std::vector<std::pair<std::string, std::string>>;

constexpr Status kStatuses[] = {Status::kPass,    Status::kSkip,    Status::kInfo,  Status::kWarn,
                                Status::kUnknown, Status::kTimeout, Status::kError, Status::kFail};
constexpr Verdict kVerdicts[] = {Verdict::kPass, Verdict::kWarn, Verdict::kFail, Verdict::kUnknown};

// Go's float formatting as Prometheus parses it; finite values only reach here.
std::string Number(double value) { return fmt::format("{}", value); }

class Family {
 public:
  Family(std::ostream& out, std::string_view name, std::string_view help) : out_(out), name_(name) {
    out_ << "# HELP " << name_ << ' ' << help << '\n' << "# TYPE " << name_ << " gauge\n";
  }
  void Sample(const Labels& labels, double value) {
    if (!std::isfinite(value)) return;
    std::string text;
    for (const auto& [key, v] : labels) {
      text += fmt::format("{}{}=\"{}\"", text.empty() ? "" : ",", key, report_text::PromLabel(v));
    }
    if (!seen_.insert(text).second) return;  // a repeated label set would void the file
    out_ << name_ << (text.empty() ? "" : "{" + text + "}") << ' ' << Number(value) << '\n';
  }

 private:
  std::ostream& out_;
  std::string name_;
  std::set<std::string> seen_;
};

// A benchmark unit -> the metric name suffix of its figures, in base units; "" for a unit this
// reporter does not know (it is left out rather than mislabelled).
std::string_view UnitSuffix(std::string_view unit) {
  if (unit == "B/s") return "bytes_per_second";
  if (unit == "FLOP/s") return "flop_per_second";
  if (unit == "OP/s") return "operations_per_second";  // integer GEMM (matrix.int8)
  if (unit == "s") return "seconds";
  if (unit == "launch/s") return "launches_per_second";
  if (unit == "errors") return "errors";
  return "";
}

Labels BenchLabels(const BenchmarkResult& b) {
  return {{"benchmark", b.name},
          {"device", b.device ? std::to_string(*b.device) : ""},
          {"pci", b.pci.value_or("")}};
}

void WriteBenchmarks(const Report& report, std::ostream& out) {
  // One family per unit, each with every benchmark measured in it.
  std::map<std::string, std::vector<const BenchmarkResult*>> by_unit;
  for (const BenchmarkResult& b : report.benchmarks) {
    if (!UnitSuffix(b.unit).empty()) by_unit[std::string(UnitSuffix(b.unit))].push_back(&b);
  }
  for (const auto& [suffix, results] : by_unit) {
    Family figure(out, "rocm_doctor_benchmark_" + suffix,
                  "Benchmark figures of this run (stat: best, median or worst of the samples).");
    for (const BenchmarkResult* b : results) {
      for (auto [stat, value] : {std::pair{"best", b->best}, std::pair{"median", b->median},
                                 std::pair{"worst", b->worst}}) {
        if (!value) continue;
        Labels labels = BenchLabels(*b);
        labels.emplace_back("stat", stat);
        figure.Sample(labels, *value);
      }
    }
    Family limit(out, "rocm_doctor_benchmark_limit_" + suffix,
                 "The floor (kind=floor) or ceiling (kind=ceiling) a benchmark's median was "
                 "judged against.");
    for (const BenchmarkResult* b : results) {
      if (!b->limit) continue;
      Labels labels = BenchLabels(*b);
      labels.emplace_back("kind", b->limit_is_ceiling ? "ceiling" : "floor");
      limit.Sample(labels, *b->limit);
    }
  }
  if (report.benchmarks.empty()) return;
  Family peak(out, "rocm_doctor_benchmark_peak_ratio",
              "A benchmark's median as a fraction of the GPU's datasheet figure.");
  for (const BenchmarkResult& b : report.benchmarks) {
    if (b.percent_of_peak) peak.Sample(BenchLabels(b), *b.percent_of_peak / 100.0);
  }
  Family verdict(out, "rocm_doctor_benchmark_status",
                 "Each benchmark's judgement: 1 for its status, 0 for the others.");
  for (const BenchmarkResult& b : report.benchmarks) {
    for (Status s : kStatuses) {
      Labels labels = BenchLabels(b);
      labels.emplace_back("status", ToString(s));
      verdict.Sample(labels, b.verdict == s ? 1 : 0);
    }
  }
}

// The data-centre action ladder (issue 18): per (check, code, action) the findings that count
// (not waived) whose code carries an action. The family is written only when one does, so a run
// of codes without an action exposes what it did before.
void WriteActions(const Report& report, std::ostream& out) {
  std::map<std::tuple<std::string, std::string, std::string>, int> actions;
  for (const CheckRecord& r : report.checks) {
    for (const Finding& f : r.outcome.findings) {
      const FindingAction action = Catalog::Instance().ActionFor(f.code);
      if (f.waived || action == FindingAction::kNone) continue;
      ++actions[{r.id, f.code, std::string(ToString(action))}];
    }
  }
  if (actions.empty()) return;
  Family family(out, "rocm_doctor_finding_action",
                "Findings whose code is a data-centre fault, by the action it asks for (monitor, "
                "isolate, reset, replace): how many the check reported.");
  for (const auto& [key, count] : actions) {
    const auto& [check, code, action] = key;
    family.Sample({{"check", check}, {"code", code}, {"action", action}}, count);
  }
}

}  // namespace

void WritePrometheusReport(const Report& report, std::ostream& out) {
  {
    Family info(out, "rocm_doctor_info",
                "The run's tool version, kernel, OS, ROCm release and policy; always 1.");
    Labels labels{{"version", report.tool_version},
                  {"kernel", report.host.kernel.value_or("")},
                  {"os", report.host.os.value_or("")},
                  {"rocm_release", report.host.rocm_release.value_or("")},
                  {"policy", report.policy ? report.policy->name : ""}};
    info.Sample(labels, 1);
  }
  {
    Family verdict(out, "rocm_doctor_verdict",
                   "The run's verdict: 1 for the verdict reached, 0 for the others.");
    for (Verdict v : kVerdicts) {
      verdict.Sample({{"verdict", std::string(ToString(v))}}, report.verdict == v ? 1 : 0);
    }
  }
  Family(out, "rocm_doctor_exit_code",
         "The run's exit status: 0 healthy, 1 a check failed, 2 could not tell.")
      .Sample({}, report.exit_code);
  Family(out, "rocm_doctor_last_run_timestamp_seconds",
         "When the run started, in seconds since the Unix epoch.")
      .Sample({}, static_cast<double>(report.started_at_unix));
  Family(out, "rocm_doctor_run_duration_seconds", "How long the run took, in seconds.")
      .Sample({}, report.duration_ms / 1000.0);
  Family(out, "rocm_doctor_gpus", "AMD GPUs on the PCI bus.")
      .Sample({}, static_cast<double>(report.gpus.size()));
  Family(out, "rocm_doctor_gpu_seen",
         "1 when a GPU was seen through the stack (amdgpu bound and a KFD node for it, or on WSL "
         "/dev/dxg and a HIP device), else 0: without it a run with no failure is not ready.")
      .Sample({}, report.gpu_seen.seen ? 1 : 0);
  {
    // The report's counts, the same in every format (report.h: ReportCounts). Each result
    // partitions the checks; root_cause and symptom split "failed".
    const ReportCounts& n = report.counts;
    Family checks(out, "rocm_doctor_checks",
                  "Checks by result: failed (root_cause + symptom), warning, passed, info, "
                  "undetermined, skipped; root_cause and symptom split the failed ones.");
    for (auto [result, value] :
         {std::pair{"failed", n.failures}, {"root_cause", n.root_causes}, {"symptom", n.symptoms},
          {"warning", n.warnings}, {"passed", n.passed}, {"info", n.info},
          {"undetermined", n.undetermined}, {"skipped", n.skipped}}) {
      checks.Sample({{"result", result}}, static_cast<double>(value));
    }
  }
  {
    Family status(out, "rocm_doctor_check_status",
                  "Each check's outcome: 1 for its status, 0 for the others.");
    for (const CheckRecord& r : report.checks) {
      for (Status s : kStatuses) {
        status.Sample({{"check", r.id},
                       {"layer", std::string(ToString(r.layer))},
                       {"status", std::string(ToString(s))}},
                      r.outcome.status == s ? 1 : 0);
      }
    }
  }
  {
    Family duration(out, "rocm_doctor_check_duration_seconds", "How long each check took.");
    for (const CheckRecord& r : report.checks) {
      duration.Sample({{"check", r.id}, {"layer", std::string(ToString(r.layer))}},
                      r.duration_ms / 1000.0);
    }
  }
  {
    // Counted per (check, code): one check may report the same code for several GPUs.
    std::map<std::pair<std::string, std::string>, int> causes;
    for (const RootCause& c : report.root_causes) ++causes[{c.check_id, c.finding.code}];
    Family root(out, "rocm_doctor_root_cause",
                "The run's root causes: how many findings of each code the check reported.");
    for (const auto& [key, count] : causes) {
      root.Sample({{"check", key.first}, {"code", key.second}}, count);
    }
  }
  WriteActions(report, out);
  if (report.policy) {
    Family(out, "rocm_doctor_waived_findings",
           "Findings the policy waived (still in the report, not in the verdict).")
        .Sample({}, static_cast<double>(report.policy->waived_findings));
  }
  WriteBenchmarks(report, out);
}

}  // namespace rocm_doctor
