// SPDX-License-Identifier: MIT
// bench.matrix and the telemetry-named causes (issue 17) on hand-made helper output in the format
// of docs/hip-helper.md "Matrix engines": a healthy MI300X passes against RVS's GST floors, a
// figure below its floor names the power cap, thermal or memory (HBM) limit the samples show (or
// none), a wrong element is corruption naming the GPU, type and counts, no BLAS is a warning, a
// GPU with no floor is reported unjudged, stress names its cause too, and a run over its level's
// time budget warns.
#include <gtest/gtest.h>

#include <string>

#include "checks/bench/matrix_json.h"
#include "checks/platform/platform_fixture.h"
#include "rocm_doctor/bench_thresholds.h"
#include "support/check_harness.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kBdf[] = "0000:c1:00.0";

std::string ProbeJson(const std::string& name) {
  return R"({"helper":"rocm-doctor-hip","version":1,"backend":"hip","targets":["gfx942"],)"
         R"("runtime_version":60443483,"driver_version":60443483,"device_count":1,"error":null,)"
         R"("devices":[{"index":0,"name":")" +
         name +
         R"(","arch":"gfx942:sramecc+:xnack-","compute_units":304,"pci_bdf":"0000:c1:00.0",)"
         R"("error":null,"smoke":null}]})";
}

std::shared_ptr<FakeSystemView> Host(const std::string& bench_json) {
  auto view = std::make_shared<FakeSystemView>();
  AddAmdGpu(*view, kBdf, "0x74a1");
  view->Command("hip-probe", ExitedWith(ProbeJson("AMD Instinct MI300X")));
  view->Command("hip-bench", ExitedWith(bench_json));
  return view;
}

CheckOptions Quick() {
  CheckOptions options;
  options.bench.level = "standard";
  return options;
}

const std::string kCool = TelemetryJson(690, 750, 78);

// The healthy MI300X run of bench_json.h plus the 12 matrix entries: GST figures above RVS's
// random-input floors (bf16 581, fp16 639, fp8 1215 TFLOP/s), fp64 above 70.
std::vector<FakeBenchmark> HealthyWithMatrix(const FakeBenchmark& change = {}) {
  std::vector<FakeBenchmark> list = HealthyMi300x();
  for (const FakeBenchmark& b : {
           Matrix("matrix.bf16", "bf16", 640e12, kCool),
           Matrix("matrix.fp16", "fp16", 650e12, kCool),
           Matrix("matrix.fp32", "fp32", 110e12, kCool),
           Matrix("matrix.fp64", "fp64", 95e12, kCool),
           Matrix("matrix.fp8", "fp8_e4m3", 1250e12, kCool),
           Matrix("matrix.int8", "int8", 1300e12, kCool),
           Matrix("matrix.bf16_gst", "bf16", 620e12, kCool),
           Matrix("matrix.fp16_gst", "fp16", 660e12, kCool),
           Matrix("matrix.fp32_gst", "fp32", 105e12, kCool),
           Matrix("matrix.fp64_gst", "fp64", 90e12, kCool),
           Matrix("matrix.fp8_gst", "fp8_e4m3", 1290e12, kCool),
           Matrix("matrix.int8_gst", "int8", 1280e12, kCool),
       }) {
    list.push_back(b.name == change.name ? change : b);
  }
  return list;
}

CheckOutcome RunMatrix(const std::vector<FakeBenchmark>& list) {
  return RunCheck("bench.matrix", Host(BenchJson(Mi300xDevice(), list)), Quick());
}

TEST(MatrixChecks, AHealthyMi300xPassesAgainstRvsFloors) {
  CheckOutcome out = RunMatrix(HealthyWithMatrix());
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  ASSERT_EQ(out.benchmarks.size(), 12u);
  for (const BenchmarkResult& r : out.benchmarks) {
    EXPECT_EQ(r.sustained_clock_mhz, 1320) << r.name;
    EXPECT_EQ(r.check, "bench.matrix");
  }
  const BenchmarkResult* gst = nullptr;
  for (const BenchmarkResult& r : out.benchmarks) {
    if (r.name == "matrix.bf16_gst") gst = &r;
  }
  ASSERT_NE(gst, nullptr);
  EXPECT_EQ(gst->verdict, Status::kPass);
  EXPECT_DOUBLE_EQ(*gst->limit, 581e12);
  EXPECT_NE(gst->basis.find("random input"), std::string::npos) << gst->basis;
  EXPECT_NE(out.summary.find("bf16_gst 620 TFLOP/s, "), std::string::npos) << out.summary;
  EXPECT_NE(out.summary.find("int8_gst 1.28 POP/s (sustained clock 1320 MHz)"), std::string::npos)
      << out.summary;
  // The square shapes and the GST shapes RVS publishes nothing for: reported, said so.
  const Finding* unjudged = FindFinding(out, "bench.matrix.reference_missing");
  ASSERT_NE(unjudged, nullptr);
  EXPECT_EQ(unjudged->status, Status::kInfo);
  EXPECT_NE(unjudged->message.find("matrix.bf16 640 TFLOP/s (random input)"), std::string::npos)
      << unjudged->message;
  EXPECT_EQ(unjudged->message.find("matrix.fp64 "), std::string::npos) << "fp64 has a floor";
}

