// SPDX-License-Identifier: MIT
// hardware.apu_memory (issue 16 rule 6): the APU's UMA carve-out against what frameworks need,
// the kernel that lets KFD allocate from GTT (drm/amdkfd 89773b85599a, Linux 6.10), a DKMS
// driver whose base the release does not tell, and hosts where the iGPU does not compute.
#include <gtest/gtest.h>

#include "support/check_harness.h"
#include "unit/collect/runtime_env/env_fixture.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kCheck[] = "hardware.apu_memory";
const TestGpu kRx6800Xt{"0000:03:00.0", "0x73bf", "0xc1", 100300};

// A Phoenix APU (780M) with this carve-out and GTT, on this kernel.
std::shared_ptr<FakeSystemView> Apu(std::uint64_t vram, std::uint64_t gtt, std::string release,
                                    const std::vector<TestGpu>& gpus = {kPhoenix}) {
  auto view = GpuHost(gpus);
  for (const TestGpu& g : gpus) {
    const std::string d = "/sys/bus/pci/devices/" + g.bdf + "/";
    const bool apu = g.device_id == kPhoenix.device_id || g.device_id == kRaphael.device_id;
    view->File(d + "mem_info_vram_total", std::to_string(apu ? vram : 17163091968ULL) + "\n");
    view->File(d + "mem_info_gtt_total", std::to_string(gtt) + "\n");
  }
  UnameInfo uname;
  uname.sysname = "Linux";
  uname.release = std::move(release);
  view->Kernel(uname);
  return view;
}

constexpr std::uint64_t k512Mib = 536870912;
constexpr std::uint64_t kGtt15Gib = 16106127360;  // half of 30 GiB of RAM: the default

TEST(ApuMemory, SmallCarveOutBefore610Warns) {
  CheckOutcome out = RunCheck(kCheck, Apu(k512Mib, kGtt15Gib, "6.8.0-45-generic"));
  EXPECT_EQ(out.status, Status::kWarn) << out.summary;
  const Finding* f = FindFinding(out, "hardware.apu.carveout_small");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "the integrated gfx1103 at 0000:c4:00.0 has a 512 MiB UMA carve-out, the memory HIP "
            "and frameworks size it by; kernel 6.8.0-45-generic (before 6.10: KFD allocates in "
            "the carve-out): frameworks see 512 MiB in all (PyTorch 'total capacity of 512 MiB', "
            "ollama skips an iGPU under 1 GiB); raise UMA Frame Buffer Size in the firmware "
            "setup, or run Linux 6.10+ to allocate from the 15.0 GiB of GTT");
  EXPECT_EQ(f->params.at("carveout_mib"), "512");
  EXPECT_EQ(f->evidence[0].source, "/sys/bus/pci/devices/0000:c4:00.0/mem_info_vram_total");
  EXPECT_EQ(Catalog::Instance().RemediationFor(*f).commands[0],
            "cat /sys/bus/pci/devices/0000:c4:00.0/mem_info_vram_total "
            "/sys/bus/pci/devices/0000:c4:00.0/mem_info_gtt_total");
}

TEST(ApuMemory, SmallCarveOutOn610WithGttIsInformation) {
  CheckOutcome out = RunCheck(kCheck, Apu(k512Mib, 115964116992ULL, "6.14.0-1014-oem"));
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  const Finding* f = FindFinding(out, "hardware.apu.carveout_small_gtt");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->status, Status::kInfo);
  EXPECT_NE(f->message.find("HIP can allocate up to 108.0 GiB of GTT"), std::string::npos)
      << f->message;
  EXPECT_EQ(FindFinding(out, "hardware.apu.carveout_small"), nullptr);
}

TEST(ApuMemory, DkmsDriverIsNotAssumedToUseGtt) {
  auto view = Apu(k512Mib, kGtt15Gib, "6.11.0-19-generic");
  view->File("/sys/module/amdgpu/version", "6.8.5\n");
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "hardware.apu.carveout_small");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("the DKMS amdgpu 6.8.5 is loaded"), std::string::npos) << f->message;
}

TEST(ApuMemory, UnparsableReleaseIsNotAssumedNew) {
  for (const char* release : {"", "garbage", "6", "6.", "99999999999.1", "\x1b[2J6.10"}) {
    CheckOutcome out = RunCheck(kCheck, Apu(k512Mib, kGtt15Gib, release));
    EXPECT_NE(FindFinding(out, "hardware.apu.carveout_small"), nullptr) << release;
  }
}

TEST(ApuMemory, LargeCarveOutPasses) {
  CheckOutcome out = RunCheck(kCheck, Apu(4294967296ULL, kGtt15Gib, "6.8.0-45-generic"));
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_TRUE(out.findings.empty());
  EXPECT_EQ(out.summary, "integrated gfx1103 at 0000:c4:00.0: 4096 MiB carve-out, 15.0 GiB GTT");
}

TEST(ApuMemory, IgpuBesideADiscreteGpuIsNotJudged) {
  CheckOutcome out =
      RunCheck(kCheck, Apu(k512Mib, kGtt15Gib, "6.8.0-45-generic", {kRaphael, kRx6800Xt}));
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_NE(out.summary.find("the discrete GPU computes"), std::string::npos) << out.summary;
}

TEST(ApuMemory, DoesNotApply) {
  EXPECT_EQ(RunCheck(kCheck, Apu(k512Mib, kGtt15Gib, "6.8.0", {kRx6800Xt})).status,
            Status::kSkip);
  auto hidden = Apu(k512Mib, kGtt15Gib, "6.8.0", {kRaphael, kRx6800Xt});
  hidden->Env("ROCR_VISIBLE_DEVICES", "1");
  EXPECT_EQ(RunCheck(kCheck, hidden).status, Status::kSkip);
}

}  // namespace
}  // namespace rocm_doctor::testing
