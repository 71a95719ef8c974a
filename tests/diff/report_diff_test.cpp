// SPDX-License-Identifier: MIT
// Comparing two reports read by the fleet's reader: status moves, root causes, versions, hosts.
#include "diff/report_diff.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace rocm_doctor::diff {
namespace {

using nlohmann::json;

json Check(std::string id, std::string status, std::string summary = "") {
  return {{"id", id},
          {"layer", id.substr(0, id.find('.'))},
          {"title", "Title of " + id},
          {"status", status},
          {"summary", summary},
          {"prerequisites", json::array()},
          {"blocked_by", nullptr},
          {"duration_ms", 1.5},
          {"findings", json::array()}};
}

json Report(std::string verdict, json checks) {
  return {
      {"schema_version", 1},
      {"tool", {{"name", "rocm-doctor"}, {"version", "0.1.0"}}},
      {"verdict", verdict},
      {"exit_code", verdict == "fail" ? 1 : 0},
      {"started_at", "2026-12-01T10:00:00Z"},
      {"duration_ms", 40},
      {"host",
       {{"hostname", nullptr},
        {"kernel", "6.8.0-45-generic"},
        {"os", "Ubuntu 24.04.1 LTS"},
        {"user", "alice"},
        {"sysroot", "/machines/a"},
        {"system", "machine directory /machines/a"},
        {"rocm_release", "6.2.0"}}},
      {"root_causes", json::array()},
      {"checks", std::move(checks)},
      {"gpus", json::array()},
      {"versions",
       {{{"component", "amdgpu"},
         {"layer", "driver"},
         {"version", "in-tree, Linux 6.8.0-45-generic"},
         {"source", "/lib/modules/6.8.0-45-generic/kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko"}},
        {{"component", "rocBLAS"},
         {"layer", "libraries"},
         {"version", "4.2.60200"},
         {"source", "/opt/rocm-6.2.0/lib/librocblas.so.4.2.60200"}}}}};
}

json RootCause(std::string code, std::string check) {
  return {{"code", code},
          {"check", check},
          {"status", "fail"},
          {"message", "m"},
          {"evidence", json::array()},
          {"symptoms", json::array()}};
}

DiffSide Side(const json& report, std::string file) {
  DiffSide side;
  side.file = file;
  auto node = fleet::ReadNodeReport(report.dump(), file, &side.details);
  EXPECT_TRUE(node) << node.error();
  if (node) side.node = std::move(node).value();
  return side;
}

const CheckChange* FindCheck(const ReportDiff& d, std::string_view id) {
  for (const CheckChange& c : d.checks) {
    if (c.id == id) return &c;
  }
  return nullptr;
}

TEST(CompareStatusTest, MovesUpAndDownTheScale) {
  EXPECT_EQ(CompareStatus("pass", "pass"), Change::kNone);
  EXPECT_EQ(CompareStatus("pass", "warn"), Change::kRegression);
  EXPECT_EQ(CompareStatus("pass", "fail"), Change::kRegression);
  EXPECT_EQ(CompareStatus("warn", "fail"), Change::kRegression);
  EXPECT_EQ(CompareStatus("pass", "unknown"), Change::kRegression);
  EXPECT_EQ(CompareStatus("skip", "timeout"), Change::kRegression);
  EXPECT_EQ(CompareStatus("fail", "pass"), Change::kImprovement);
  EXPECT_EQ(CompareStatus("warn", "info"), Change::kImprovement);
  EXPECT_EQ(CompareStatus("unknown", "pass"), Change::kImprovement);
  // Landing on "could not tell" is not better.
  EXPECT_EQ(CompareStatus("fail", "unknown"), Change::kChanged);
  EXPECT_EQ(CompareStatus("skip", "info"), Change::kChanged);
}

// A check that stopped being judged is neither better nor worse: fail -> skip is no fix.
TEST(CompareStatusTest, LandingOnSkipIsNoLongerChecked) {
  for (const char* from : {"fail", "warn", "unknown", "timeout", "error", "pass", "info"}) {
    EXPECT_EQ(CompareStatus(from, "skip"), Change::kNoLongerChecked) << from;
  }
  EXPECT_EQ(ToString(Change::kNoLongerChecked), "no_longer_checked");
  EXPECT_EQ(ChangeWords(Change::kNoLongerChecked), "no longer checked");
}

// The base's root cause (no access to /dev/kfd) is not "cleared" when the current report merely
// skips its check because the GPU vanished: one regression (the new root cause), no improvement.
TEST(CompareReportsTest, AFailureNowSkippedIsNoLongerCheckedNotAnImprovement) {
  json base = Report("fail", json::array({Check("hardware.gpus", "pass"),
                                          Check("driver.kfd_access", "fail", "denied")}));
  base["root_causes"] =
      json::array({RootCause("driver.kfd.permission_denied", "driver.kfd_access")});
  json current = Report("fail", json::array({Check("hardware.gpus", "fail", "no GPU"),
                                             Check("driver.kfd_access", "skip", "blocked")}));
  current["root_causes"] = json::array({RootCause("hardware.gpu.none_found", "hardware.gpus")});
  ReportDiff d = CompareReports(Side(base, "base.json"), Side(current, "current.json"));
  EXPECT_EQ(d.improvements, 0u);
  EXPECT_EQ(d.regressions, 2u);  // hardware.gpus pass -> fail, and its root cause appeared
  const CheckChange* kfd = FindCheck(d, "driver.kfd_access");
  ASSERT_NE(kfd, nullptr);
  EXPECT_EQ(kfd->change, Change::kNoLongerChecked);
  ASSERT_EQ(d.root_causes.size(), 2u);
  EXPECT_EQ(d.root_causes[1].code, "driver.kfd.permission_denied");
  EXPECT_EQ(d.root_causes[1].change, Change::kNoLongerChecked);
  EXPECT_EQ(RootCauseWords(d.root_causes[1].change), "no longer checked");
}

TEST(ReadDetailsTest, KeepsChecksRootCausesVersionsAndEveryBenchmarkRow) {
  json r = Report("fail", json::array({Check("driver.kfd_access", "fail", "denied")}));
  r["root_causes"] =
      json::array({RootCause("driver.kfd.permission_denied", "driver.kfd_access")});
  r["benchmarks"] = {{{"check", "bench.memory"},
                      {"name", "memory.triad"},
                      {"unit", "B/s"},
                      {"status", "timeout"},
                      {"reason", "killed"},
                      {"device", 1},
                      {"pci", "0000:0c:00.0"},
                      {"median", nullptr},
                      {"spread", nullptr},
                      {"limit_kind", "floor"}}};
  const DiffSide side = Side(r, "a.json");
  ASSERT_EQ(side.details.checks.size(), 1u);
  EXPECT_EQ(side.details.checks[0].id, "driver.kfd_access");
  EXPECT_EQ(side.details.checks[0].layer, "driver");
  EXPECT_EQ(side.details.checks[0].status, "fail");
  EXPECT_EQ(side.details.checks[0].summary, "denied");
  ASSERT_EQ(side.details.root_causes.size(), 1u);
  EXPECT_EQ(side.details.root_causes[0].check, "driver.kfd_access");
  EXPECT_TRUE(side.details.has_versions);
  ASSERT_EQ(side.details.versions.size(), 2u);
  EXPECT_EQ(side.details.versions[1].component, "rocBLAS");
  ASSERT_EQ(side.details.benchmarks.size(), 1u);  // the fleet keeps only "ok" figures
  EXPECT_TRUE(side.node.figures.empty());
  EXPECT_EQ(side.details.benchmarks[0].status, "timeout");
  EXPECT_EQ(side.details.benchmarks[0].device, 1);
  EXPECT_EQ(side.details.benchmarks[0].limit_kind, "floor");
  EXPECT_EQ(side.details.sysroot, "/machines/a");
  EXPECT_FALSE(side.details.hostname);
}

TEST(CompareReportsTest, StatusMovesRootCausesAndVerdict) {
  json base = Report("pass", json::array({Check("driver.kfd_access", "pass"),
                              Check("runtime.hip_devices", "pass"), Check("driver.iommu", "fail"),
                              Check("driver.old_check", "pass"), Check("hardware.gpus", "pass")}));
  base["root_causes"] = json::array({RootCause("driver.iommu.translated", "driver.iommu")});
  json current =
      Report("fail", json::array({Check("driver.kfd_access", "fail", "/dev/kfd denied"),
                      Check("runtime.hip_devices", "skip"), Check("driver.iommu", "pass"),
                      Check("driver.new_check", "pass"), Check("hardware.gpus", "pass")}));
  current["root_causes"] =
      json::array({RootCause("driver.kfd.permission_denied", "driver.kfd_access")});
  const ReportDiff d = CompareReports(Side(base, "base.json"), Side(current, "current.json"));

  EXPECT_EQ(d.verdict_change, Change::kRegression);
  ASSERT_EQ(d.root_causes.size(), 2u);
  EXPECT_EQ(d.root_causes[0].code, "driver.kfd.permission_denied");
  EXPECT_EQ(d.root_causes[0].change, Change::kRegression);  // appeared
  EXPECT_EQ(d.root_causes[1].code, "driver.iommu.translated");
  EXPECT_EQ(d.root_causes[1].change, Change::kImprovement);  // cleared

  EXPECT_EQ(d.checks_unchanged, 1u);  // hardware.gpus
  ASSERT_EQ(d.checks.size(), 5u);
  EXPECT_EQ(FindCheck(d, "driver.kfd_access")->change, Change::kRegression);
  EXPECT_EQ(FindCheck(d, "driver.kfd_access")->summary, "/dev/kfd denied");
  EXPECT_EQ(FindCheck(d, "runtime.hip_devices")->change, Change::kNoLongerChecked);  // pass -> skip
  EXPECT_EQ(FindCheck(d, "driver.iommu")->change, Change::kImprovement);
  EXPECT_EQ(FindCheck(d, "driver.new_check")->change, Change::kAdded);
  EXPECT_EQ(FindCheck(d, "driver.old_check")->change, Change::kRemoved);
  EXPECT_FALSE(FindCheck(d, "driver.old_check")->current);

  // verdict, kfd_access, the root cause that appeared; iommu and the cleared root cause.
  EXPECT_EQ(d.regressions, 3u);
  EXPECT_EQ(d.improvements, 2u);
  EXPECT_TRUE(d.Regressed());
  EXPECT_FALSE(d.same_host.has_value());  // neither report names its host
}

TEST(CompareReportsTest, VersionsAreListedButAreNoRegression) {
  json base = Report("pass", json::array({Check("hardware.gpus", "pass")}));
  json current = base;
  current["host"]["kernel"] = "6.8.0-50-generic";
  current["versions"][0]["version"] = "6.10.5";
  current["versions"][1] = {{"component", "MIOpen"},
                            {"layer", "libraries"},
                            {"version", "3.2.0"},
                            {"source", "/opt/rocm/lib/libMIOpen.so.1"}};
  const ReportDiff d = CompareReports(Side(base, "b.json"), Side(current, "c.json"));
  ASSERT_EQ(d.versions.size(), 4u);
  EXPECT_EQ(d.versions[0].component, "kernel");
  EXPECT_EQ(d.versions[0].base, "6.8.0-45-generic");
  EXPECT_EQ(d.versions[0].current, "6.8.0-50-generic");
  EXPECT_EQ(d.versions[1].component, "amdgpu");
  EXPECT_EQ(d.versions[1].current, "6.10.5");
  EXPECT_EQ(d.versions[1].change, Change::kChanged);
  EXPECT_EQ(d.versions[2].component, "MIOpen");
  EXPECT_EQ(d.versions[2].change, Change::kAdded);
  EXPECT_EQ(d.versions[3].component, "rocBLAS");
  EXPECT_EQ(d.versions[3].change, Change::kRemoved);
  EXPECT_FALSE(d.Regressed());
  EXPECT_EQ(d.checks_unchanged, 1u);
}

TEST(CompareReportsTest, AReportWithoutVersionsComparesOnlyTheHost) {
  json base = Report("pass", json::array({Check("hardware.gpus", "pass")}));
  base.erase("versions");
  json current = Report("pass", json::array({Check("hardware.gpus", "pass")}));
  current["host"]["rocm_release"] = "6.3.0";
  const ReportDiff d = CompareReports(Side(base, "b.json"), Side(current, "c.json"));
  EXPECT_FALSE(d.base_has_versions);
  EXPECT_TRUE(d.current_has_versions);
  ASSERT_EQ(d.versions.size(), 1u);  // not amdgpu and rocBLAS "added"
  EXPECT_EQ(d.versions[0].component, "ROCm");
}

TEST(CompareReportsTest, SameOrDifferentHosts) {
  json base = Report("pass", json::array({Check("hardware.gpus", "pass")}));
  json current = base;
  base["host"]["hostname"] = "golden-01";
  current["host"]["hostname"] = "gpu-07";
  EXPECT_EQ(CompareReports(Side(base, "b"), Side(current, "c")).same_host, false);
  current["host"]["hostname"] = "golden-01";
  EXPECT_EQ(CompareReports(Side(base, "b"), Side(current, "c")).same_host, true);
  current["host"]["hostname"] = nullptr;
  EXPECT_FALSE(CompareReports(Side(base, "b"), Side(current, "c")).same_host.has_value());
}

}  // namespace
}  // namespace rocm_doctor::diff