struct CauseCase {
  const char* label;
  std::string throttle;
  double power;
  std::string mem_temp;
  const char* cause;
};

class MatrixBelowFloor : public ::testing::TestWithParam<CauseCase> {};

TEST_P(MatrixBelowFloor, NamesTheCauseFromTheSamples) {
  const CauseCase& c = GetParam();
  const std::string telemetry = TelemetryJson(c.power, 750, 92, c.throttle, 1188, c.mem_temp);
  CheckOutcome out = RunMatrix(
      HealthyWithMatrix(Matrix("matrix.bf16_gst", "bf16", 455e12, telemetry, 1188)));
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* low = FindFinding(out, "bench.matrix.low");
  ASSERT_NE(low, nullptr);
  EXPECT_EQ(low->status, Status::kFail);
  EXPECT_NE(low->message.find("matrix.bf16_gst 455 TFLOP/s is below the floor of 581 TFLOP/s"),
            std::string::npos)
      << low->message;
  EXPECT_NE(low->message.find(std::string("cause: ") + c.cause), std::string::npos)
      << low->message;
  EXPECT_NE(low->message.find("sustained clock 1188 MHz"), std::string::npos) << low->message;
  bool samples = false;
  for (const Evidence& e : low->evidence) {
    samples |= e.source.find("matrix.bf16_gst telemetry") != std::string::npos &&
               e.observed.find("40 samples every 20 ms (sysfs)") != std::string::npos;
  }
  EXPECT_TRUE(samples) << "the telemetry samples are the evidence";
}

INSTANTIATE_TEST_SUITE_P(
    Causes, MatrixBelowFloor,
    ::testing::Values(
        CauseCase{"power", R"([{"reason":"power_cap","fraction":0.9,"raw":"PPT0"}])", 748, "null",
                  "power cap: PPT0 active in 90% of 40 samples, power 748 W median of its 750 W"},
        CauseCase{"thermal", R"([{"reason":"thermal","fraction":0.6,"raw":"TEMP_HOTSPOT"}])", 610,
                  "null", "thermal limit: TEMP_HOTSPOT active in 60% of 40 samples"},
        CauseCase{"hbm",
                  R"([{"reason":"memory_thermal","fraction":0.7,"raw":"TEMP_MEM"},)"
                  R"({"reason":"power_cap","fraction":0.05,"raw":"PPT0"}])",
                  600, R"({"min":88,"median":94,"max":97})",
                  "memory (HBM) limit: TEMP_MEM active in 70% of 40 samples"},
        CauseCase{"power at its limit, no status", "[]", 745, "null",
                  "power cap: 745 W median against its 750 W limit"},
        CauseCase{"none", "[]", 420, "null", "no power, thermal or memory limit seen in 40"}),
    [](const auto& info) {
      std::string name = info.param.label;
      for (char& ch : name) {
        if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
      }
      return name;
    });

// Without samples (NVML not loadable, no hwmon) the cause is unknown, and the reason is said.
TEST(MatrixChecks, NoSamplesMeansTheCauseIsUnknown) {
  const std::string none =
      R"({"source":null,"interval_ms":20,"count":0,"power_w":null,"power_limit_w":null,)"
      R"("temperature_c":null,"memory_temperature_c":null,"sclk_mhz":null,"mclk_mhz":null,)"
      R"("throttle":[],"error":"libnvidia-ml.so.1: cannot open shared object file: No such )"
      R"(file or directory"})";
  CheckOutcome out =
      RunMatrix(HealthyWithMatrix(Matrix("matrix.bf16_gst", "bf16", 455e12, none, 0)));
  const Finding* low = FindFinding(out, "bench.matrix.low");
  ASSERT_NE(low, nullptr);
  EXPECT_NE(low->message.find("cause: unknown, no telemetry samples (libnvidia-ml.so.1: "
                              "cannot open shared object file"),
            std::string::npos)
      << low->message;
  EXPECT_EQ(low->message.find("sustained clock"), std::string::npos) << "null without samples";
}

