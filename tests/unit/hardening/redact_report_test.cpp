// SPDX-License-Identifier: MIT
// --redact on a report (src/report/redact_report.cpp): the review's attacks in report texts. A
// GPU id bare in an earlier check's summary is found because a later finding shows it after a
// key (the report is read twice: learning, then replacing).
#include <gtest/gtest.h>

#include <string>

#include "rocm_doctor/reporters.h"

namespace rocm_doctor {
namespace {

CheckRecord Check(std::string id, std::string summary, std::vector<Finding> findings = {}) {
  CheckRecord record;
  record.id = std::move(id);
  record.outcome.summary = std::move(summary);
  record.outcome.findings = std::move(findings);
  return record;
}

TEST(RedactReportIdentifiers, GpuIdsInEveryFormAndTheFullyQualifiedHostName) {
  Report report;
  report.host.hostname = "gpu-node-07";
  report.host.user = "zqalice";
  report.checks.push_back(
      Check("a.cache", "stale kernels in /root/.cache/miopen/3c4b1a0e2d9f0002"));
  Finding env;
  env.code = "env.visible_devices";
  env.message = "HIP_VISIBLE_DEVICES=GPU-3c4b1a0e2d9f0002 hides 7 of 8 GPUs";
  env.evidence.push_back(
      {"/sys/class/kfd/kfd/topology/nodes/2/properties", "unique_id 4344594913726234626", ""});
  report.checks.push_back(Check("b.env", "HIP_VISIBLE_DEVICES is set", {env}));
  Finding nfs;
  nfs.code = "kernel.log";
  nfs.message = "nfs: server gpu-node-07.lab.example.org not responding";
  report.checks.push_back(Check("c.log", "kernel log", {nfs}));
  RedactReport(report);

  const std::string cache = report.checks[0].outcome.summary;
  const Finding& e = report.checks[1].outcome.findings[0];
  EXPECT_EQ(cache, "stale kernels in /root/.cache/miopen/0000000000000001");
  EXPECT_EQ(e.message, "HIP_VISIBLE_DEVICES=GPU-0000000000000001 hides 7 of 8 GPUs");
  EXPECT_EQ(e.evidence[0].observed, "unique_id 0000000000000000001");
  EXPECT_EQ(report.checks[2].outcome.findings[0].message, "nfs: server host1 not responding");
  EXPECT_EQ(report.host.hostname, "host1");
  EXPECT_EQ(report.host.user, "user1");
  ASSERT_TRUE(report.redacted);
  std::size_t serial_places = 0;
  for (const RedactionSummary& r : *report.redacted) {
    if (r.kind == "serial number") serial_places = r.occurrences;
  }
  EXPECT_EQ(serial_places, 3u) << "counted once, not in the learning pass";
}

}  // namespace
}  // namespace rocm_doctor
