// SPDX-License-Identifier: MIT
// The action ladder (issue 18) in every report format: a finding whose code carries an action
// says it (JSON "action"/"next_step" on the finding and its root cause, JUnit's "action:" line,
// Prometheus' rocm_doctor_finding_action); a report of codes without one carries none of it
// (the goldens of every replayed machine hold that byte for byte).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "core/report_summary.h"
#include "rocm_doctor/catalog.h"
#include "rocm_doctor/reporters.h"

namespace rocm_doctor {
namespace {

constexpr FindingSpec kActionSpecs[] = {
    {.code = "test.action.replace",
     .severity = Status::kFail,
     .title = "retired pages over the threshold",
     .remediation = "RMA.",
     .action = FindingAction::kReplace,
     .next_step = "replace the GPU (RMA)"},
    {.code = "test.action.none", .severity = Status::kFail, .title = "t", .remediation = "r"},
};
ROCMDOC_REGISTER_FINDINGS(kActionSpecs);

Report OneFinding(const std::string& code) {
  Report report;
  report.tool_version = "0.1.0";
  Finding f = MakeFinding(code, "0000:05:00.0: 140 retired pages, threshold 128");
  CheckRecord r;
  r.id = "hardware.ras_pages";
  r.layer = Layer::kHardware;
  r.title = "Retired pages";
  r.outcome.status = f.status;
  r.outcome.summary = f.message;
  r.outcome.findings = {f};
  report.checks = {r};
  RootCause cause;
  cause.check_id = r.id;
  cause.finding = f;
  cause.remediation = Catalog::Instance().RemediationFor(f);
  report.root_causes = {cause};
  report.verdict = Verdict::kFail;
  report.exit_code = 1;
  SummarizeReport(report);
  return report;
}

TEST(ActionOutputs, JsonCarriesTheActionOnTheFindingAndTheRootCause) {
  nlohmann::json j = ReportToJson(OneFinding("test.action.replace"));
  const auto& finding = j["checks"][0]["findings"][0];
  EXPECT_EQ(finding["action"], "replace");
  EXPECT_EQ(finding["next_step"], "replace the GPU (RMA)");
  EXPECT_EQ(j["root_causes"][0]["action"], "replace");

  nlohmann::json plain = ReportToJson(OneFinding("test.action.none"));
  EXPECT_FALSE(plain["checks"][0]["findings"][0].contains("action"));
  EXPECT_FALSE(plain["root_causes"][0].contains("next_step"));
}

TEST(ActionOutputs, JunitSaysTheActionUnderTheFinding) {
  std::ostringstream out;
  WriteJunitReport(OneFinding("test.action.replace"), out);
  EXPECT_NE(out.str().find("  action: replace: replace the GPU (RMA)\n"), std::string::npos)
      << out.str();
  std::ostringstream plain;
  WriteJunitReport(OneFinding("test.action.none"), plain);
  EXPECT_EQ(plain.str().find("action:"), std::string::npos);
}

TEST(ActionOutputs, PrometheusCountsFindingsByAction) {
  std::ostringstream out;
  WritePrometheusReport(OneFinding("test.action.replace"), out);
  EXPECT_NE(out.str().find("# TYPE rocm_doctor_finding_action gauge\n"), std::string::npos);
  EXPECT_NE(out.str().find("rocm_doctor_finding_action{check=\"hardware.ras_pages\",code=\""
                           "test.action.replace\",action=\"replace\"} 1\n"),
            std::string::npos)
      << out.str();
  std::ostringstream plain;
  WritePrometheusReport(OneFinding("test.action.none"), plain);
  EXPECT_EQ(plain.str().find("rocm_doctor_finding_action"), std::string::npos);
}

}  // namespace
}  // namespace rocm_doctor
