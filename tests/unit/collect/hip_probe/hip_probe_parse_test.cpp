// SPDX-License-Identifier: MIT
// ParseHipProbeJson: the helper's real outputs (docs/hip-helper.md) and hostile input.
#include "collect/hip_probe/hip_probe_parse.h"

#include <gtest/gtest.h>

#include <string>

namespace rocm_doctor::parse {
namespace {

// This project's CI VM (no GPU), HIP build: verbatim from docs/hip-helper.md.
constexpr char kNoDevice[] =
    R"({"helper":"rocm-doctor-hip","version":1,"backend":"hip","targets":["gfx90a","gfx1030"],)"
    R"("runtime_version":50221153,"driver_version":50221153,"device_count":0,"error":{"code":100,)"
    R"("name":"hipErrorNoDevice","message":"hipErrorNoDevice","call":"hipGetDeviceCount"},)"
    R"("devices":[]})";

constexpr char kMi210[] =
    R"({"helper":"rocm-doctor-hip","version":1,"backend":"hip","targets":["gfx90a","gfx1030"],)"
    R"("runtime_version":50221153,"driver_version":50221153,"device_count":1,"error":null,)"
    R"("devices":[{"index":0,"name":"AMD Instinct MI210","arch":"gfx90a:sramecc+:xnack-",)"
    R"("compute_units":104,"total_memory_bytes":68702699520,"clock_khz":1700000,)"
    R"("memory_clock_khz":1600000,"memory_bus_width_bits":4096,"pci_bdf":"0000:c1:00.0",)"
    R"("large_bar":true,"error":null,"smoke":{"ok":true,"kernel_ms":0.0512,"error":null,)"
    R"("mismatch":null,"checked_elements":4096}}]})";

TEST(ParseHipProbeJson, NoDeviceOnTheCiVm) {
  auto r = ParseHipProbeJson(std::string(kNoDevice) + "\n");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->format_version, 1);
  EXPECT_EQ(r->backend, "hip");
  EXPECT_EQ(r->targets, (std::vector<std::string>{"gfx90a", "gfx1030"}));
  EXPECT_EQ(r->runtime_version, 50221153);
  EXPECT_EQ(r->device_count, 0);
  ASSERT_TRUE(r->error.has_value());
  EXPECT_EQ(r->error->code, 100);
  EXPECT_EQ(r->error->name, "hipErrorNoDevice");
  EXPECT_EQ(r->error->message, "hipErrorNoDevice");
  EXPECT_EQ(r->error->call, "hipGetDeviceCount");
  EXPECT_TRUE(r->devices.empty());
}

TEST(ParseHipProbeJson, HealthyMi210) {
  auto r = ParseHipProbeJson(kMi210);
  ASSERT_TRUE(r.ok()) << r.error();
  ASSERT_EQ(r->devices.size(), 1u);
  const HipDevice& d = r->devices[0];
  EXPECT_EQ(d.name, "AMD Instinct MI210");
  EXPECT_EQ(d.arch, "gfx90a:sramecc+:xnack-");
  EXPECT_EQ(d.BaseArch(), "gfx90a");
  EXPECT_EQ(d.compute_units, 104);
  EXPECT_EQ(d.total_memory_bytes, 68702699520);
  EXPECT_EQ(d.memory_bus_width_bits, 4096);
  EXPECT_EQ(d.pci_bdf, "0000:c1:00.0");
  EXPECT_EQ(d.large_bar, true);
  EXPECT_FALSE(d.error.has_value());
  ASSERT_TRUE(d.smoke.has_value());
  EXPECT_TRUE(d.smoke->ok);
  EXPECT_DOUBLE_EQ(*d.smoke->kernel_ms, 0.0512);
  EXPECT_EQ(d.smoke->checked_elements, 4096);
}

TEST(ParseHipProbeJson, NullsStayUnknown) {
  auto r = ParseHipProbeJson(
      R"({"helper":"rocm-doctor-hip","version":1,"backend":"cuda","targets":["sm_90"],)"
      R"("runtime_version":13000,"driver_version":null,"device_count":1,"error":null,)"
      R"("devices":[{"index":0,"name":null,"arch":null,"compute_units":null,)"
      R"("total_memory_bytes":null,"pci_bdf":null,"large_bar":null,"error":{"code":3,)"
      R"("name":"cudaErrorInitializationError","message":"initialization error",)"
      R"("call":"cudaGetDeviceProperties"},"smoke":null}]})");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_FALSE(r->driver_version.has_value());
  const HipDevice& d = r->devices[0];
  EXPECT_FALSE(d.name.has_value());
  EXPECT_FALSE(d.compute_units.has_value());
  EXPECT_FALSE(d.large_bar.has_value());
  EXPECT_EQ(d.BaseArch(), "");
  EXPECT_FALSE(d.smoke.has_value());
  ASSERT_TRUE(d.error.has_value());
  EXPECT_EQ(d.error->name, "cudaErrorInitializationError");
}

TEST(ParseHipProbeJson, SmokeMismatch) {
  auto r = ParseHipProbeJson(
      R"({"helper":"rocm-doctor-hip","version":1,"device_count":1,"devices":[{"index":0,)"
      R"("smoke":{"ok":false,"kernel_ms":null,"error":null,"mismatch":{"index":0,"expected":1,)"
      R"("got":4294967295,"count":4096},"checked_elements":4096}}]})");
  ASSERT_TRUE(r.ok()) << r.error();
  const HipSmoke& s = *r->devices[0].smoke;
  EXPECT_FALSE(s.ok);
  ASSERT_TRUE(s.mismatch.has_value());
  EXPECT_EQ(s.mismatch->got, 4294967295);
  EXPECT_EQ(s.mismatch->count, 4096);
}

struct Hostile {
  const char* name;
  std::string text;
  const char* error;  // a substring of the expected error
};

std::string WithDevice(const std::string& device) {
  return R"({"helper":"rocm-doctor-hip","version":1,"device_count":1,"devices":[)" + device + "]}";
}

class ParseHipProbeHostile : public ::testing::TestWithParam<Hostile> {};

TEST_P(ParseHipProbeHostile, IsRejectedWithItsPath) {
  auto r = ParseHipProbeJson(GetParam().text);
  ASSERT_FALSE(r.ok()) << GetParam().name;
  EXPECT_NE(r.error().find(GetParam().error), std::string::npos)
      << GetParam().name << ": " << r.error();
}

INSTANTIATE_TEST_SUITE_P(
    Table, ParseHipProbeHostile,
    ::testing::Values(
        Hostile{"empty", "", "no output"}, Hostile{"whitespace", " \n\t\n", "no output"},
        Hostile{"truncated", std::string(kMi210).substr(0, 120), "not valid JSON"},
        Hostile{"runtime log on stdout", "HIP: init\n" + std::string(kNoDevice), "not valid JSON"},
        Hostile{"two objects", std::string(kNoDevice) + kNoDevice, "not valid JSON"},
        Hostile{"array", "[1,2]", "expected a JSON object, got array"},
        Hostile{"number", "42", "expected a JSON object"},
        Hostile{"other program", R"({"version":1,"devices":[]})", "helper: missing"},
        Hostile{"wrong helper", R"({"helper":"rocminfo","version":1})", "\"rocminfo\""},
        Hostile{"newer format", R"({"helper":"rocm-doctor-hip","version":2})", "JSON format 2"},
        Hostile{"version as string", R"({"helper":"rocm-doctor-hip","version":"1"})",
                "version: expected an integer, got string"},
        Hostile{"device_count missing", R"({"helper":"rocm-doctor-hip","version":1,"devices":[]})",
                "device_count: missing"},
        Hostile{"device_count negative",
                R"({"helper":"rocm-doctor-hip","version":1,"device_count":-1,"devices":[]})",
                "device_count: -1 is out of range"},
        Hostile{"device_count huge",
                R"({"helper":"rocm-doctor-hip","version":1,"device_count":)"
                R"(99999999999999999999,"devices":[]})",
                "device_count: expected an integer, got number"},
        Hostile{"device_count float",
                R"({"helper":"rocm-doctor-hip","version":1,"device_count":1.5,"devices":[]})",
                "device_count: expected an integer, got number 1.5"},
        Hostile{"devices missing", R"({"helper":"rocm-doctor-hip","version":1,"device_count":0})",
                "devices: missing"},
        Hostile{"devices object",
                R"({"helper":"rocm-doctor-hip","version":1,"device_count":0,"devices":{}})",
                "devices: expected an array, got object"},
        Hostile{"device not an object", WithDevice("7"),
                "devices[0]: expected an object, got integer"},
        Hostile{"device without index", WithDevice("{}"), "devices[0].index: missing"},
        Hostile{"compute_units string", WithDevice(R"({"index":0,"compute_units":"104"})"),
                "devices[0].compute_units: expected an integer, got string"},
        Hostile{"memory beyond int64",
                WithDevice(R"({"index":0,"total_memory_bytes":18446744073709551615})"),
                "devices[0].total_memory_bytes: 18446744073709551615 is out of range"},
        Hostile{"memory negative", WithDevice(R"({"index":0,"total_memory_bytes":-5})"),
                "devices[0].total_memory_bytes: -5 is out of range"},
        Hostile{"large_bar as 1", WithDevice(R"({"index":0,"large_bar":1})"),
                "devices[0].large_bar: expected true or false"},
        Hostile{"error as string",
                R"({"helper":"rocm-doctor-hip","version":1,"device_count":0,)"
                R"("error":"hipErrorNoDevice","devices":[]})",
                "error: expected an object or null, got string"},
        Hostile{"error without name",
                R"({"helper":"rocm-doctor-hip","version":1,"device_count":0,)"
                R"("error":{"code":100},"devices":[]})",
                "error.name: missing"},
        Hostile{"smoke ok missing", WithDevice(R"({"index":0,"smoke":{}})"),
                "devices[0].smoke.ok: missing"},
        Hostile{"mismatch incomplete",
                WithDevice(R"({"index":0,"smoke":{"ok":false,"mismatch":{"index":0}}})"),
                "devices[0].smoke.mismatch.expected: missing"},
        Hostile{"target not a string",
                R"({"helper":"rocm-doctor-hip","version":1,"targets":[90],"device_count":0,)"
                R"("devices":[]})",
                "targets[0]: expected a string"},
        Hostile{"deep nesting", std::string(100000, '['), "nested deeper than 32"},
        Hostile{"larger than the bound", std::string(kMaxHipProbeBytes + 1, ' ') + "{}",
                "larger than"}),
    [](const ::testing::TestParamInfo<Hostile>& info) {
      std::string name;
      for (char c : std::string(info.param.name)) name += std::isalnum(c) ? c : '_';
      return name;
    });

TEST(ParseHipProbeJson, NonUtf8InAStringIsRejectedNotCrashed) {
  auto r = ParseHipProbeJson(WithDevice("{\"index\":0,\"name\":\"\xff\xfe\"}"));
  EXPECT_FALSE(r.ok());
}

TEST(ParseHipProbeJson, LongStringsAreCut) {
  auto r =
      ParseHipProbeJson(WithDevice(R"({"index":0,"name":")" + std::string(100000, 'x') + R"("})"));
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->devices[0].name->size(), kMaxHipStringBytes);
}

