// SPDX-License-Identifier: MIT
// The real rocm-doctor with the real helper on this host. The CI VM has no AMD GPU: the probe
// runs, HIP answers hipErrorNoDevice, and the report keeps the hardware root cause first with the
// HIP result as its symptom (issue 3, "On this host the probe really runs").
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "system/command_runner.h"

namespace rocm_doctor {
namespace {

using nlohmann::json;

std::string ReadSmall(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::string text;
  std::getline(in, text);
  return text;
}

// An AMD display (0x03xx) or accelerator (0x12xx) function on this host's PCI bus.
bool HostHasAmdGpu() {
  std::error_code ec;
  for (const auto& dev : std::filesystem::directory_iterator("/sys/bus/pci/devices", ec)) {
    const std::string cls = ReadSmall(dev.path() / "class");
    if (ReadSmall(dev.path() / "vendor") == "0x1002" &&
        (cls.starts_with("0x03") || cls.starts_with("0x12"))) {
      return true;
    }
  }
  return false;
}

TEST(LiveHipProbe, NoGpuHostKeepsTheHardwareRootCauseWithTheHipSymptom) {
#ifndef ROCMDOC_HIP_HELPER_PATH
  GTEST_SKIP() << "rocm-doctor-hip was not built (no HIP/CUDA toolchain)";
#else
  if (HostHasAmdGpu()) GTEST_SKIP() << "this host has an AMD GPU; the test is for one without";
  CommandSpec spec;
  spec.name = "rocm-doctor";
  spec.argv = {ROCMDOC_BINARY, "check", "--format", "json"};
  spec.timeout = std::chrono::seconds(120);
  spec.extra_env = {{"ROCMDOC_HIP_HELPER", ROCMDOC_HIP_HELPER_PATH}};
  CommandOutcome out = RunCommand(spec);
  ASSERT_EQ(out.state, CommandOutcome::State::kExited) << out.error << out.err;
  EXPECT_EQ(out.exit_code, 1) << out.err;
  json report = json::parse(out.out, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << out.out;
  ASSERT_TRUE(report["root_causes"].is_array() && !report["root_causes"].empty()) << out.out;
  const json& first = report["root_causes"][0];
  EXPECT_EQ(first["code"], "hardware.gpu.none_found");
  bool hip_symptom = false;
  for (const json& s : first["symptoms"]) {
    if (s["check"] == "runtime.hip_devices" &&
        s["message"].get<std::string>().find("hipErrorNoDevice") != std::string::npos) {
      hip_symptom = true;
    }
  }
  EXPECT_TRUE(hip_symptom) << first.dump(2);
  for (const json& c : report["root_causes"]) {
    EXPECT_NE(c["check"], "runtime.hip_devices") << "the HIP result must not be a root cause";
  }
#endif
}

}  // namespace
}  // namespace rocm_doctor
