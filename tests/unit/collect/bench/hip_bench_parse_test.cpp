// SPDX-License-Identifier: MIT
// ParseHipBenchJson: the contract's format parses field by field; hostile or foreign input is
// rejected with the JSON path of the first problem.
#include "collect/bench/hip_bench_parse.h"

#include <gtest/gtest.h>

#include <string>

#include "checks/bench/bench_json.h"
#include "checks/bench/matrix_json.h"

namespace rocm_doctor::testing {
namespace {

using parse::ParseHipBenchJson;

std::string Healthy() { return BenchJson(Mi300xDevice(), HealthyMi300x()); }

// `text` with the first `from` replaced by `to` (the replacement must happen).
std::string Replace(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

TEST(HipBenchParse, ReadsEveryFieldOfTheContract) {
  auto report = ParseHipBenchJson(Healthy());
  ASSERT_TRUE(report.ok()) << report.error();
  EXPECT_EQ(report->format_version, 1);
  EXPECT_EQ(report->backend, "hip");
  EXPECT_EQ(report->runtime_version, 60443483);
  EXPECT_EQ(report->level, "standard");  // the helper's "quick", in the doctor's words
  EXPECT_FALSE(report->interrupted);
  EXPECT_FALSE(report->error);
  ASSERT_TRUE(report->device);
  EXPECT_EQ(report->device->name, "AMD Instinct MI300X");
  EXPECT_EQ(report->device->BaseArch(), "gfx942");
  EXPECT_EQ(report->device->pci_bus_id, "0000:c1:00.0");
  EXPECT_EQ(report->device->compute_units, 304);
  EXPECT_EQ(report->device->numa_node, 0);
  EXPECT_EQ(report->wall_seconds, 11.5);
  ASSERT_EQ(report->benchmarks.size(), 22u);
  const Measurement* triad = report->Find("memory.triad");
  ASSERT_NE(triad, nullptr);
  EXPECT_EQ(triad->status, MeasurementStatus::kOk);
  EXPECT_EQ(triad->unit, "B/s");
  EXPECT_DOUBLE_EQ(*triad->median, 4.31e12);
  EXPECT_DOUBLE_EQ(*triad->best, 4.36e12);
  EXPECT_EQ(triad->samples, 20);
  EXPECT_EQ(triad->iterations, 5);
  EXPECT_FALSE(triad->bytes);
  EXPECT_EQ(triad->clock_mhz_seen, 2100);
  EXPECT_EQ(triad->verified, true);
  EXPECT_EQ(triad->Family(), "memory");
  const Measurement* peer = report->Find("peer.copy");
  ASSERT_NE(peer, nullptr);
  EXPECT_EQ(peer->status, MeasurementStatus::kSkipped);
  EXPECT_EQ(peer->reason, "no peers: 1 GPU");
  EXPECT_FALSE(peer->median);
  const Measurement* fma = report->Find("compute.fp32_fma");
  ASSERT_NE(fma, nullptr);
  EXPECT_EQ(fma->ParamText("instruction_path"), "v_pk_fma_f32");
  EXPECT_FALSE(fma->ParamNumber("instruction_path"));
  EXPECT_EQ(report->Find("memtest.random")->ParamNumber("mismatches"), 0);
}

TEST(HipBenchParse, ParamsKeepJsonTextAndCutLongLists) {
  std::string addresses = "[";
  for (int i = 0; i < 2000; ++i) addresses += std::string(i ? "," : "") + "\"0x7f00000000\"";
  addresses += "]";
  FakeBenchmark bad{"memtest.random",
                    "errors",
                    3,
                    3,
                    3,
                    "ok",
                    "null",
                    R"({"mismatches":3,"pinned":true,"seed":"12345","nested":{"a":[1,2]},)"
                    R"("first_bad_addresses":)" +
                        addresses + "}"};
  auto report = ParseHipBenchJson(BenchJson(Mi300xDevice(), {bad}));
  ASSERT_TRUE(report.ok()) << report.error();
  const Measurement& m = report->benchmarks[0];
  EXPECT_EQ(m.ParamText("pinned"), "true");
  EXPECT_EQ(m.ParamText("seed"), "12345");
  EXPECT_FALSE(m.ParamNumber("seed")) << "a string that looks like a number stays a string";
  EXPECT_EQ(m.params.at("seed"), "\"12345\"");
  EXPECT_EQ(m.ParamNumber("mismatches"), 3);
  EXPECT_EQ(m.ParamText("nested"), R"({"a":[1,2]})");
  ASSERT_TRUE(m.ParamText("first_bad_addresses"));
  EXPECT_LE(m.ParamText("first_bad_addresses")->size(), parse::kMaxBenchParamBytes);
  EXPECT_EQ(m.ParamText("first_bad_addresses")->substr(0, 15), R"(["0x7f00000000")");
  EXPECT_EQ(m.ParamText("first_bad_addresses")->back(), ']');
}

TEST(HipBenchParse, AnErrorReportWithoutADeviceParses) {
  auto report = ParseHipBenchJson(
      R"({"format":1,"kind":"bench","backend":"hip","runtime_version":50221153,)"
      R"("driver_version":50221153,"level":"quick","interrupted":false,)"
      R"("error":"hipErrorNoDevice: no ROCm-capable device is detected","device":null,)"
      R"("benchmarks":[],"wall_seconds":0.2})");
  ASSERT_TRUE(report.ok()) << report.error();
  EXPECT_EQ(report->error, "hipErrorNoDevice: no ROCm-capable device is detected");
  EXPECT_FALSE(report->device);
}

TEST(HipBenchParse, IgnoresKeysItDoesNotKnow) {
  auto report = ParseHipBenchJson(
      Replace(Healthy(), R"("wall_seconds":)", R"("future_key":[1,{"x":2}],"wall_seconds":)"));
  EXPECT_TRUE(report.ok()) << report.error();
}

struct Hostile {
  const char* what;
  std::string text;
  const char* error;  // the start of the expected message
};

class HipBenchParseRejects : public ::testing::TestWithParam<Hostile> {};

TEST_P(HipBenchParseRejects, WithThePathOfTheProblem) {
  auto report = ParseHipBenchJson(GetParam().text);
  ASSERT_FALSE(report.ok()) << GetParam().what;
  EXPECT_EQ(report.error().substr(0, std::string(GetParam().error).size()), GetParam().error)
      << GetParam().what << ": " << report.error();
}

std::vector<Hostile> HostileInputs() {
  const std::string ok = Healthy();
  return {
      {"empty", "", "no output"},
      {"whitespace", " \n\t ", "no output"},
      {"not json", "bench: memory.triad 3/5\n", "not valid JSON"},
      {"truncated", ok.substr(0, ok.size() / 2), "not valid JSON"},
      {"an array", "[1,2]", "expected a JSON object, got array"},
      {"nested", std::string(100, '[') + std::string(100, ']'), "JSON nested deeper"},
      {"too large", std::string(parse::kMaxBenchBytes + 1, ' ') + "{}", "output of"},
      {"NUL inside", std::string("{\"format\":1\0}", 13), "not valid JSON"},
      {"probe JSON", R"({"helper":"rocm-doctor-hip","version":1,"devices":[]})", "format: missing"},
      {"format 2", Replace(ok, R"("format":1)", R"("format":2)"), "format: JSON format 2"},
      {"format text", Replace(ok, R"("format":1)", R"("format":"1")"),
       "format: expected an integer, got string"},
      {"kind", Replace(ok, R"("kind":"bench")", R"("kind":"probe")"), "kind: \"probe\""},
      {"backend", Replace(ok, R"("backend":"hip")", R"("backend":"opencl")"), "backend:"},
      {"level", Replace(ok, R"("level":"quick")", R"("level":"turbo")"), "level: \"turbo\""},
      {"interrupted missing", Replace(ok, R"("interrupted":false,)", ""), "interrupted: missing"},
      {"interrupted text", Replace(ok, R"("interrupted":false)", R"("interrupted":"no")"),
       "interrupted: expected true or false"},
      {"device index", Replace(ok, R"({"index":0)", R"({"index":-1)"), "device.index: -1"},
      {"device cus", Replace(ok, R"("compute_units":304)", R"("compute_units":3.5)"),
       "device.compute_units: expected an integer, got number 3.5"},
      {"benchmarks missing", Replace(ok, R"("benchmarks":[)", R"("other":[)"),
       "benchmarks: missing"},
      {"benchmarks object",
       R"({"format":1,"kind":"bench","backend":"hip","level":"quick","interrupted":false,)"
       R"("device":null,"benchmarks":{}})",
       "benchmarks: expected an array, got object"},
      {"benchmark not object", Replace(ok, R"("benchmarks":[)", R"("benchmarks":[7,)"),
       "benchmarks[0]: expected an object, got integer"},
      {"bad name", Replace(ok, R"("name":"memory.copy")", R"("name":"Memory Copy")"),
       "benchmarks[0].name: \"Memory Copy\" is not a benchmark name"},
      {"duplicate", Replace(ok, R"("name":"memory.scale")", R"("name":"memory.copy")"),
       "benchmarks[1].name: \"memory.copy\" appears twice"},
      {"status", Replace(ok, R"("status":"ok")", R"("status":"great")"),
       "benchmarks[0].status: \"great\""},
      {"unit", Replace(ok, R"("unit":"B/s")", R"("unit":"GB/s")"),
       "benchmarks[0].unit: \"GB/s\", expected one of B/s, FLOP/s, OP/s, s, launch/s, errors"},
      {"median text", Replace(ok, R"("median":4200000000000)", R"("median":"4.2e12")"),
       "benchmarks[0].median: expected a number, got string"},
      {"median negative", Replace(ok, R"("median":4200000000000)", R"("median":-1)"),
       "benchmarks[0].median: -1 is out of range"},
      {"ok without median", Replace(ok, R"("median":4200000000000)", R"("median":null)"),
       "benchmarks[0].median: null for a benchmark with status ok"},
      {"out of order", Replace(ok, R"("best":4260000000000)", R"("best":1)"),
       "benchmarks[0]: best, median and worst are out of order for unit B/s"},
      {"latency out of order", Replace(ok, R"("best":5.0000000000000004e-06)", R"("best":1)"),
       "benchmarks[12]: best, median and worst are out of order for unit s (lower is better)"},
      {"samples", Replace(ok, R"("samples":20)", R"("samples":true)"),
       "benchmarks[0].samples: expected an integer, got boolean"},
      {"verified", Replace(ok, R"("verified":true)", R"("verified":1)"),
       "benchmarks[0].verified: expected true or false, got integer"},
      {"params array", Replace(ok, R"("params":{})", R"("params":[])"),
       "benchmarks[0].params: expected an object or null, got array"},
      {"huge param",
       Replace(ok, R"("params":{})", R"("params":{"x":{"y":")" + std::string(5000, 'a') + R"("}})"),
       "benchmarks[0].params.x: more than 4096 bytes"},
      {"measured without device", Replace(ok, Mi300xDevice(), "null"),
       "device: null, yet benchmarks were measured"},
      {"wall negative", Replace(ok, R"("wall_seconds":11.5)", R"("wall_seconds":-3)"),
       "wall_seconds: -3 is out of range"},
  };
}

INSTANTIATE_TEST_SUITE_P(Hostile, HipBenchParseRejects, ::testing::ValuesIn(HostileInputs()),
                         [](const ::testing::TestParamInfo<Hostile>& info) {
                           std::string name = info.param.what;
                           for (char& c : name) {
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           }
                           return name;
                         });

TEST(HipBenchParse, LongStringsAreCut) {
  auto report = ParseHipBenchJson(Replace(Healthy(), R"("reason":"no peers: 1 GPU")",
                                          R"("reason":")" + std::string(5000, 'r') + "\""));
  ASSERT_TRUE(report.ok()) << report.error();
  EXPECT_EQ(report->Find("peer.copy")->reason->size(), parse::kMaxBenchStringBytes);
}

TEST(HipBenchParse, NonUtf8InAStringIsRejectedNotCrashed) {
  auto report = ParseHipBenchJson(Replace(Healthy(), "AMD Instinct MI300X", "AMD \xff\xfe"));
  EXPECT_FALSE(report.ok());
}

// The matrix family's params (docs/hip-helper.md "Matrix engines"): telemetry, BLAS and the
// sustained clock read into typed fields, OP/s for int8, the helper's elapsed_s.
TEST(HipBenchParse, ReadsTheMatrixFamilysTelemetryBlasAndElapsed) {
  const std::string telemetry = TelemetryJson(
      748, 750, 91, R"([{"reason":"power_cap","fraction":0.82,"raw":"PPT0"}])", 1188,
      R"({"min":70,"median":75,"max":80})");
  std::vector<FakeBenchmark> list{Matrix("matrix.int8", "int8", 1300e12, telemetry, 1188),
                                  NoBlas("matrix.fp8")};
  std::string json = BenchJson(Mi300xDevice(), list);
  json.insert(json.size() - 1, R"(,"elapsed_s":9.25)");
  auto report = ParseHipBenchJson(json);
  ASSERT_TRUE(report.ok()) << report.error();
  EXPECT_EQ(report->elapsed_seconds, 9.25);
  const Measurement* int8 = report->Find("matrix.int8");
  ASSERT_NE(int8, nullptr);
  EXPECT_EQ(int8->unit, "OP/s");
  EXPECT_EQ(int8->sustained_clock_mhz, 1188);
  ASSERT_TRUE(int8->telemetry);
  EXPECT_EQ(int8->telemetry->source, "sysfs");
  EXPECT_EQ(int8->telemetry->count, 40);
  EXPECT_DOUBLE_EQ(*int8->telemetry->power_w->median, 748);
  EXPECT_DOUBLE_EQ(*int8->telemetry->power_limit_w, 750);
  EXPECT_DOUBLE_EQ(*int8->telemetry->memory_temperature_c->max, 80);
  ASSERT_EQ(int8->telemetry->throttle.size(), 1u);
  EXPECT_EQ(int8->telemetry->throttle[0].reason, "power_cap");
  EXPECT_DOUBLE_EQ(int8->telemetry->throttle[0].fraction, 0.82);
  EXPECT_EQ(int8->telemetry->throttle[0].raw, "PPT0");
  ASSERT_TRUE(int8->blas);
  EXPECT_EQ(int8->blas->loaded, "libhipblaslt.so.0");
  EXPECT_EQ(int8->blas->api, "hipblaslt");
  EXPECT_EQ(int8->ParamNumber("wrong_elements"), 0);
  const Measurement* fp8 = report->Find("matrix.fp8");
  ASSERT_NE(fp8, nullptr);
  ASSERT_TRUE(fp8->blas);
  EXPECT_FALSE(fp8->blas->loaded);
  ASSERT_EQ(fp8->blas->tried.size(), 3u);
  EXPECT_EQ(fp8->blas->tried[2].library, "librocblas.so.4");
  EXPECT_FALSE(fp8->telemetry);

  // Wrong types inside them are rejected with their path, as every other field.
  auto bad = ParseHipBenchJson(Replace(json, R"("fraction":0.82)", R"("fraction":"most")"));
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error(),
            "benchmarks[0].params.telemetry.throttle[0].fraction: expected a number, got string");
  auto over = ParseHipBenchJson(Replace(json, R"("fraction":0.82)", R"("fraction":1.5)"));
  ASSERT_FALSE(over.ok());
  EXPECT_EQ(over.error(), "benchmarks[0].params.telemetry.throttle[0].fraction: more than 1");
}

}  // namespace
}  // namespace rocm_doctor::testing
