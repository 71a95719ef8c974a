// SPDX-License-Identifier: MIT
// The frameworks layer on this very host, through the real binary: Debian's python3-torch
// (1.13.1, a CPU-only build, torch.version.hip and .cuda None) is installed for /usr/bin/python3.
// Both the files (frameworks.torch) and the live import (frameworks.torch_gpu) must say
// frameworks.torch.cpu_build; the static one is the root cause, the live one its symptom.
// tools/install-deps.sh --test installs python3-torch.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "system/command_runner.h"

namespace rocm_doctor {
namespace {

constexpr char kDebianTorch[] = "/usr/lib/python3/dist-packages/torch/version.py";

const nlohmann::json* CheckOf(const nlohmann::json& report, std::string_view id) {
  for (const auto& c : report["checks"]) {
    if (c["id"] == id) return &c;
  }
  return nullptr;
}

bool HasFinding(const nlohmann::json& check, std::string_view code) {
  for (const auto& f : check["findings"]) {
    if (f["code"] == code) return true;
  }
  return false;
}

TEST(FrameworksLiveHost, DebianTorchIsACpuBuildInFilesAndWhenImported) {
  if (!std::filesystem::exists(kDebianTorch)) {
    GTEST_SKIP() << "python3-torch is not installed (tools/install-deps.sh --test installs it)";
  }
  CommandSpec spec;
  spec.name = "rocm-doctor";
  spec.argv = {ROCMDOC_BINARY, "check", "--only", "frameworks", "--format", "json"};
  spec.timeout = std::chrono::seconds(90);
  CommandOutcome out = RunCommand(spec);
  ASSERT_EQ(out.state, CommandOutcome::State::kExited) << out.error;
  EXPECT_EQ(out.exit_code, 1) << out.err;
  const nlohmann::json report = nlohmann::json::parse(out.out, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << out.out.substr(0, 400);

  const nlohmann::json* files = CheckOf(report, "frameworks.torch");
  ASSERT_NE(files, nullptr);
  EXPECT_EQ((*files)["status"], "fail");
  EXPECT_TRUE(HasFinding(*files, "frameworks.torch.cpu_build")) << files->dump();

  const nlohmann::json* live = CheckOf(report, "frameworks.torch_gpu");
  ASSERT_NE(live, nullptr);
  EXPECT_TRUE(HasFinding(*live, "frameworks.torch.cpu_build")) << live->dump();
  EXPECT_EQ((*live)["blocked_by"], "frameworks.torch") << live->dump();

  bool root = false;
  for (const auto& c : report["root_causes"]) root |= c["code"] == "frameworks.torch.cpu_build";
  EXPECT_TRUE(root) << report["root_causes"].dump();

  // Which Python: when `python3` is not an interpreter that imports Debian's torch (here: a
  // pyenv shim), the doctor says so; when it is, it does not.
  const nlohmann::json* python = CheckOf(report, "frameworks.python");
  ASSERT_NE(python, nullptr);
  const std::string summary = (*python)["summary"];
  const bool active_has_torch =
      summary.rfind("python3 → ", 0) == 0 &&
      summary.substr(0, summary.find(';')).find("torch") != std::string::npos;
  EXPECT_EQ(HasFinding(*python, "frameworks.python.not_in_active"), !active_has_torch) << summary;
}

}  // namespace
}  // namespace rocm_doctor
