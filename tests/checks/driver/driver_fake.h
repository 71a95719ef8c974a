// SPDX-License-Identifier: MIT
#pragma once
// Builders for driver-layer check tests: a kernel with amdgpu in some state, on a FakeSystemView
// (laid down with support/host_builder.h).
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "checks/hardware/fake_pci.h"
#include "rocm_doctor/catalog.h"
#include "support/check_harness.h"
#include "support/fake_system_view.h"
#include "support/host_builder.h"

namespace rocm_doctor::testing {

inline constexpr const char* kRelease = "6.8.0-45-generic";

inline std::shared_ptr<FakeSystemView> NewView() {
  auto view = std::make_shared<FakeSystemView>();
  HostBuilder(*view)
      .Kernel(kRelease, "#45-Ubuntu")
      .Cmdline("BOOT_IMAGE=/vmlinuz-6.8.0-45-generic root=UUID=1 ro quiet")
      .ProcModules("snd 1 0 - Live 0x0\n")
      .ModuleIndex(kRelease, "modules.builtin", "kernel/fs/ext4/ext4.ko\n")
      .ModuleIndex(
          kRelease, "modules.dep",
          "kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.zst: kernel/drivers/gpu/drm/drm.ko.zst\n");
  return view;
}

// amdgpu loaded as a module, initstate live; `dkms_version` set = the DKMS (ROCk) driver.
inline void LoadAmdgpu(FakeSystemView& view, const std::string& dkms_version = "") {
  HostBuilder(view)
      .ProcModules("amdgpu 12836864 48 - Live 0x0000000000000000\nsnd 1 0 - Live 0x0\n")
      .AmdgpuModule("live", dkms_version);
}

inline FakePciFunction Gpu(std::string bdf = "0000:03:00.0",
                           std::optional<std::string> driver = "amdgpu", bool drm = true) {
  FakePciFunction f;
  f.bdf = std::move(bdf);
  f.driver = std::move(driver);
  f.drm = drm;
  return f;
}

inline KernelLog LogOf(std::vector<std::string> lines) {
  KernelLog log;
  log.state = KernelLog::State::kOk;
  log.source = "/dev/kmsg";
  log.lines = std::move(lines);
  return log;
}

// Every {placeholder} in the code's commands is filled by the finding's params.
inline void ExpectCommandsFilled(const Finding& finding) {
  Remediation r = Catalog::Instance().RemediationFor(finding);
  for (const std::string& cmd : r.commands) {
    EXPECT_EQ(cmd.find('{'), std::string::npos) << finding.code << ": " << cmd;
  }
}

}  // namespace rocm_doctor::testing
