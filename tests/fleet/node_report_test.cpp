// SPDX-License-Identifier: MIT
#include "fleet/node_report.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace rocm_doctor::fleet {
namespace {

using nlohmann::json;

// A report in the shape `rocm-doctor check --format json` writes (docs/report.schema.json),
// trimmed to what the fleet reads plus a few keys it must skip.
json Report() {
  return {
      {"schema_version", 1},
      {"tool", {{"name", "rocm-doctor"}, {"version", "0.1.0"}}},
      {"verdict", "fail"},
      {"exit_code", 1},
      {"started_at", "2026-12-01T11:10:58Z"},
      {"duration_ms", 41.5},
      {"host",
       {{"hostname", "gpu-07"},
        {"kernel", "6.8.0-45-generic"},
        {"os", "Ubuntu 22.04.5 LTS"},
        {"user", "root"},
        {"sysroot", nullptr},
        {"system", "live host"},
        {"rocm_release", "6.2.0"}}},
      {"root_causes",
       {{{"code", "driver.kfd.permission_denied"},
         {"check", "driver.kfd_access"},
         {"status", "fail"},
         {"message", "/dev/kfd is crw-rw---- root:render"},
         {"evidence",
          {{{"source", "/dev/kfd"}, {"observed", "crw-rw----"}, {"expected", nullptr}}}},
         {"symptoms", json::array()}}}},
      {"checks",
       {{{"id", "driver.kfd_access"},
         {"status", "fail"},
         {"findings",
          {{{"code", "driver.kfd.permission_denied"},
            {"status", "fail"},
            {"evidence", json::array()}},
           {{"code", "driver.kfd.info"}, {"status", "info"}}}}},
        {{"id", "hardware.bar"},
         {"status", "warn"},
         {"findings",
          {{{"code", "hardware.bar.small"}, {"status", "warn"}},
           {{"code", "hardware.bar.small"}, {"status", "warn"}},
           {{"code", "policy.waived.thing"},
            {"status", "fail"},
            {"waived", "known, ticket 12"}}}}}}},
      {"gpus",
       {{{"pci", "0000:c1:00.0"}, {"name", "AMD Instinct MI300X"}, {"gfx", "gfx942"}},
        {{"pci", "0000:c2:00.0"}, {"name", nullptr}, {"gfx", "gfx942"}},
        {{"pci", "0000:c3:00.0"}, {"name", nullptr}, {"gfx", nullptr}, {"device_id", "0x74a1"}}}},
      {"benchmarks",
       {{{"name", "memory.triad"},
         {"unit", "B/s"},
         {"status", "ok"},
         {"median", 4.1e12},
         {"best", 4.2e12},
         {"device", 0},
         {"device_name", nullptr},
         {"pci", "0000:c1:00.0"}},
        {{"name", "memory.triad"},
         {"unit", "B/s"},
         {"status", "failed"},
         {"median", nullptr},
         {"pci", "0000:c2:00.0"}},
        {{"name", "launch.roundtrip"},
         {"unit", "s"},
         {"status", "ok"},
         {"median", nullptr},
         {"best", 8.1e-6},
         {"device", 1},
         {"device_name", "AMD Instinct MI300X"},
         {"pci", nullptr}}}}};
}

TEST(ReadNodeReport, KeepsTheFieldsAFleetNeeds) {
  auto r = ReadNodeReport(Report().dump(2), "fallback");
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->node, "gpu-07");
  EXPECT_EQ(r->verdict, "fail");
  EXPECT_EQ(r->exit_code, 1);
  EXPECT_EQ(r->started_at, "2026-12-01T11:10:58Z");
  EXPECT_EQ(r->tool_version, "0.1.0");
  EXPECT_EQ(r->kernel, "6.8.0-45-generic");
  EXPECT_EQ(r->rocm_release, "6.2.0");
  EXPECT_EQ(r->root_causes, std::vector<std::string>{"driver.kfd.permission_denied"});
  EXPECT_EQ(r->root_cause_message, "/dev/kfd is crw-rw---- root:render");
  // Unique and sorted; info is no problem; a waived finding does not count.
  EXPECT_EQ(r->problem_codes,
            (std::vector<std::string>{"driver.kfd.permission_denied", "hardware.bar.small"}));
  EXPECT_EQ(r->gpu_models,
            (std::vector<std::string>{"AMD Instinct MI300X", "gfx942", "device 0x74a1"}));
  ASSERT_EQ(r->figures.size(), 2u) << "the failed benchmark is no figure";
  EXPECT_EQ(r->figures[0].name, "memory.triad");
  EXPECT_EQ(r->figures[0].value, 4.1e12) << "the median, not the best";
  EXPECT_EQ(r->figures[0].gpu, "0000:c1:00.0");
  EXPECT_EQ(r->figures[0].model, "AMD Instinct MI300X") << "from the GPU at its PCI address";
  EXPECT_EQ(r->figures[1].value, 8.1e-6) << "the best when there is no median";
  EXPECT_EQ(r->figures[1].gpu, "device 1");
  EXPECT_EQ(r->figures[0].partition, "") << "a report without partition modes: the model alone";
  EXPECT_FALSE(r->run_error.has_value());
}

