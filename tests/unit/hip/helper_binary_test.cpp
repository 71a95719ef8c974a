// SPDX-License-Identifier: MIT
// Runs the real rocm-doctor-hip when the build has a GPU backend (tests/hip.cmake defines
// ROCMDOC_HIP_HELPER). Asserts only what holds on every machine: valid JSON, exit 0, and either
// devices or the runtime's error.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

namespace {

#ifdef ROCMDOC_HIP_HELPER
struct Output {
  int status = -1;
  std::string out;
};

// Only stdout is captured: stderr (runtime logging) must not be needed to read the JSON.
Output RunHelper(const std::string& args) {
  Output output;
  const std::string command = std::string("'") + ROCMDOC_HIP_HELPER + "' " + args + " 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return output;
  std::array<char, 4096> buffer{};
  std::size_t n = 0;
  while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
    output.out.append(buffer.data(), n);
  output.status = pclose(pipe);
  return output;
}

TEST(HelperBinary, ProbePrintsOneJsonObjectAndExitsZero) {
  const Output run = RunHelper("--probe");
  ASSERT_TRUE(WIFEXITED(run.status)) << "status " << run.status;
  EXPECT_EQ(WEXITSTATUS(run.status), 0);
  ASSERT_FALSE(run.out.empty());
  EXPECT_EQ(run.out.find('\n'), run.out.size() - 1) << run.out;
  const auto doc = nlohmann::json::parse(run.out);
  EXPECT_EQ(doc["helper"], "rocm-doctor-hip");
  EXPECT_EQ(doc["version"], 1);
  ASSERT_TRUE(doc["device_count"].is_number_integer());
  if (doc["device_count"] == 0) {
    // No GPU here: the runtime's own error explains why (hipErrorNoDevice on a VM without one).
    ASSERT_TRUE(doc["error"].is_object()) << run.out;
    EXPECT_FALSE(doc["error"]["name"].get<std::string>().empty());
    EXPECT_TRUE(doc["devices"].empty());
  } else {
    EXPECT_EQ(doc["devices"].size(), doc["device_count"].get<std::size_t>());
  }
}

// On a machine without a GPU (CI) --bench prints its JSON with the runtime's error and exits 3;
// with one, the quick level of one cheap family runs and exits 0.
TEST(HelperBinary, BenchPrintsOneJsonObject) {
  const Output run = RunHelper("--bench --only launch.enqueue");
  ASSERT_TRUE(WIFEXITED(run.status)) << "status " << run.status;
  ASSERT_FALSE(run.out.empty());
  EXPECT_EQ(run.out.find('\n'), run.out.size() - 1) << run.out;
  const auto doc = nlohmann::json::parse(run.out);
  EXPECT_EQ(doc["kind"], "bench");
  EXPECT_EQ(doc["format"], 1);
  EXPECT_EQ(doc["level"], "quick");
  if (doc["error"].is_string()) {
    EXPECT_EQ(WEXITSTATUS(run.status), 3);
    EXPECT_FALSE(doc["error"].get<std::string>().empty());
    EXPECT_TRUE(doc["device"].is_null());
    EXPECT_TRUE(doc["benchmarks"].empty());
  } else {
    EXPECT_EQ(WEXITSTATUS(run.status), 0);
    ASSERT_EQ(doc["benchmarks"].size(), 1U);
    EXPECT_EQ(doc["benchmarks"][0]["name"], "launch.enqueue");
  }
}

TEST(HelperBinary, UsageErrorExitsTwo) {
  for (const char* args : {"--bogus", "--bench --level fast"}) {
    const Output run = RunHelper(args);
    ASSERT_TRUE(WIFEXITED(run.status)) << args;
    EXPECT_EQ(WEXITSTATUS(run.status), 2) << args;
    EXPECT_TRUE(run.out.empty()) << args;
  }
}
#else
TEST(HelperBinary, NotBuiltWithoutGpuBackend) {
  GTEST_SKIP() << "rocm-doctor-hip is not built (ROCMDOC_GPU_BACKEND resolved to none)";
}
#endif

}  // namespace
