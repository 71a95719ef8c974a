// SPDX-License-Identifier: MIT
// The real rocm-doctor probe-smi on this host. Debian 12 installs rocm-smi-lib 5.2.3 as
// /usr/lib/librocm_smi64.so.1 (librocm-smi64-1); the CI VM has no AMD GPU and no /sys/class/drm,
// so rsmi_init really fails with RSMI_STATUS_INIT_ERROR, and the report must show that as a
// consequence of hardware.gpu.none_found, not as a root cause of its own.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "rocm_doctor/facts/rocm.h"
#include "rocm_doctor/facts/rocm_smi_facts.h"
#include "system/command_runner.h"
#include "system/live_system_view.h"

namespace rocm_doctor {
namespace {

using nlohmann::json;

bool HostHasAmdGpu() {
  std::error_code ec;
  for (const auto& dev : std::filesystem::directory_iterator("/sys/bus/pci/devices", ec)) {
    std::ifstream vendor(dev.path() / "vendor");
    std::ifstream cls(dev.path() / "class");
    std::string v;
    std::string c;
    std::getline(vendor, v);
    std::getline(cls, c);
    if (v == "0x1002" && (c.starts_with("0x03") || c.starts_with("0x12"))) return true;
  }
  return false;
}

TEST(RocmSmiLive, ProbeLoadsTheInstalledLibraryAndReportsInit) {
  system::LiveSystemView view;
  RocmSmiFacts smi = CollectRocmSmi(view, CollectFacts<RocmFacts>(view), ROCMDOC_BINARY);
  if (smi.state == RocmSmiState::kNoLibrary) GTEST_SKIP() << "no librocm_smi64 on this host";
  ASSERT_EQ(smi.state, RocmSmiState::kParsed) << smi.detail << "\n" << smi.stderr_tail;
  EXPECT_FALSE(smi.report.library.empty());
  EXPECT_EQ(smi.report.library, smi.candidates.front());
  ASSERT_TRUE(smi.report.init);
  EXPECT_FALSE(smi.report.init->message.empty()) << "rsmi_status_string gave no text";
  if (!std::filesystem::exists("/sys/class/drm")) {
    EXPECT_EQ(smi.report.init->name, "RSMI_STATUS_INIT_ERROR") << smi.report.init->message;
    EXPECT_FALSE(smi.report.device_count);
  } else if (smi.report.init->ok()) {
    ASSERT_TRUE(smi.report.device_count);
    EXPECT_EQ(static_cast<std::size_t>(*smi.report.device_count), smi.report.devices.size());
  }
}

TEST(RocmSmiLive, NoGpuHostShowsTheInitFailureAsASymptom) {
  if (HostHasAmdGpu()) GTEST_SKIP() << "this host has an AMD GPU; the test is for one without";
  system::LiveSystemView view;
  if (CollectRocmSmi(view, CollectFacts<RocmFacts>(view), ROCMDOC_BINARY).state ==
      RocmSmiState::kNoLibrary) {
    GTEST_SKIP() << "no librocm_smi64 on this host";
  }
  CommandSpec spec;
  spec.name = "rocm-doctor";
  spec.argv = {ROCMDOC_BINARY, "check",  "--format",
               "json",         "--only", "hardware.gpus,driver.kfd_topology,libraries.rocm_smi"};
  spec.timeout = std::chrono::seconds(60);
  CommandOutcome out = RunCommand(spec);
  ASSERT_EQ(out.state, CommandOutcome::State::kExited) << out.error << out.err;
  json report = json::parse(out.out, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << out.out;
  ASSERT_FALSE(report["root_causes"].empty()) << out.out;
  const json& first = report["root_causes"][0];
  EXPECT_EQ(first["code"], "hardware.gpu.none_found");
  bool symptom = false;
  for (const json& s : first["symptoms"]) {
    if (s["check"] == "libraries.rocm_smi" && s["code"] == "libraries.rocm_smi.init_failed" &&
        s["message"].get<std::string>().find("no AMD GPU") != std::string::npos) {
      symptom = true;
    }
  }
  EXPECT_TRUE(symptom) << first.dump(2);
  for (const json& c : report["root_causes"]) {
    EXPECT_NE(c["check"], "libraries.rocm_smi") << "the rsmi failure must not be a root cause";
  }
}

}  // namespace
}  // namespace rocm_doctor