TEST(MatrixChecks, AWrongElementIsCorruptionNamingTheGpuTypeAndCounts) {
  CheckOutcome out = RunMatrix(HealthyWithMatrix(
      Matrix("matrix.bf16", "bf16", 640e12, kCool, 1320, "verify_failed", 1, 0, 1)));
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* bad = FindFinding(out, "bench.matrix.corruption");
  ASSERT_NE(bad, nullptr);
  EXPECT_EQ(bad->status, Status::kFail);
  EXPECT_EQ(bad->message,
            "device 0 (AMD Instinct MI300X, gfx942, 0000:c1:00.0): matrix.bf16 (bf16 GEMM 8192 x "
            "8192 x 8192) computed wrong results on data type bf16: 1 of 1024 sampled elements "
            "wrong, 0 NaN/Inf in the whole output, 1 elements differ between two runs of the "
            "same GEMM");
  EXPECT_FALSE(HasFinding(out, "bench.verify.failed")) << "the matrix family's own code";
  bool first_wrong = false;
  for (const Evidence& e : bad->evidence) {
    first_wrong |= e.observed.find("\"got\":1001.5") != std::string::npos;
  }
  EXPECT_TRUE(first_wrong);
  // NaNs alone, on a GEMM the helper let pass, are corruption too.
  CheckOutcome nan =
      RunMatrix(HealthyWithMatrix(Matrix("matrix.fp16", "fp16", 650e12, kCool, 1320, "ok", 0, 3)));
  ASSERT_TRUE(HasFinding(nan, "bench.matrix.corruption"));
  EXPECT_NE(FindFinding(nan, "bench.matrix.corruption")->message.find("3 NaN/Inf"),
            std::string::npos);
}

TEST(MatrixChecks, NoBlasMeansTheMatrixEnginesWereNotMeasured) {
  std::vector<FakeBenchmark> list = HealthyMi300x();
  for (const char* name : {"matrix.bf16", "matrix.fp16", "matrix.fp32", "matrix.fp64",
                           "matrix.fp8", "matrix.int8", "matrix.bf16_gst", "matrix.fp16_gst",
                           "matrix.fp32_gst", "matrix.fp64_gst", "matrix.fp8_gst",
                           "matrix.int8_gst"}) {
    list.push_back(NoBlas(name));
  }
  CheckOutcome out = RunMatrix(list);
  EXPECT_EQ(out.status, Status::kWarn) << out.summary;
  const Finding* f = FindFinding(out, "bench.matrix.blas_missing");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->status, Status::kWarn);
  EXPECT_NE(f->message.find("the matrix engines were not measured (12 GEMM benchmarks skipped)"),
            std::string::npos)
      << f->message;
  EXPECT_NE(f->message.find("tried libhipblaslt.so.0, libhipblaslt.so, librocblas.so.4"),
            std::string::npos)
      << f->message;
  ASSERT_EQ(f->evidence.size(), 3u);
  EXPECT_EQ(f->evidence[0].observed,
            "libhipblaslt.so.0: cannot open shared object file: No such file or directory");
  EXPECT_EQ(out.findings.size(), 1u) << "one finding per run, not one per benchmark";
}

// A GEMM the library refuses (NOT_SUPPORTED) is a warning; one whose execution fails is not.
TEST(MatrixChecks, ARefusedGemmWarnsAFailedOneFails) {
  FakeBenchmark refused = Matrix("matrix.fp8", "fp8_e4m3", 0, kCool, 0, "failed");
  refused.reason_json = R"x("cublasLtMatmul: status 15 (CUBLAS_STATUS_NOT_SUPPORTED)")x";
  CheckOutcome warn = RunMatrix(HealthyWithMatrix(refused));
  EXPECT_EQ(warn.status, Status::kWarn) << warn.summary;
  ASSERT_TRUE(HasFinding(warn, "bench.matrix.unsupported"));
  EXPECT_FALSE(HasFinding(warn, "bench.kernel.failed"));
  FakeBenchmark failed = refused;
  failed.reason_json = R"x("cublasLtMatmul: status 13 (CUBLAS_STATUS_EXECUTION_FAILED)")x";
  CheckOutcome fail = RunMatrix(HealthyWithMatrix(failed));
  EXPECT_EQ(fail.status, Status::kFail);
  EXPECT_TRUE(HasFinding(fail, "bench.kernel.failed"));
  EXPECT_FALSE(HasFinding(fail, "bench.matrix.unsupported"));
}

