// SPDX-License-Identifier: MIT
// `rocm-doctor bench` and `check --level` end to end: the real binary on the benchmark machines
// under tests/machines/ (their recorded hip-bench runs), its table, its JSON, and its errors.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "report/terminal_style.h"
#include "unit/system/temp_tree.h"

namespace rocm_doctor::testing {
namespace {

struct DoctorRun {
  int exit_code = -1;
  std::string out;  // stdout and stderr together
};

// The binary with fixed arguments (paths from this checkout, no user input); NO_COLOR keeps the
// terminal output plain, COLUMNS a page wide enough for the whole table whatever the caller's.
DoctorRun Doctor(const std::string& args, bool with_stderr = true,
                 const std::string& columns = "120") {
  const std::string command = "NO_COLOR=1 COLUMNS=" + columns + " " + ROCMDOC_BINARY + " " + args +
                              (with_stderr ? " 2>&1" : " 2>/dev/null");
  DoctorRun run;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return run;
  char buffer[4096];
  std::size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) run.out.append(buffer, n);
  const int status = ::pclose(pipe);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

std::string Machine(const std::string& name) {
  return std::string(ROCMDOC_SOURCE_DIR) + "/tests/machines/" + name;
}

const nlohmann::json* Bench(const nlohmann::json& report, const std::string& name) {
  for (const nlohmann::json& b : report["benchmarks"]) {
    if (b["name"] == name) return &b;
  }
  return nullptr;
}

TEST(BenchCommand, PrintsTheTableOfAHealthyRun) {
  const DoctorRun run = Doctor("bench --sysroot " + Machine("mi300x-bench-healthy"));
  EXPECT_EQ(run.exit_code, 0) << run.out;
  EXPECT_NE(run.out.find("Benchmarks · device 0 · AMD Instinct MI300X · 0000:0c:00.0"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("  benchmark                  median         clock     best"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("  memory.triad               4.33 TB/s                4.36 TB/s      ≥ "
                         "3.44 TB/s     5.3 TB/s     82%   ✓ pass"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("  host.h2d_pageable          20.6 GB/s                21.9 GB/s      —"),
            std::string::npos)
      << run.out;
  // The clock a compute figure was reached at stands beside it (issue 17).
  EXPECT_NE(run.out.find("  compute.fp32_fma           99.8 TFLOP/s   1980 MHz  101 TFLOP/s"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("✓ Benchmark run"), std::string::npos) << run.out;
  // The memory rows come first, as the helper runs them.
  EXPECT_LT(run.out.find("memory.copy "), run.out.find("compute.fp32_fma "));
  EXPECT_EQ(run.out.find("Driver and kernel"), std::string::npos)
      << "passing prerequisites are not listed";
}

// The lines of the benchmark table: from its first "Benchmarks · device" line to the blank line
// after the last device's rows.
std::vector<std::string> TableLines(const std::string& out) {
  std::vector<std::string> lines;
  std::size_t at = out.find("Benchmarks · device");
  while (at != std::string::npos && at < out.size()) {
    const std::size_t end = out.find('\n', at);
    const std::string line = out.substr(at, end == std::string::npos ? end : end - at);
    if (line.empty() && (end + 1 >= out.size() || out.compare(end + 1, 10, "Benchmarks") != 0)) {
      break;
    }
    lines.push_back(line);
    at = end == std::string::npos ? end : end + 1;
  }
  return lines;
}

// Issue 15: the table fits the page as the rest of the terminal output does. At 120 columns it
// is whole; at 60 the columns a reader can spare go (best, datasheet, clock, peak) and the
// verdict folds under its row; no line of it passes the width.
TEST(BenchCommand, TheTableFitsTheTerminalWidth) {
  const std::string machine = Machine("mi300x-bench-healthy");
  const DoctorRun wide = Doctor("bench --sysroot " + machine, true, "120");
  const DoctorRun narrow = Doctor("bench --sysroot " + machine, true, "60");
  EXPECT_EQ(wide.exit_code, 0) << wide.out;
  EXPECT_EQ(narrow.exit_code, 0) << narrow.out;
  for (const auto& [run, width] : {std::pair{&wide, 120u}, std::pair{&narrow, 60u}}) {
    const std::vector<std::string> table = TableLines(run->out);
    ASSERT_GT(table.size(), 22u) << run->out;  // a header, a head row and 22 figures
    for (const std::string& line : table) {
      EXPECT_LE(terminal::Columns(line), width) << "COLUMNS=" << width << ": " << line;
    }
  }
  EXPECT_NE(wide.out.find("  benchmark                  median         clock     best           "
                          "limit           datasheet    peak  verdict"),
            std::string::npos)
      << wide.out;
  // A skip's reason, longer than the line has left, goes under its row instead of past the page.
  EXPECT_NE(
      wide.out.find("—\n    - skipped: stress runs 0 s at level quick (give --stress-seconds S "
                    "or --level standard)\n"),
      std::string::npos)
      << wide.out;
  EXPECT_NE(narrow.out.find("  benchmark                  median         limit\n    verdict\n"),
            std::string::npos)
      << narrow.out;
  EXPECT_EQ(narrow.out.find("datasheet"), std::string::npos) << narrow.out;
  EXPECT_NE(narrow.out.find("  memory.triad               4.33 TB/s      ≥ 3.44 TB/s\n"
                            "    ✓ pass\n"),
            std::string::npos)
      << narrow.out;
  EXPECT_NE(narrow.out.find("  stress.mixed               —              —\n"
                            "    - skipped: stress runs 0 s at level quick (give\n"),
            std::string::npos)
      << narrow.out;
}

TEST(BenchCommand, JsonCarriesEveryFigureAndItsJudgement) {
  const DoctorRun run =
      Doctor("bench --format json --sysroot " + Machine("bench-memory-low"), false);
  EXPECT_EQ(run.exit_code, 1);
  const nlohmann::json report = nlohmann::json::parse(run.out, nullptr, false);
  ASSERT_TRUE(report.is_object()) << run.out;
  ASSERT_EQ(report["benchmarks"].size(), 22u);
  const nlohmann::json* triad = Bench(report, "memory.triad");
  ASSERT_NE(triad, nullptr);
  EXPECT_EQ((*triad)["verdict"], "fail");
  EXPECT_EQ((*triad)["check"], "bench.memory");
  EXPECT_EQ((*triad)["unit"], "B/s");
  EXPECT_EQ((*triad)["limit_kind"], "floor");
  EXPECT_DOUBLE_EQ((*triad)["datasheet"].get<double>(), 5.3e12);
  EXPECT_EQ((*triad)["device"], 0);
  EXPECT_EQ((*triad)["pci"], "0000:0c:00.0");
  EXPECT_EQ((*triad)["params"]["arrays"], 3);
  const nlohmann::json* peer = Bench(report, "peer.copy");
  ASSERT_NE(peer, nullptr);
  EXPECT_TRUE((*peer)["median"].is_null());
  EXPECT_EQ((*peer)["verdict"], "skip");
  ASSERT_EQ(report["root_causes"].size(), 1u) << "one finding names every miss of the run";
  EXPECT_EQ(report["root_causes"][0]["code"], "bench.memory_bandwidth.low");
}

TEST(BenchCommand, OnlyNarrowsTheBenchmarksAndTheirChecks) {
  const DoctorRun run = Doctor(
      "bench --only memory --format json --sysroot " + Machine("mi300x-bench-healthy"), false);
  EXPECT_EQ(run.exit_code, 0);
  const nlohmann::json report = nlohmann::json::parse(run.out, nullptr, false);
  ASSERT_TRUE(report.is_object()) << run.out;
  std::vector<std::string> bench_checks;
  for (const nlohmann::json& c : report["checks"]) {
    if (c["layer"] == "bench") bench_checks.push_back(c["id"]);
  }
  EXPECT_EQ(bench_checks, (std::vector<std::string>{"bench.run", "bench.memory"}));
  EXPECT_EQ(report["benchmarks"].size(), 5u);
}

// `bench --only matrix` runs bench.matrix (issue 17), and plain `bench` runs it with the rest.
TEST(BenchCommand, OnlyMatrixJudgesTheMatrixEngines) {
  DoctorRun run = Doctor("bench --only matrix --sysroot " + Machine("bench-matrix-thermal"));
  EXPECT_EQ(run.exit_code, 1) << run.out;
  EXPECT_NE(run.out.find("bench.matrix.low"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("cause: thermal"), std::string::npos) << run.out;
  // The row holds the figure, its sustained clock beside it and the floor (however many other
  // columns the page leaves room for).
  const std::size_t row = run.out.find("  matrix.bf16_gst ");
  ASSERT_NE(row, std::string::npos) << run.out;
  const std::string line = run.out.substr(row, run.out.find('\n', row) - row);
  EXPECT_NE(line.find("437 TFLOP/s   1038 MHz"), std::string::npos) << line;
  EXPECT_NE(line.find("≥ 581 TFLOP/s"), std::string::npos) << line;
  run = Doctor("bench --sysroot " + Machine("mi300x-bench-matrix"));
  EXPECT_EQ(run.exit_code, 0) << run.out;
  EXPECT_NE(run.out.find("Matrix engines (GEMM)"), std::string::npos) << run.out;
}

TEST(BenchCommand, BadArgumentsAreUsageErrors) {
  DoctorRun run = Doctor("bench --only memory.tirad --sysroot " + Machine("mi300x-bench-healthy"));
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.out.find("--only memory.tirad: not a benchmark or a family (memory, host, peer, "
                         "launch, compute, matrix, memtest, stress, collective; or a name "
                         "such as "
                         "memory.triad)"),
            std::string::npos)
      << run.out;
  run = Doctor("bench --level turbo");
  EXPECT_EQ(run.exit_code, 2) << run.out;
  run = Doctor("check --only bench.memory --sysroot " + Machine("mi300x-bench-healthy"));
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.out.find("bench.memory is a benchmark check: run it with --level standard, "
                         "extended or stress, or with rocm-doctor bench"),
            std::string::npos)
      << run.out;
}

TEST(BenchCommand, AThresholdsFileIsCheckedAndWins) {
  TempTree tree;
  tree.File("bad.csv", "gpu,benchmark,basis,value,unstable,source\ngfx942,memory.*,peak,1,,x\n");
  DoctorRun run = Doctor("bench --thresholds " + tree.At("bad.csv") + " --sysroot " +
                         Machine("bench-memory-low"));
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.out.find("--thresholds: " + tree.At("bad.csv") + ":2: basis \"peak\""),
            std::string::npos)
      << run.out;
  run = Doctor("bench --thresholds " + tree.At("missing.csv"));
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.out.find("No such file or directory"), std::string::npos) << run.out;

  // A site that accepts 35% of the peak (e.g. while HBM is being replaced) passes the machine.
  tree.File("site.csv",
            "gpu,benchmark,basis,value,unstable,source\n"
            "AMD Instinct MI300X,memory.*,peak_mem_bw,0.35,0.10,\"degraded fleet, ticket 123\"\n");
  run = Doctor("check --level standard --thresholds " + tree.At("site.csv") +
                   " --format json --sysroot " + Machine("bench-memory-low"),
               false);
  EXPECT_EQ(run.exit_code, 0) << run.out;
  const nlohmann::json report = nlohmann::json::parse(run.out, nullptr, false);
  ASSERT_TRUE(report.is_object()) << run.out;
  EXPECT_EQ((*Bench(report, "memory.triad"))["threshold"], tree.At("site.csv") + ":2");
}

TEST(BenchCommand, TheBasicLevelRunsNoBenchmark) {
  const DoctorRun run =
      Doctor("check --format json --sysroot " + Machine("bench-memory-low"), false);
  EXPECT_EQ(run.exit_code, 0) << "the recording is only judged when a level asks for it";
  const nlohmann::json report = nlohmann::json::parse(run.out, nullptr, false);
  ASSERT_TRUE(report.is_object());
  EXPECT_FALSE(report.contains("benchmarks"));
  for (const nlohmann::json& c : report["checks"]) EXPECT_NE(c["layer"], "bench") << c["id"];
}

TEST(BenchCommand, CheckAtTheStandardLevelShowsTheTableToo) {
  const DoctorRun run =
      Doctor("check --level standard --sysroot " + Machine("bench-memtest-errors"));
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.out.find("✗ Root cause  bench.memtest.errors"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("memtest.moving_inversions  37 errors"), std::string::npos) << run.out;
}

}  // namespace
}  // namespace rocm_doctor::testing
