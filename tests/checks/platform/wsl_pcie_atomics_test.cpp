// SPDX-License-Identifier: MIT
// driver.wsl and hardware.pcie_atomics.
#include <gtest/gtest.h>

#include "checks/platform/platform_fixture.h"
#include "support/check_harness.h"

namespace rocm_doctor::testing {
namespace {

TEST(DriverWsl, InfoOnWsl) {
  auto view = std::make_shared<FakeSystemView>();
  view->File("/proc/version",
             "Linux version 5.15.167.4-microsoft-standard-WSL2 (root@f9c826d3017f) #1 SMP\n");
  view->Node("/dev/dxg", CharNode(0666, 0, 0, "root", "root", 10, 60));
  CheckOutcome out = RunCheck("driver.wsl", view);
  const Finding* f = FindFinding(out, "platform.wsl.no_kfd");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->status, Status::kInfo);
  EXPECT_NE(f->message.find("microsoft-standard-WSL2"), std::string::npos);
  EXPECT_NE(Status::kFail, out.status);
  EXPECT_EQ(out.summary, "WSL2 with /dev/dxg: ROCm's WSL path applies");
}

TEST(DriverWsl, SkipsElsewhere) {
  CheckOutcome out = RunCheck("driver.wsl", HealthyMi300xHost());
  EXPECT_EQ(out.status, Status::kSkip);
  EXPECT_EQ(out.summary, "not WSL");
}

constexpr char kAtomics[] = "hardware.pcie_atomics";

TEST(HardwarePcieAtomics, PassesWithAtomics) {
  CheckOutcome out = RunCheck(kAtomics, HealthyMi300xHost());
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_EQ(out.summary, "available on the PCIe link of 1 GPU node");
}

TEST(HardwarePcieAtomics, IoLinkFlagsSayNoAtomicsOnANodeKfdAddedIsAWarning) {
  auto view = HealthyMi300xHost();
  // A Navi31 behind a riser: enabled | NO_ATOMICS_32_BIT | NO_ATOMICS_64_BIT. KFD added the node,
  // so the GPU runs (gfx9+ does without atomics, ROCm/ROCm#825); hostcalls will not.
  AddKfdNode(*view, 1, GpuProperties(110000, 0x744c, 0x0300, 128), {IoLink(2, 1, 0, 13)});
  CheckOutcome out = RunCheck(kAtomics, view);
  EXPECT_EQ(out.status, Status::kWarn);
  EXPECT_EQ(FindFinding(out, "hardware.pcie.atomics_unsupported"), nullptr);
  const Finding* f = FindFinding(out, "hardware.pcie.atomics_absent");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("0000:03:00.0 (gfx1100)"), std::string::npos) << f->message;
  EXPECT_EQ(f->params.at("bdf"), "0000:03:00.0");
  ASSERT_FALSE(f->evidence.empty());
  EXPECT_NE(f->evidence[0].observed.find("flags 0xd"), std::string::npos);
}

TEST(HardwarePcieAtomics, KernelLogRejectsAtomics) {
  // ROCm/ROCm#755: KFD refuses an RX 580 behind a PCIe switch; no KFD node exists.
  auto view = std::make_shared<FakeSystemView>();
  AddAmdGpu(*view, "0000:05:00.0", "0x67df");
  AddKfdCpuNode(*view, 0);
  view->Log(KernelLog{.state = KernelLog::State::kOk,
                      .source = "/dev/kmsg",
                      .lines = {"kfd kfd: amdgpu: skipped device 1002:67df, PCI rejects atomics "
                                "730<0"},
                      .error = ""});
  CheckOutcome out = RunCheck(kAtomics, view);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "hardware.pcie.atomics_unsupported");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("0000:05:00.0"), std::string::npos) << f->message;
}

// ROCm/ROCm#157: an RX 6600 XT on a PCIe 2.0 Phenom II prints amdgpu's note and works; the
// same note for a GPU KFD has no node for stays a failure.
TEST(HardwarePcieAtomics, AmdgpusNoteIsAWarningWhenKfdAddedTheGpu) {
  auto view = std::make_shared<FakeSystemView>();
  AddAmdGpu(*view, "0000:05:00.0", "0x73ff");
  AddKfdCpuNode(*view, 0);
  view->Log(KernelLog{.state = KernelLog::State::kOk,
                      .source = "/dev/kmsg",
                      .lines = {"amdgpu 0000:05:00.0: amdgpu: PCIE atomic ops is not supported"},
                      .error = ""});
  CheckOutcome out = RunCheck(kAtomics, view);
  EXPECT_EQ(out.status, Status::kFail) << out.summary;  // no KFD node for it
  ASSERT_NE(FindFinding(out, "hardware.pcie.atomics_unsupported"), nullptr);
  AddKfdNode(*view, 1, GpuProperties(100302, 0x73ff, 0x0500, 128), {IoLink(2, 1, 0, 1)});
  out = RunCheck(kAtomics, view);
  EXPECT_EQ(out.status, Status::kWarn) << out.summary;
  const Finding* f = FindFinding(out, "hardware.pcie.atomics_absent");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->params.at("bdf"), "0000:05:00.0");
}

TEST(HardwarePcieAtomics, ApuIsNotJudged) {
  auto view = std::make_shared<FakeSystemView>();
  AddAmdGpu(*view, "0000:64:00.0", "0x15bf");
  AddKfdCpuNode(*view, 0);
  AddKfdNode(*view, 1, kPhoenixGpuProperties, {IoLink(2, 1, 0, 13)});
  CheckOutcome out = RunCheck(kAtomics, view);
  EXPECT_EQ(out.status, Status::kSkip) << out.summary;
}

TEST(HardwarePcieAtomics, XgmiLinksAreNotJudged) {
  auto view = HealthyMi300xHost();
  AddKfdNode(*view, 1, GpuProperties(90402, 29857, 0xc100, 128), {IoLink(11, 1, 0, 13)});
  EXPECT_EQ(RunCheck(kAtomics, view).status, Status::kSkip);
}

TEST(HardwarePcieAtomics, SkipsWithoutEvidence) {
  auto view = std::make_shared<FakeSystemView>();
  AddAmdGpu(*view, "0000:05:00.0", "0x67df");
  EXPECT_EQ(RunCheck(kAtomics, view).status, Status::kSkip);
}

TEST(PlatformFindings, EveryCodeIsInTheCatalog) {
  for (const char* code :
       {"driver.kfd.missing", "driver.kfd.unreadable", "container.devices.not_passed",
        "driver.kfd.permission_denied", "container.group.gid_mismatch", "container.group.unmapped",
        "driver.render_node.permission_denied", "driver.render_node.missing",
        "driver.render_access.unmatched", "driver.kfd_topology.unreadable",
        "driver.kfd_topology.gpu_missing", "driver.kfd_topology.gpu_partial", "platform.wsl.no_kfd",
        "hardware.pcie.atomics_unsupported", "hardware.pcie.atomics_absent"}) {
    const FindingSpec* spec = Catalog::Instance().Find(code);
    ASSERT_NE(spec, nullptr) << code;
    EXPECT_FALSE(spec->remediation.empty()) << code;
    EXPECT_FALSE(spec->commands.empty()) << code;
  }
}

}  // namespace
}  // namespace rocm_doctor::testing
