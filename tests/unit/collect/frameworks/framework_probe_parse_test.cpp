// SPDX-License-Identifier: MIT
// The probe output parser: stage lines and the report line, with every type error named by its
// JSON path, bounds on hostile recordings, and the format version.
#include "collect/frameworks/framework_probe_parse.h"

#include <gtest/gtest.h>

namespace rocm_doctor::framework {
namespace {

constexpr char kReport[] =
    R"({"format": 1, "framework": "torch", "python_executable": "/usr/bin/python3",
        "python_version": "3.11.2", "imported": true, "import_error": null,
        "import_seconds": 2.5, "version": "2.5.1+rocm6.2", "file": "/x/torch/__init__.py",
        "hip": "6.2.41133-dd7f95766", "cuda": null, "rocm_build": null, "cuda_build": null,
        "available": true, "device_count": 1, "arch_list": ["gfx1030", "gfx1100"],
        "backend": null, "providers": [],
        "devices": [{"name": "AMD Radeon RX 7900 XTX", "arch": "gfx1100", "platform": null,
                     "error": null}],
        "op": {"device": "cuda:0", "result": 256.0, "expected": 256.0, "error": null},
        "errors": {"arch_list": {"type": "RuntimeError", "message": "m", "traceback": "t"}},
        "warnings": ["UserWarning: HIP initialization"]})";

TEST(ProbeOutput, StagesAndTheReportLine) {
  ProbeOutput out = ScanProbeOutput(
      "noise printed before the redirect\n@rocm-doctor stage import\r\n@rocm-doctor stage "
      "devices\n@rocm-doctor report {\"a\": 1}\n");
  EXPECT_EQ(out.stage, "devices");
  EXPECT_EQ(out.report, "{\"a\": 1}");
  ProbeOutput crashed = ScanProbeOutput("@rocm-doctor stage import\n@rocm-doctor stage op");
  EXPECT_EQ(crashed.stage, "op");
  EXPECT_FALSE(crashed.report);
  EXPECT_FALSE(ScanProbeOutput("").report);
  EXPECT_EQ(ScanProbeOutput("@rocm-doctor stage " + std::string(1000, 'x')).stage.size(), 64u);
}

TEST(ProbeReport, ParsesEveryField) {
  auto r = ParseProbeReport(kReport);
  ASSERT_TRUE(r) << r.error();
  EXPECT_TRUE(r->imported);
  EXPECT_EQ(r->hip, "6.2.41133-dd7f95766");
  EXPECT_FALSE(r->cuda);
  EXPECT_EQ(r->device_count, 1);
  ASSERT_TRUE(r->arch_list);
  EXPECT_EQ(r->arch_list->size(), 2u);
  ASSERT_EQ(r->devices.size(), 1u);
  EXPECT_EQ(r->devices[0].arch, "gfx1100");
  ASSERT_TRUE(r->op);
  EXPECT_TRUE(r->op->ok());
  EXPECT_EQ(r->errors.at("arch_list").type, "RuntimeError");
  EXPECT_EQ(r->warnings.size(), 1u);
  EXPECT_EQ(r->import_seconds, 2.5);
}

TEST(ProbeReport, ImportErrorReport) {
  auto r = ParseProbeReport(
      R"({"format": 1, "framework": "torch", "imported": false, "import_error":
          {"type": "ModuleNotFoundError", "message": "No module named 'typing_extensions'",
           "traceback": "..."}, "devices": [], "errors": {}, "warnings": []})");
  ASSERT_TRUE(r) << r.error();
  EXPECT_FALSE(r->imported);
  EXPECT_EQ(r->import_error->type, "ModuleNotFoundError");
}

TEST(ProbeReport, Rejects) {
  struct Case {
    std::string text;
    std::string error;
  } cases[] = {
      {"", "not valid JSON"},
      {"[]", "not an object"},
      {"{\"framework\": \"torch\"}", "format: missing"},
      {"{\"format\": 2, \"imported\": true}", "different versions"},
      {"{\"format\": 1}", "imported: missing"},
      {"{\"format\": 1, \"imported\": false}", "says nothing"},
      {"{\"format\": 1, \"imported\": true, \"hip\": 6.2}", "hip: expected a string or null"},
      {"{\"format\": 1, \"imported\": true, \"device_count\": -1}",
       "device_count: expected a count"},
      {"{\"format\": 1, \"imported\": true, \"device_count\": 99999999999}", "out of range"},
      {"{\"format\": 1, \"imported\": true, \"devices\": [1]}", "devices[0]: expected an object"},
      {"{\"format\": 1, \"imported\": true, \"devices\": [{\"arch\": 1}]}", "devices[0].arch"},
      {"{\"format\": 1, \"imported\": true, \"arch_list\": [\"gfx\", 3]}", "arch_list[1]"},
      {"{\"format\": 1, \"imported\": true, \"op\": []}", "op: expected an object"},
      {"{\"format\": 1, \"imported\": true, \"errors\": {\"x\": 1}}", "errors.x"},
      {"{\"format\": 1, \"imported\": true, \"errors\": {\"x\": {}}}", "errors.x.type: missing"},
      {"{\"format\": 1, \"imported\": \"yes\"}", "imported: expected true"},
      {std::string(100, '[') + std::string(100, ']'), "nests deeper"},
      {std::string(kMaxProbeOutput + 1, ' '), "more than"},
  };
  for (const Case& c : cases) {
    auto r = ParseProbeReport(c.text);
    ASSERT_FALSE(r) << c.text.substr(0, 80);
    EXPECT_NE(r.error().find(c.error), std::string::npos) << r.error();
  }
}

TEST(ProbeReport, LongStringsAreCutAndManyItemsRefused) {
  std::string big = std::string("{\"format\": 1, \"imported\": true, \"version\": \"") +
                    std::string(20000, 'v') + "\"}";
  auto r = ParseProbeReport(big);
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->version->size(), kMaxProbeStrings);
  std::string many = "{\"format\": 1, \"imported\": true, \"warnings\": [";
  for (std::size_t i = 0; i <= kMaxProbeItems; ++i) many += (i ? ",\"w\"" : "\"w\"");
  many += "]}";
  EXPECT_FALSE(ParseProbeReport(many));
}

}  // namespace
}  // namespace rocm_doctor::framework
