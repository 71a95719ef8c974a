// SPDX-License-Identifier: MIT
// The probe script itself (src/collect/frameworks/framework_probe.py, as embedded), run for real by
// /usr/bin/python3 against the stand-in packages of tests/fixtures/frameworks/standins: every
// framework's path, an import that raises, one that crashes, a kernel that fails - and its
// output parsed by the doctor's parser.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "collect/frameworks/framework_probe_parse.h"
#include "system/command_runner.h"
#include "system/temp_dir.h"

namespace rocm_doctor {
namespace data {
extern const std::string_view kFrameworkProbePy;
}  // namespace data
namespace {

constexpr char kPython[] = "/usr/bin/python3";

struct ProbeRun {
  CommandOutcome outcome;
  framework::ProbeOutput output;
  Result<FrameworkProbeReport> report = Error{"no report"};
};

// Runs the probe for `framework` with the stand-ins answering `config` (a JSON object).
ProbeRun Probe(const std::string& framework, const std::string& config) {
  auto temp = system::TempDir::Create("probe-script");
  EXPECT_TRUE(temp);
  const std::string path = (*temp)->path() + "/standin.json";
  std::ofstream(path) << config;
  CommandSpec spec;
  spec.name = "probe";
  spec.argv = {kPython, "-c", std::string(data::kFrameworkProbePy), framework};
  spec.timeout = std::chrono::seconds(30);
  spec.extra_env = {
      {"PYTHONPATH", std::string(ROCMDOC_SOURCE_DIR) + "/tests/fixtures/frameworks/standins"},
      {"ROCMDOC_STANDIN", path},
      {"PYTHONDONTWRITEBYTECODE", "1"}};
  ProbeRun run;
  run.outcome = RunCommand(spec);
  run.output = framework::ScanProbeOutput(run.outcome.out);
  if (run.output.report) run.report = framework::ParseProbeReport(*run.output.report);
  return run;
}

class ProbeScript : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::exists(kPython)) GTEST_SKIP() << "no " << kPython;
  }
};

TEST_F(ProbeScript, RocmTorchThatWorks) {
  ProbeRun run = Probe("torch", R"({"torch": {"version": "2.5.1+rocm6.2",
      "hip": "6.2.41133-dd7f95766", "arch_list": ["gfx1030", "gfx1100"],
      "devices": [{"name": "AMD Radeon RX 7900 XTX", "arch": "gfx1100"}]}})");
  ASSERT_TRUE(run.report) << run.report.error() << "\n" << run.outcome.err;
  const FrameworkProbeReport& r = *run.report;
  EXPECT_TRUE(r.imported);
  EXPECT_EQ(r.python_executable, kPython);
  EXPECT_EQ(r.hip, "6.2.41133-dd7f95766");
  EXPECT_FALSE(r.cuda);
  EXPECT_EQ(r.available, true);
  EXPECT_EQ(r.device_count, 1);
  ASSERT_EQ(r.devices.size(), 1u);
  EXPECT_EQ(r.devices[0].arch, "gfx1100");
  EXPECT_EQ(r.arch_list, (std::vector<std::string>{"gfx1030", "gfx1100"}));
  ASSERT_TRUE(r.op);
  EXPECT_TRUE(r.op->ok());
  EXPECT_EQ(r.op->device, "cuda:0");
  EXPECT_EQ(run.output.stage, "op");
  // Nothing but the probe's own lines reach stdout.
  EXPECT_EQ(run.outcome.out.find("@rocm-doctor"), 0u);
}

TEST_F(ProbeScript, RocmTorchThatSeesNoGpuKeepsTheWarning) {
  ProbeRun run = Probe("torch", R"({"torch": {"hip": "6.2.41133-dd7f95766", "available": false,
      "warning": "HIP initialization: Unexpected error from hipGetDeviceCount(). Error 100: hipErrorNoDevice"}})");
  ASSERT_TRUE(run.report) << run.report.error();
  EXPECT_EQ(run.report->available, false);
  EXPECT_EQ(run.report->device_count, 0);
  EXPECT_FALSE(run.report->op);
  ASSERT_EQ(run.report->warnings.size(), 1u);
  EXPECT_NE(run.report->warnings[0].find("UserWarning: HIP initialization"), std::string::npos);
}

