// SPDX-License-Identifier: MIT
// One definition of failures, root causes, symptoms and warnings (report.h: ReportCounts),
// computed once (SummarizeReport) and printed alike by every format. The report below is this
// project's VM as `rocm-doctor check` saw it: no GPU (a root cause) and the HIP runtime's "no
// device" (its symptom), a CPU-only PyTorch (a root cause) and PyTorch on the GPU (its symptom),
// a warning, and a check that only lists what is there (info). Before the counts were one, the
// terminal said "4 failures" and JUnit failures="5" (it counted the warning).
#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include "core/report_summary.h"
#include "rocm_doctor/catalog.h"
#include "rocm_doctor/reporters.h"

namespace rocm_doctor {
namespace {

CheckRecord Check(std::string id, Status status, std::vector<std::string> prerequisites = {},
                  std::string blocked_by = {}) {
  CheckRecord r;
  r.id = std::move(id);
  r.layer = Layer::kRuntime;
  r.title = "Title of " + r.id;
  r.outcome.status = status;
  r.outcome.summary = "summary of " + r.id;
  r.prerequisites = std::move(prerequisites);
  r.blocked_by = std::move(blocked_by);
  if (status != Status::kPass && status != Status::kSkip) {
    Finding f;
    f.code = "test.counts." + r.id.substr(r.id.find('.') + 1);
    f.status = status;
    f.message = "finding of " + r.id;
    r.outcome.findings.push_back(f);
  }
  return r;
}

RootCause Cause(const CheckRecord& r) {
  RootCause c;
  c.check_id = r.id;
  c.finding = r.outcome.findings.at(0);
  return c;
}

Report VmReport() {
  Report report;
  report.tool_version = "0.1.0";
  report.host.system = "live host";
  report.started_at = "2026-12-04T00:00:00Z";
  report.checks = {
      Check("hardware.gpus", Status::kFail),
      Check("runtime.hip_devices", Status::kFail, {"hardware.gpus"}, "hardware.gpus"),
      Check("runtime.visible", Status::kSkip, {"hardware.gpus"}, "hardware.gpus"),
      Check("runtime.tools", Status::kInfo),
      Check("runtime.env", Status::kPass),
      Check("frameworks.torch_build", Status::kFail),
      Check("frameworks.torch_gpu", Status::kFail, {"frameworks.torch_build"},
            "frameworks.torch_build"),
      Check("frameworks.python", Status::kWarn),
      Check("runtime.rocm_smi", Status::kTimeout),
  };
  // As the engine derives them: failing checks with no failed prerequisite, then warnings.
  report.root_causes = {Cause(report.checks[0]), Cause(report.checks[5]),
                        Cause(report.checks[7])};
  report.verdict = Verdict::kFail;
  report.exit_code = 1;
  SummarizeReport(report);
  return report;
}

TEST(ReportCounts, FailuresAreRootCausesPlusSymptoms) {
  const ReportCounts n = VmReport().counts;
  EXPECT_EQ(n.checks, 9u);
  EXPECT_EQ(n.failures, 4u);
  EXPECT_EQ(n.root_causes, 2u);
  EXPECT_EQ(n.symptoms, 2u);
  EXPECT_EQ(n.warnings, 1u);  // a warning root cause is a warning, not a failure
  EXPECT_EQ(n.passed, 1u);
  EXPECT_EQ(n.info, 1u);      // "0 of 11 tools found" passed nothing
  EXPECT_EQ(n.undetermined, 1u);
  EXPECT_EQ(n.skipped, 1u);
}

// A check with two failing findings is one root cause (the terminal shows both findings).
TEST(ReportCounts, ACheckWithTwoFailingFindingsIsOneRootCause) {
  Report report = VmReport();
  report.root_causes.insert(report.root_causes.begin() + 1, Cause(report.checks[0]));
  SummarizeReport(report);
  EXPECT_EQ(report.counts.root_causes, 2u);
  EXPECT_EQ(report.counts.failures, 4u);
}

TEST(ReportCounts, EveryFormatPrintsTheSameCounts) {
  const Report report = VmReport();
  std::ostringstream terminal, markdown, junit, prometheus, json;
  WriteTerminalReport(report, terminal, TerminalStyle{false, false});
  WriteMarkdownReport(report, markdown);
  WriteJunitReport(report, junit);
  WritePrometheusReport(report, prometheus);
  WriteJsonReport(report, json);
  const std::string line =
      "4 failures (2 root causes, 2 symptoms) · 1 warning · 1 passed · 1 informational · "
      "1 undetermined · 1 skipped";
  EXPECT_NE(terminal.str().find(line + " — not ready for ROCm work (exit 1)"), std::string::npos)
      << terminal.str();
  EXPECT_NE(markdown.str().find("\n" + line + "\n"), std::string::npos) << markdown.str();
  // JUnit: the warning is no <failure> (it leaves exit 0); four failing checks, four failures.
  EXPECT_NE(junit.str().find("<testsuites name=\"rocm-doctor\" tests=\"9\" failures=\"4\" "
                             "errors=\"1\" skipped=\"1\""),
            std::string::npos)
      << junit.str();
  EXPECT_NE(junit.str().find("<property name=\"checks.root_causes\" value=\"2\"/>"),
            std::string::npos);
  EXPECT_NE(junit.str().find("<property name=\"checks.symptoms\" value=\"2\"/>"),
            std::string::npos);
  for (const char* sample :
       {"rocm_doctor_checks{result=\"failed\"} 4", "rocm_doctor_checks{result=\"root_cause\"} 2",
        "rocm_doctor_checks{result=\"symptom\"} 2", "rocm_doctor_checks{result=\"warning\"} 1",
        "rocm_doctor_checks{result=\"info\"} 1"}) {
    EXPECT_NE(prometheus.str().find(std::string(sample) + "\n"), std::string::npos) << sample;
  }
  for (const char* field : {"\"failures\": 4", "\"root_causes\": 2", "\"symptoms\": 2",
                            "\"warnings\": 1", "\"info\": 1"}) {
    EXPECT_NE(json.str().find(field), std::string::npos) << field;
  }
}

TEST(ReportCounts, NothingFailedAndNoGpuSeenIsNotReadyInEveryFormat) {
  Report report;
  report.tool_version = "0.1.0";
  report.host.system = "machine directory wsl2";
  report.checks = {Check("driver.wsl", Status::kPass), Check("runtime.hip_devices", Status::kSkip)};
  report.verdict = Verdict::kPass;
  report.exit_code = 0;
  report.gpu_seen.not_verified = {
      "the HIP runtime's devices on /dev/dxg: the HIP probe is not recorded in this capture"};
  SummarizeReport(report);
  std::ostringstream terminal, markdown, junit;
  WriteTerminalReport(report, terminal, TerminalStyle{false, false});
  WriteMarkdownReport(report, markdown);
  WriteJunitReport(report, junit);
  for (const std::string& text : {terminal.str(), markdown.str(), junit.str()}) {
    EXPECT_EQ(text.find("ready for ROCm work"), std::string::npos) << text;
    EXPECT_NE(text.find("not verified: no GPU seen through the stack"), std::string::npos);
  }
  EXPECT_NE(terminal.str().find("\n  Could not verify the HIP runtime's devices on /dev/dxg: the HIP"),
            std::string::npos)
      << terminal.str();
  EXPECT_NE(markdown.str().find("Could not verify the HIP runtime's devices on /dev/dxg: the HIP "
                                "probe is not recorded in this capture."),
            std::string::npos)
      << markdown.str();
}

}  // namespace
}  // namespace rocm_doctor
