// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "core/report_summary.h"
#include "rocm_doctor/catalog.h"
#include "rocm_doctor/reporters.h"
#include "support/golden.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kFixCommands[] = {"sudo usermod -aG render,video {user}  # needs root"};
constexpr FindingSpec kSpecs[] = {
    {.code = "test.report.kfd_denied",
     .severity = Status::kFail,
     .title = "no access to /dev/kfd",
     .remediation = "Add {user} to the render group, then log out and back in.",
     .commands = kFixCommands,
     .requires_root = true},
    {.code = "test.report.link_slow",
     .severity = Status::kWarn,
     .title = "slow link",
     .remediation = "Reseat the card."},
};
ROCMDOC_REGISTER_FINDINGS(kSpecs);

CheckRecord Record(std::string id, Layer layer, std::string title, Status status,
                   std::string summary, std::vector<Finding> findings = {},
                   std::string blocked_by = {}) {
  CheckRecord r;
  r.id = std::move(id);
  r.layer = layer;
  r.title = std::move(title);
  r.outcome.status = status;
  r.outcome.summary = std::move(summary);
  r.outcome.findings = std::move(findings);
  r.blocked_by = std::move(blocked_by);
  r.duration_ms = 1.5;
  return r;
}

// A fixed report in the shape of DESIGN.md's example: one root cause that blocks later layers.
Report SampleReport() {
  Report report;
  report.tool_version = "0.1.0";
  report.host.kernel = "6.8.0-45-generic";
  report.host.os = "Ubuntu 22.04.5 LTS";
  report.host.user = "alice";
  report.host.system = "live host";
  report.started_at = "2026-12-01T00:00:00Z";
  report.duration_ms = 12.5;
  Finding denied = MakeFinding(
      "test.report.kfd_denied", "/dev/kfd is crw-rw---- root:render, and alice is not in group render.",
      {{"/dev/kfd", "crw-rw---- root:render", "read-write for alice"}}, {{"user", "alice"}});
  Finding slow = MakeFinding("test.report.link_slow", "0000:03:00.0 runs at 8.0 GT/s x16",
                             {{"/sys/bus/pci/devices/0000:03:00.0/current_link_speed",
                               "8.0 GT/s PCIe", "16.0 GT/s PCIe"}});
  report.checks = {
      Record("hardware.gpus", Layer::kHardware, "GPUs", Status::kPass,
             "1 × AMD Radeon RX 7900 XTX (gfx1100) at 0000:03:00.0"),
      Record("hardware.pcie_link", Layer::kHardware, "PCIe link", Status::kWarn, slow.message,
             {slow}),
      Record("driver.kfd_access", Layer::kDriver, "/dev/kfd access", Status::kFail,
             "permission denied for alice", {denied}),
      Record("runtime.hip", Layer::kRuntime, "HIP devices", Status::kSkip,
             "blocked by /dev/kfd access", {}, "driver.kfd_access"),
      Record("runtime.env", Layer::kRuntime, "Environment", Status::kSkip,
             "blocked by /dev/kfd access", {}, "driver.kfd_access"),
  };
  RootCause cause;
  cause.check_id = "driver.kfd_access";
  cause.finding = denied;
  cause.remediation = Catalog::Instance().RemediationFor(denied);
  cause.blocked_checks = {"runtime.hip", "runtime.env"};
  RootCause warn;
  warn.check_id = "hardware.pcie_link";
  warn.finding = slow;
  warn.remediation = Catalog::Instance().RemediationFor(slow);
  report.root_causes = {cause, warn};
  report.gpus = {GpuSummary{"0000:03:00.0", "0x1002", "0x744c", "0xc8",
                            "AMD Radeon RX 7900 XTX", "gfx1100", "amdgpu", std::nullopt}};
  report.verdict = Verdict::kFail;
  report.exit_code = 1;
  SummarizeReport(report);  // counts and verdict in words, as BuildReport sets them
  return report;
}

TEST(TerminalReporter, MatchesGolden) {
  std::ostringstream out;
  // The width is given: a golden must not depend on COLUMNS or the terminal the test runs in.
  WriteTerminalReport(SampleReport(), out, TerminalStyle{false, false, 100});
  EXPECT_EQ(testing::CompareWithGolden("report/terminal.txt", out.str()), "");
}

TEST(TerminalReporter, VerboseShowsEvidenceAndCodes) {
  std::ostringstream out;
  WriteTerminalReport(SampleReport(), out, TerminalStyle{false, true, 100});
  EXPECT_EQ(testing::CompareWithGolden("report/terminal_verbose.txt", out.str()), "");
  EXPECT_NE(out.str().find("[test.report.kfd_denied]"), std::string::npos);
}

TEST(TerminalReporter, ColourOnlyWhenAsked) {
  std::ostringstream plain, coloured;
  WriteTerminalReport(SampleReport(), plain, TerminalStyle{false, false});
  WriteTerminalReport(SampleReport(), coloured, TerminalStyle{true, false});
  EXPECT_EQ(plain.str().find('\033'), std::string::npos);
  EXPECT_NE(coloured.str().find("\033[31m"), std::string::npos);
}

TEST(JsonReporter, MatchesGoldenAndCarriesTheContractFields) {
  std::ostringstream out;
  WriteJsonReport(SampleReport(), out);
  EXPECT_EQ(testing::CompareWithGolden("report/report.json", out.str()), "");
  auto j = nlohmann::json::parse(out.str());
  EXPECT_EQ(j["schema_version"], 1);
  EXPECT_EQ(j["verdict"], "fail");
  EXPECT_EQ(j["exit_code"], 1);
  EXPECT_EQ(j["root_causes"][0]["code"], "test.report.kfd_denied");
  EXPECT_EQ(j["root_causes"][0]["remediation"]["commands"][0],
            "sudo usermod -aG render,video alice  # needs root");
  EXPECT_TRUE(j["root_causes"][0]["remediation"]["command_marks"][0]["requires_root"]);
  EXPECT_FALSE(j["root_causes"][0]["remediation"]["command_marks"][0]["reboot_required"]);
  EXPECT_TRUE(j["root_causes"][0]["remediation"]["requires_root"]);
  EXPECT_TRUE(j["gpus"][0]["numa_node"].is_null());
  EXPECT_TRUE(j["host"]["hostname"].is_null());
}

TEST(JsonReporter, InvalidUtf8FromAHostileMachineDoesNotThrow) {
  Report report = SampleReport();
  report.checks[0].outcome.summary = "bad \xff\xfe bytes";
  std::ostringstream out;
  EXPECT_NO_THROW(WriteJsonReport(report, out));
  EXPECT_NO_THROW((void)nlohmann::json::parse(out.str()));
}

TEST(JsonReporter, ErrorDocumentIsJsonWithVerdictUnknown) {
  std::ostringstream out;
  WriteJsonError("no such directory: /nope", 2, out);
  auto j = nlohmann::json::parse(out.str());
  EXPECT_EQ(j["verdict"], "unknown");
  EXPECT_EQ(j["exit_code"], 2);
  EXPECT_EQ(j["error"], "no such directory: /nope");
}

}  // namespace
}  // namespace rocm_doctor