// gpus[].compute_partition / memory_partition (a GPU with partition modes, issue 19): each
// figure takes the partition of the GPU at its PCI address.
TEST(ReadNodeReport, AFigureTakesThePartitionOfTheGpuAtItsAddress) {
  json j = Report();
  j["gpus"][0]["compute_partition"] = "CPX";
  j["gpus"][0]["memory_partition"] = "NPS4";
  auto r = ReadNodeReport(j.dump(), "x");
  ASSERT_TRUE(r) << r.error();
  ASSERT_EQ(r->figures.size(), 2u);
  EXPECT_EQ(r->figures[0].partition, "CPX/NPS4");
  // No address (pci null): the partition every listed GPU of its model shares.
  EXPECT_EQ(r->figures[1].partition, "CPX/NPS4");

  // Two MI300X in different modes: the figure without an address cannot be placed.
  j["gpus"][1]["name"] = "AMD Instinct MI300X";
  j["gpus"][1]["compute_partition"] = "SPX";
  j["gpus"][1]["memory_partition"] = "NPS1";
  r = ReadNodeReport(j.dump(), "x");
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->figures[0].partition, "CPX/NPS4");
  EXPECT_EQ(r->figures[1].partition, "");

  // An attribute that could not be read (null): no compute mode, no partition.
  j["gpus"][0]["compute_partition"] = nullptr;
  r = ReadNodeReport(j.dump(), "x");
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->figures[0].partition, "");
  // The memory mode alone unknown: the compute mode is the partition.
  j["gpus"][0]["compute_partition"] = "CPX";
  j["gpus"][0]["memory_partition"] = nullptr;
  r = ReadNodeReport(j.dump(), "x");
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->figures[0].partition, "CPX");
}

TEST(ReadNodeReport, NoHostnameTakesTheFallbackAndNoBenchmarksIsFine) {
  json j = Report();
  j["host"]["hostname"] = nullptr;
  j.erase("benchmarks");
  auto r = ReadNodeReport(j.dump(), "mi300x-healthy");
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->node, "mi300x-healthy");
  EXPECT_TRUE(r->figures.empty());
}

TEST(ReadNodeReport, AnErrorReportIsANodeWhoseRunFailed) {
  // What WriteJsonError prints when no report could be made.
  json j = {{"schema_version", 1},
            {"tool", {{"name", "rocm-doctor"}, {"version", "0.1.0"}}},
            {"verdict", "unknown"},
            {"exit_code", 2},
            {"error", "--sysroot x: No such file or directory"}};
  auto r = ReadNodeReport(j.dump(), "node-3");
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->node, "node-3");
  EXPECT_EQ(r->run_error, "--sysroot x: No such file or directory");
}

TEST(ReadNodeReport, WhatIsNotAReportIsAnErrorThatSaysWhy) {
  json other_tool = Report();
  other_tool["tool"]["name"] = "dcgmi";
  json newer = Report();
  newer["schema_version"] = 99;
  json no_schema = Report();
  no_schema.erase("schema_version");
  json odd_verdict = Report();
  odd_verdict["verdict"] = "maybe";
  const std::string truncated = Report().dump(2).substr(0, 400);
  const struct {
    std::string text;
    std::string says;
  } cases[] = {
      {"", "empty file"},
      {"[1, 2]", "not a JSON object"},
      {"\"text\"", "not a JSON object"},
      {truncated, "not JSON: "},
      {Report().dump() + "{}", "text after the report"},
      {other_tool.dump(), "tool \"dcgmi\""},
      {newer.dump(), "schema_version 99 is newer"},
      {no_schema.dump(), "no schema_version"},
      {odd_verdict.dump(), "verdict \"maybe\""},
      {"{\"schema_version\": 1}", "no verdict"},
      {std::string("\x1f\x8b\x08\x00", 4), "not a JSON object"},
  };
  for (const auto& c : cases) {
    auto r = ReadNodeReport(c.text, "n");
    ASSERT_FALSE(r) << c.says;
    EXPECT_NE(r.error().find(c.says), std::string::npos) << r.error();
  }
}

TEST(ReadNodeReport, WrongTypesAreSkippedNotTrusted) {
  json j = Report();
  j["host"] = "not an object";
  j["root_causes"] = {1, "x", {{"code", 5}}};
  j["gpus"] = {{{"name", 3}}};
  j["benchmarks"] = {{{"name", "memory.triad"}, {"unit", "B/s"}, {"median", "fast"}}};
  auto r = ReadNodeReport(j.dump(), "fallback");
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->node, "fallback");
  EXPECT_TRUE(r->root_causes.empty());
  EXPECT_EQ(r->gpu_models, std::vector<std::string>{"unknown"});
  EXPECT_TRUE(r->figures.empty());
}

}  // namespace
}  // namespace rocm_doctor::fleet