TEST(PrintableExcerpt, EscapesAndCuts) {
  EXPECT_EQ(PrintableExcerpt("ok\n\x01\xff", 100), "ok\\n\\x01\\xff");
  EXPECT_EQ(PrintableExcerpt("abcdef", 3), "abc...");
  EXPECT_EQ(PrintableExcerpt("", 3), "");
}

TEST(TailLines, KeepsTheLastNonEmptyLines) {
  EXPECT_EQ(TailLines("a\nb\n\nc\r\nd\n\n", 3, 100), "b | c | d");
  EXPECT_EQ(TailLines("", 3, 100), "");
  EXPECT_EQ(TailLines("only", 3, 100), "only");
  EXPECT_EQ(TailLines(std::string(500, 'x'), 2, 10).size(), 13u);
}

TEST(FormatRuntimeVersion, HipAndCuda) {
  EXPECT_EQ(FormatRuntimeVersion(50221153, "hip"), "5.2.21153");
  EXPECT_EQ(FormatRuntimeVersion(60443483, "hip"), "6.4.43483");
  EXPECT_EQ(FormatRuntimeVersion(13000, "cuda"), "13.0");
  EXPECT_EQ(FormatRuntimeVersion(12040, "cuda"), "12.4");
}

TEST(SignalName, KnownAndUnknown) {
  EXPECT_EQ(SignalName(11), "SIGSEGV");
  EXPECT_EQ(SignalName(6), "SIGABRT");
  EXPECT_EQ(SignalName(77), "signal 77");
}

}  // namespace
}  // namespace rocm_doctor::parse