TEST_F(ProbeScript, KernelFailureAndWrongResult) {
  ProbeRun failed = Probe("torch", R"({"torch": {"hip": "6.2", "devices": [{"arch": "gfx1031"}],
      "op_error": ["RuntimeError", "HIP error: invalid device function"]}})");
  ASSERT_TRUE(failed.report) << failed.report.error();
  ASSERT_TRUE(failed.report->op);
  EXPECT_FALSE(failed.report->op->ok());
  EXPECT_EQ(failed.report->op->error->message, "HIP error: invalid device function");
  ProbeRun wrong = Probe("torch", R"({"torch": {"hip": "6.2", "devices": [{}], "op_scale": 0.5}})");
  ASSERT_TRUE(wrong.report) << wrong.report.error();
  EXPECT_EQ(wrong.report->op->result, 128.0);
  EXPECT_FALSE(wrong.report->op->ok());
}

TEST_F(ProbeScript, ImportErrorIsReportedNotRaised) {
  ProbeRun run = Probe("torch", R"({"torch": {"import_error":
      ["ModuleNotFoundError", "No module named 'typing_extensions'"]}})");
  EXPECT_EQ(run.outcome.exit_code, 0);
  ASSERT_TRUE(run.report) << run.report.error();
  EXPECT_FALSE(run.report->imported);
  EXPECT_EQ(run.report->import_error->type, "ModuleNotFoundError");
  EXPECT_EQ(run.report->import_error->message, "No module named 'typing_extensions'");
  EXPECT_NE(run.report->import_error->traceback.find("typing_extensions"), std::string::npos);
}

TEST_F(ProbeScript, CrashLeavesTheStage) {
  ProbeRun run = Probe("torch", R"({"torch": {"crash": true}})");
  EXPECT_EQ(run.outcome.state, CommandOutcome::State::kSignaled);
  EXPECT_EQ(run.outcome.signal, 11);
  EXPECT_EQ(run.output.stage, "import");
  EXPECT_FALSE(run.output.report);
}

TEST_F(ProbeScript, OtherFrameworks) {
  const std::string config = R"({
    "tensorflow": {"version": "2.16.1", "rocm_build": true, "hip": "6.1",
                   "devices": [{"name": "AMD Radeon RX 7900 XTX"}]},
    "jax": {"version": "0.4.35", "backend": "gpu",
            "devices": [{"platform": "rocm", "name": "AMD Radeon RX 7900 XTX"}]},
    "onnxruntime": {"version": "1.19.0",
                    "providers": ["MIGraphXExecutionProvider", "CPUExecutionProvider"]},
    "vllm": {"version": "0.6.3+rocm624", "rocm_build": true, "backend": "RocmPlatform"}})";
  ProbeRun tf = Probe("tensorflow", config);
  ASSERT_TRUE(tf.report) << tf.report.error() << tf.outcome.err;
  EXPECT_EQ(tf.report->rocm_build, true);
  EXPECT_EQ(tf.report->device_count, 1);
  EXPECT_TRUE(tf.report->op && tf.report->op->ok());
  ProbeRun jax = Probe("jax", config);
  ASSERT_TRUE(jax.report) << jax.report.error() << jax.outcome.err;
  EXPECT_EQ(jax.report->backend, "gpu");
  EXPECT_EQ(jax.report->device_count, 1);
  EXPECT_EQ(jax.report->devices[0].platform, "rocm");
  EXPECT_TRUE(jax.report->op && jax.report->op->ok());
  ProbeRun ort = Probe("onnxruntime", config);
  ASSERT_TRUE(ort.report) << ort.report.error() << ort.outcome.err;
  EXPECT_EQ(ort.report->providers,
            (std::vector<std::string>{"MIGraphXExecutionProvider", "CPUExecutionProvider"}));
  ProbeRun vllm = Probe("vllm", config);
  ASSERT_TRUE(vllm.report) << vllm.report.error() << vllm.outcome.err;
  EXPECT_EQ(vllm.report->rocm_build, true);
  EXPECT_EQ(vllm.report->backend, "RocmPlatform");
}

TEST_F(ProbeScript, UnknownFrameworkIsAUsageReport) {
  ProbeRun run = Probe("caffe", "{}");
  ASSERT_TRUE(run.report) << run.report.error();
  EXPECT_EQ(run.report->import_error->type, "UsageError");
}

}  // namespace
}  // namespace rocm_doctor
