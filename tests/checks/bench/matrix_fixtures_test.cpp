// SPDX-License-Identifier: MIT
// The real matrix runs of the project's H200 (tests/fixtures/bench/matrix/, unedited outputs of
// tools/bench/h200_matrix_compare.sh, 2026-12-05) parse and are judged: every measured GEMM
// against its reference row (0.75 x the first run's median, as DCGM derives a floor), the
// sustained clock beside each figure, the quick level within its 15 s budget, and the planted
// corruption caught as bench.matrix.corruption naming the GPU, type and counts.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "checks/bench/bench_json.h"
#include "collect/bench/hip_bench_parse.h"
#include "support/check_harness.h"

namespace rocm_doctor::testing {
namespace {

namespace fs = std::filesystem;

const fs::path kDir = fs::path(ROCMDOC_SOURCE_DIR) / "tests" / "fixtures" / "bench" / "matrix";

std::string Read(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

CheckOptions Device0() {
  CheckOptions options;
  options.bench.level = "standard";
  options.bench.device = 0;
  return options;
}

std::shared_ptr<FakeSystemView> Recorded(const std::string& file) {
  auto view = std::make_shared<FakeSystemView>();
  view->Command("hip-bench", ExitedWith(Read(kDir / file)));
  return view;
}

TEST(MatrixFixtures, TheH200RunsParseWithTheirTelemetry) {
  for (const char* file : {"h200-matrix.json", "h200-matrix-2.json", "h200-quick-matrix.json",
                           "h200-matrix-planted.json"}) {
    auto report = parse::ParseHipBenchJson(Read(kDir / file));
    ASSERT_TRUE(report.ok()) << file << ": " << report.error();
    ASSERT_TRUE(report->elapsed_seconds) << file;
    const Measurement* bf16 = report->Find("matrix.bf16");
    ASSERT_NE(bf16, nullptr) << file;
    ASSERT_TRUE(bf16->telemetry) << file;
    EXPECT_EQ(bf16->telemetry->source, "nvml") << file;
    EXPECT_GT(bf16->telemetry->count.value_or(0), 0) << file;
    EXPECT_EQ(bf16->sustained_clock_mhz, bf16->clock_mhz_seen) << file;
    ASSERT_TRUE(bf16->blas) << file;
    EXPECT_EQ(bf16->blas->api, "cublasLt") << file;
  }
}

TEST(MatrixFixtures, TheH200IsJudgedAgainstItsReferenceRun) {
  auto view = Recorded("h200-quick-matrix.json");
  CheckOutcome run = RunCheck("bench.run", view, Device0());
  EXPECT_NE(run.summary.find("6.0 s of the standard level's 15 s budget"), std::string::npos)
      << run.summary;
  EXPECT_FALSE(HasFinding(run, "bench.level.over_budget"));
  CheckOutcome matrix = RunCheck("bench.matrix", view, Device0());
  EXPECT_FALSE(HasFinding(matrix, "bench.matrix.low")) << matrix.summary;
  EXPECT_FALSE(HasFinding(matrix, "bench.matrix.corruption"));
  EXPECT_FALSE(HasFinding(matrix, "bench.matrix.reference_missing"));
  std::size_t judged = 0;
  for (const BenchmarkResult& r : matrix.benchmarks) {
    if (r.status != "ok") continue;
    ++judged;
    ASSERT_TRUE(r.limit) << r.name;
    EXPECT_NE(r.basis.find("75% of"), std::string::npos) << r.name << ": " << r.basis;
    EXPECT_NE(r.basis.find("derived as DCGM derives one"), std::string::npos) << r.basis;
    EXPECT_GT(*r.median, *r.limit) << r.name;
    EXPECT_EQ(r.verdict, Status::kPass) << r.name;
    EXPECT_TRUE(r.sustained_clock_mhz) << r.name;
  }
  EXPECT_EQ(judged, 10u);
  // fp8 failed in this run: cublasLtMatmul returned CUBLAS_STATUS_NOT_SUPPORTED. The library
  // refused the type; the GPU is not implicated: a warning, not a kernel failure.
  EXPECT_FALSE(HasFinding(matrix, "bench.kernel.failed"));
  std::size_t refused = 0;
  for (const Finding& f : matrix.findings) {
    if (f.code != "bench.matrix.unsupported") continue;
    ++refused;
    EXPECT_EQ(f.status, Status::kWarn);
    EXPECT_NE(f.message.find("the BLAS refused matrix.fp8"), std::string::npos) << f.message;
    EXPECT_NE(f.message.find("cublasLtMatmul: status 15 (CUBLAS_STATUS_NOT_SUPPORTED)"),
              std::string::npos)
        << f.message;
  }
  EXPECT_EQ(refused, 2u) << "matrix.fp8 and matrix.fp8_gst";
  EXPECT_EQ(matrix.status, Status::kWarn);
}

// The second call, after fp8 stopped passing C (9a6f016e): every one of the 12 GEMMs ran,
// verified, and passes its floor, fp8 included.
TEST(MatrixFixtures, TheSecondH200RunPassesAllTwelve) {
  auto view = Recorded("h200-matrix-fp8fix.json");
  CheckOutcome matrix = RunCheck("bench.matrix", view, Device0());
  EXPECT_EQ(matrix.status, Status::kPass) << matrix.summary;
  std::size_t judged = 0;
  for (const BenchmarkResult& r : matrix.benchmarks) {
    ASSERT_EQ(r.status, "ok") << r.name;
    ++judged;
    ASSERT_TRUE(r.limit) << r.name;
    EXPECT_EQ(r.verdict, Status::kPass) << r.name;
  }
  EXPECT_EQ(judged, 12u);
  auto report = parse::ParseHipBenchJson(Read(kDir / "h200-matrix-fp8.json"));
  ASSERT_TRUE(report.ok()) << report.error();
  for (const char* name : {"matrix.fp8", "matrix.fp8_gst"}) {
    const Measurement* fp8 = report->Find(name);
    ASSERT_NE(fp8, nullptr) << name;
    EXPECT_EQ(fp8->status, MeasurementStatus::kOk) << name;
  }
}

TEST(MatrixFixtures, ThePlantedCorruptionIsCaught) {
  CheckOutcome matrix = RunCheck("bench.matrix", Recorded("h200-matrix-planted.json"), [] {
    CheckOptions options = Device0();
    options.bench.only = {"matrix.bf16", "matrix.int8"};
    return options;
  }());
  EXPECT_EQ(matrix.status, Status::kFail);
  std::size_t caught = 0;
  for (const Finding& f : matrix.findings) {
    if (f.code != "bench.matrix.corruption") continue;
    ++caught;
    EXPECT_NE(f.message.find("device 0 (NVIDIA H200"), std::string::npos) << f.message;
    EXPECT_NE(f.message.find("1 of 1024 sampled elements wrong, 0 NaN/Inf in the whole output, 1 "
                             "elements differ"),
              std::string::npos)
        << f.message;
    EXPECT_NE(f.message.find("(planted by --plant-corruption: the detection works)"),
              std::string::npos)
        << f.message;
  }
  EXPECT_EQ(caught, 2u) << "bf16 and int8";
}

}  // namespace
}  // namespace rocm_doctor::testing