TEST(MatrixChecks, AHelperFromBeforeTheMatrixFamilyIsSkippedNotMissing) {
  CheckOutcome out = RunMatrix(HealthyMi300x());
  EXPECT_EQ(out.status, Status::kSkip);
  EXPECT_NE(out.summary.find("no matrix.* results"), std::string::npos) << out.summary;
  EXPECT_FALSE(HasFinding(out, "bench.result.missing"));
}

TEST(MatrixChecks, AGpuWithoutAFloorIsReportedNotJudged) {
  auto view = std::make_shared<FakeSystemView>();
  view->Command("hip-probe", ExitedWith(ProbeJson("NVIDIA H100 80GB HBM3")));
  std::vector<FakeBenchmark> list{Matrix("matrix.bf16", "bf16", 790e12, kCool, 1830)};
  view->Command("hip-bench", ExitedWith(BenchJson(
                                 DeviceJson("NVIDIA H100 80GB HBM3", "sm_90", "0000:19:00.0", 132),
                                 list, false, "null", "cuda")));
  CheckOptions options = Quick();
  options.bench.only = {"matrix.bf16"};
  CheckOutcome out = RunCheck("bench.matrix", view, options);
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  const Finding* f = FindFinding(out, "bench.matrix.reference_missing");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("NVIDIA H100 80GB HBM3"), std::string::npos) << f->message;
  EXPECT_NE(f->message.find("matrix.bf16 790 TFLOP/s (random input)"), std::string::npos);
  EXPECT_FALSE(out.benchmarks.at(0).limit) << "no floor: only its stability is judged";
  EXPECT_NE(out.benchmarks.at(0).verdict, Status::kFail);
}

TEST(MatrixChecks, StressNamesItsCauseToo) {
  FakeBenchmark stress{"stress.mixed", "FLOP/s", 90e12, 70e12, 50e12};
  stress.params = R"({"flops_cv":0.22,"bandwidth_cv":0.05,"errors":0,"telemetry":)" +
                  TelemetryJson(600, 750, 104,
                                R"([{"reason":"thermal","fraction":0.55,"raw":"TEMP_EDGE"}])") +
                  R"(,"sustained_clock_mhz":1400})";
  auto view = Host(BenchJson(Mi300xDevice(), With(HealthyMi300x(), stress)));
  CheckOutcome unstable = RunCheck("bench.stress", view, Quick());
  const Finding* f = FindFinding(unstable, "bench.result.unstable");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("cause: thermal limit: TEMP_EDGE active in 55% of 40 samples"),
            std::string::npos)
      << f->message;
  // Below a floor given for it: bench.stress.low with the cause.
  auto floors = BenchThresholds::Parse(
      "gpu,benchmark,basis,value,unstable,source\n*,stress.mixed,min,80e12,,mine\n", "mine.csv");
  ASSERT_TRUE(floors) << floors.error();
  CheckOptions options = Quick();
  options.bench.thresholds = std::make_shared<const BenchThresholds>(
      BenchThresholds::Builtin().WithOverrides(*floors));
  CheckOutcome low = RunCheck("bench.stress", view, options);
  const Finding* l = FindFinding(low, "bench.stress.low");
  ASSERT_NE(l, nullptr);
  EXPECT_NE(l->message.find("cause: thermal limit"), std::string::npos) << l->message;
  EXPECT_NE(l->message.find("GPU up to 104 °C"), std::string::npos) << l->message;
}

TEST(MatrixChecks, ARunOverItsLevelsBudgetWarns) {
  std::string json = BenchJson(Mi300xDevice(), HealthyWithMatrix());
  CheckOutcome within = RunCheck("bench.run", Host(json), Quick());
  EXPECT_NE(within.summary.find("11.5 s of the standard level's 15 s budget"), std::string::npos)
      << within.summary;
  EXPECT_FALSE(HasFinding(within, "bench.level.over_budget"));
  // The helper's own elapsed_s is what counts when it gives one.
  json.insert(json.size() - 1, R"(,"elapsed_s":21.4)");
  CheckOutcome over = RunCheck("bench.run", Host(json), Quick());
  const Finding* f = FindFinding(over, "bench.level.over_budget");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->status, Status::kWarn);
  EXPECT_EQ(f->message,
            "the benchmarks at the standard level took 21.4 s, over the level's budget of 15 s "
            "per node");
  EXPECT_EQ(over.status, Status::kWarn);
}

}  // namespace
}  // namespace rocm_doctor::testing
