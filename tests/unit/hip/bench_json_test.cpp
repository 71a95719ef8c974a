// SPDX-License-Identifier: MIT
#include "hip/bench/bench_json.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "collect/bench/hip_bench_parse.h"
#include "hip/json_writer.h"

namespace rocm_doctor::hip_helper {
namespace {

using nlohmann::json;

BenchReport H200Report() {
  BenchReport report;
  report.backend = "cuda";
  report.runtime_version = 13000;
  report.driver_version = 13000;
  report.level = "quick";
  BenchDevice device;
  device.index = 0;
  device.name = "NVIDIA H200";
  device.arch = "sm_90";
  device.pci_bus_id = "0000:19:00.0";
  device.compute_units = 132;
  device.clock_mhz = 1980;
  device.memory_clock_mhz = 3201;
  device.memory_bus_width_bits = 6144;
  device.total_bytes = 150109880320;
  device.free_bytes = 149557477376;
  report.device = device;

  BenchResult triad;
  triad.name = "memory.triad";
  triad.status = BenchStatus::kOk;
  triad.unit = "B/s";
  triad.best = 4.38e12;
  triad.median = 4.37e12;
  triad.worst = 4.36e12;
  triad.spread = 0.02 / 4.37;
  triad.samples = 20;
  triad.iterations = 5;
  triad.bytes = 3221225472;
  triad.elements = 268435456;
  triad.element_bytes = 4;
  triad.clock_mhz_seen = 1980;
  triad.verified = true;
  triad.params.SetInt("threads_per_block", 256).SetString("load_hint", "streaming");
  triad.params.SetDouble("array_over_l2", 17.07).SetBool("pinned", false);
  report.benchmarks.push_back(triad);

  BenchResult memtest;
  memtest.name = "memtest.address";
  memtest.status = BenchStatus::kOk;
  memtest.unit = "errors";
  memtest.best = memtest.median = memtest.worst = 2.0;
  memtest.spread = 0.0;
  memtest.samples = 1;
  memtest.iterations = 3;
  memtest.verified = false;
  memtest.params.SetStrings("first_bad_addresses", {"0x00007f0000001000", "0x00007f0000002008"});
  JsonWriter bad;
  bad.BeginArray().BeginObject().Key("address").String("0x00007f0000001000").EndObject().EndArray();
  memtest.params.SetRaw("first_bad", bad.str());
  report.benchmarks.push_back(memtest);

  BenchResult peer;
  peer.name = "peer.copy";
  peer.status = BenchStatus::kSkipped;
  peer.reason = "no peers: 1 GPU";
  peer.unit = "B/s";
  report.benchmarks.push_back(peer);
  report.wall_seconds = 2.87;
  return report;
}

TEST(BenchJson, EveryContractFieldWithItsType) {
  const std::string text = BenchReportJson(H200Report());
  EXPECT_EQ(text.find('\n'), std::string::npos);
  const json doc = json::parse(text);
  EXPECT_EQ(doc["format"], 1);
  EXPECT_EQ(doc["kind"], "bench");
  EXPECT_EQ(doc["backend"], "cuda");
  EXPECT_EQ(doc["runtime_version"], 13000);
  EXPECT_EQ(doc["level"], "quick");
  EXPECT_EQ(doc["interrupted"], false);
  EXPECT_TRUE(doc["error"].is_null());
  EXPECT_EQ(doc["wall_seconds"], 2.87);
  EXPECT_TRUE(doc["elapsed_s"].is_null());  // set by HelperMain, not by the runner
  const json& d = doc["device"];
  for (const char* key : {"index", "compute_units", "clock_mhz", "memory_clock_mhz",
                          "memory_bus_width_bits", "total_bytes", "free_bytes"}) {
    EXPECT_TRUE(d[key].is_number_integer()) << key;
  }
  EXPECT_EQ(d["pci_bus_id"], "0000:19:00.0");
  EXPECT_TRUE(d.contains("numa_node"));
  EXPECT_TRUE(d["numa_node"].is_null());  // unknown is null, never 0
  ASSERT_EQ(doc["benchmarks"].size(), 3U);
  const json& t = doc["benchmarks"][0];
  EXPECT_EQ(t["name"], "memory.triad");
  EXPECT_EQ(t["status"], "ok");
  EXPECT_TRUE(t["reason"].is_null());
  EXPECT_EQ(t["best"], 4.38e12);
  EXPECT_EQ(t["bytes"], 3221225472LL);
  EXPECT_EQ(t["clock_mhz_seen"], 1980);
  EXPECT_EQ(t["verified"], true);
  EXPECT_EQ(t["params"]["threads_per_block"], 256);
  EXPECT_EQ(t["params"]["load_hint"], "streaming");
  EXPECT_EQ(t["params"]["pinned"], false);
  const json& m = doc["benchmarks"][1];
  EXPECT_EQ(m["unit"], "errors");
  EXPECT_EQ(m["best"], 2.0);
  EXPECT_EQ(m["params"]["first_bad_addresses"][1], "0x00007f0000002008");
  EXPECT_EQ(m["params"]["first_bad"][0]["address"], "0x00007f0000001000");
  const json& p = doc["benchmarks"][2];
  EXPECT_EQ(p["status"], "skipped");
  EXPECT_EQ(p["reason"], "no peers: 1 GPU");
  for (const char* key : {"best", "median", "worst", "spread", "bytes", "elements", "element_bytes",
                          "clock_mhz_seen", "verified"}) {
    EXPECT_TRUE(p[key].is_null()) << key;
  }
  EXPECT_TRUE(p["params"].is_object());
  EXPECT_TRUE(p["params"].empty());
}

TEST(BenchJson, NoDeviceKeepsTheRuntimeError) {
  BenchReport report;
  report.backend = "hip";
  report.level = "standard";
  report.error = "hipErrorNoDevice: no ROCm-capable device is detected";
  const json doc = json::parse(BenchReportJson(report));
  EXPECT_EQ(doc["error"], "hipErrorNoDevice: no ROCm-capable device is detected");
  EXPECT_TRUE(doc["device"].is_null());
  EXPECT_TRUE(doc["benchmarks"].is_array());
  EXPECT_TRUE(doc["benchmarks"].empty());
  EXPECT_TRUE(doc["runtime_version"].is_null());
}

TEST(BenchJson, HostileTextAndNumbersStayValidJson) {
  BenchReport report = H200Report();
  report.benchmarks[0].best = std::numeric_limits<double>::infinity();
  report.benchmarks[0].params.SetDouble("nan", std::nan(""));
  report.benchmarks[0].params.SetString("quote\"key", "line\nbreak\x01\xff");
  report.benchmarks[0].params.SetInt("threads_per_block", 512);  // replaces, keeps the order
  report.device->name =
      "H\x01"
      "200";
  const json doc = json::parse(BenchReportJson(report));
  const json& t = doc["benchmarks"][0];
  EXPECT_TRUE(t["best"].is_null());
  EXPECT_TRUE(t["params"]["nan"].is_null());
  EXPECT_EQ(t["params"]["quote\"key"], "line\nbreak\x01\xEF\xBF\xBD");
  EXPECT_EQ(t["params"]["threads_per_block"], 512);
  EXPECT_EQ(doc["device"]["name"],
            "H\x01"
            "200");  // a control byte, escaped
  EXPECT_NE(BenchReportJson(report).find("{\"threads_per_block\":512,"), std::string::npos);
}

TEST(BenchJson, StatusNames) {
  EXPECT_STREQ(BenchStatusName(BenchStatus::kOk), "ok");
  EXPECT_STREQ(BenchStatusName(BenchStatus::kSkipped), "skipped");
  EXPECT_STREQ(BenchStatusName(BenchStatus::kFailed), "failed");
  EXPECT_STREQ(BenchStatusName(BenchStatus::kVerifyFailed), "verify_failed");
  EXPECT_STREQ(BenchStatusName(BenchStatus::kTimeout), "timeout");
}

// The contract (bench-contract.md) has two sides: what this helper prints must be what the
// doctor's parser accepts.
TEST(BenchJson, TheDoctorsParserAcceptsIt) {
  const auto parsed = parse::ParseHipBenchJson(BenchReportJson(H200Report()));
  ASSERT_TRUE(parsed) << parsed.error();
  EXPECT_EQ(parsed->benchmarks.size(), 3U);
  BenchReport none;
  none.backend = "hip";
  none.level = "quick";
  none.error = "hipErrorNoDevice";
  const auto no_device = parse::ParseHipBenchJson(BenchReportJson(none));
  ASSERT_TRUE(no_device) << no_device.error();
}

// The run on the project's H200 (tests/fixtures/bench/README.md) parses too.
TEST(BenchJson, TheRecordedH200RunParses) {
  std::ifstream in(std::string(ROCMDOC_SOURCE_DIR) + "/tests/fixtures/bench/h200-quick.json");
  ASSERT_TRUE(in);
  std::ostringstream text;
  text << in.rdbuf();
  const auto parsed = parse::ParseHipBenchJson(text.str());
  ASSERT_TRUE(parsed) << parsed.error();
  EXPECT_EQ(parsed->benchmarks.size(), 22U);
  const json doc = json::parse(text.str());
  for (const json& b : doc["benchmarks"]) {
    EXPECT_TRUE(b["status"] == "ok" || b["status"] == "skipped") << b["name"];
  }
}

TEST(BenchJson, ElapsedSecondsOfTheWholeRun) {
  BenchReport report = H200Report();
  report.elapsed_seconds = 4.25;
  EXPECT_EQ(json::parse(BenchReportJson(report))["elapsed_s"], 4.25);
}

}  // namespace
}  // namespace rocm_doctor::hip_helper
