// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <memory>

#include "checks/hardware/fake_pci.h"
#include "support/check_harness.h"

namespace rocm_doctor {
namespace {

using testing::FakeSystemView;
using testing::FindFinding;
using testing::HasFinding;
using testing::RunCheck;

TEST(HardwareGpus, OneRx7900Xtx) {
  auto view = std::make_shared<FakeSystemView>();
  testing::Other("0000:00:00.0", "0x1022", "0x14d8", "0x060000").Install(*view);
  testing::Rx7900Xtx("0000:03:00.0").Install(*view);
  testing::Other("0000:03:00.1", "0x1002", "0xab30", "0x040300").Install(*view);  // HDMI audio
  CheckOutcome out = RunCheck("hardware.gpus", view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary, "1 × AMD Radeon RX 7900 XTX (gfx1100) at 0000:03:00.0");
  const Finding* found = FindFinding(out, "hardware.gpu.found");
  ASSERT_NE(found, nullptr);
  EXPECT_NE(found->message.find("RDNA3"), std::string::npos) << found->message;
  EXPECT_NE(found->message.find("24560 MiB VRAM"), std::string::npos) << found->message;
  EXPECT_NE(found->message.find("96 CUs"), std::string::npos) << found->message;
  EXPECT_NE(found->message.find("driver amdgpu"), std::string::npos) << found->message;
  EXPECT_EQ(found->params.at("bdf"), "0000:03:00.0");
}

TEST(HardwareGpus, EightMi300xAreGrouped) {
  auto view = std::make_shared<FakeSystemView>();
  const char* bdfs[] = {"0000:05:00.0", "0000:15:00.0", "0000:65:00.0", "0000:75:00.0",
                        "0000:85:00.0", "0000:95:00.0", "0000:e5:00.0", "0000:f5:00.0"};
  for (const char* bdf : bdfs) testing::Mi300x(bdf).Install(*view);
  CheckOutcome out = RunCheck("hardware.gpus", view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary, "8 × AMD Instinct MI300X (gfx942)");
  EXPECT_EQ(out.findings.size(), 8u);
}

TEST(HardwareGpus, MixedModelsAndAGpuNotInTheTable) {
  auto view = std::make_shared<FakeSystemView>();
  testing::Rx7900Xtx("0000:03:00.0").Install(*view);
  testing::FakePciFunction unknown = testing::Rx7900Xtx("0000:04:00.0");
  unknown.device = "0x1234";
  unknown.Install(*view);
  testing::Phoenix780m("0000:64:00.0").Install(*view);
  CheckOutcome out = RunCheck("hardware.gpus", view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary,
            "1 × AMD Radeon RX 7900 XTX (gfx1100) at 0000:03:00.0, "
            "1 × AMD GPU 0x1234 (not in the GPU table) at 0000:04:00.0, "
            "1 × AMD Radeon 780M Graphics (gfx1103) at 0000:64:00.0");
}

TEST(HardwareGpus, UnknownRevisionIsNamedByFamily) {
  auto view = std::make_shared<FakeSystemView>();
  testing::FakePciFunction f = testing::Rx7900Xtx();
  f.revision = "0x01";
  f.driver = std::nullopt;
  f.Install(*view);
  CheckOutcome out = RunCheck("hardware.gpus", view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_NE(out.summary.find("(gfx1100)"), std::string::npos) << out.summary;
  const Finding* found = FindFinding(out, "hardware.gpu.found");
  ASSERT_NE(found, nullptr);
  EXPECT_NE(found->message.find("revision 0x01 is not in the GPU table"), std::string::npos)
      << found->message;
  EXPECT_NE(found->message.find("no driver bound"), std::string::npos) << found->message;
}

TEST(HardwareGpus, OnlyVirtioDevicesInAVm) {
  auto view = std::make_shared<FakeSystemView>();
  testing::Other("0000:00:02.0", "0x1af4", "0x1041", "0x020000").Install(*view);  // net
  testing::Other("0000:00:03.0", "0x1af4", "0x1042", "0x010000").Install(*view);  // block
  view->File("/proc/cpuinfo", "processor\t: 0\nflags\t\t: fpu vme hypervisor lahf_lm\n")
      .File("/sys/class/dmi/id/sys_vendor", "QEMU\n")
      .File("/sys/class/dmi/id/product_name", "Standard PC (Q35 + ICH9, 2009)\n");
  CheckOutcome out = RunCheck("hardware.gpus", view);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* none = FindFinding(out, "hardware.gpu.none_found");
  ASSERT_NE(none, nullptr);
  EXPECT_NE(
      none->message.find("only virtio devices (2): a virtual machine without GPU passthrough"),
      std::string::npos)
      << none->message;
  ASSERT_FALSE(none->evidence.empty());
  EXPECT_EQ(none->evidence[0].observed, "2 functions: 0x1af4 ×2");
  const Finding* vm = FindFinding(out, "hardware.vm.no_passthrough");
  ASSERT_NE(vm, nullptr);
  EXPECT_EQ(vm->status, Status::kInfo);
  EXPECT_GE(vm->evidence.size(), 2u);
}

TEST(HardwareGpus, NvidiaAndIntelAreNamed) {
  auto view = std::make_shared<FakeSystemView>();
  testing::Other("0000:00:02.0", "0x8086", "0x9a49", "0x030000").Install(*view);
  testing::Other("0000:01:00.0", "0x10de", "0x2684", "0x030000").Install(*view);
  testing::Other("0000:01:00.1", "0x10de", "0x22ba", "0x040300").Install(*view);
  CheckOutcome out = RunCheck("hardware.gpus", view);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* none = FindFinding(out, "hardware.gpu.none_found");
  ASSERT_NE(none, nullptr);
  EXPECT_NE(none->message.find("an NVIDIA GPU (0x10de:0x2684 at 0000:01:00.0), not supported by "
                               "ROCm"),
            std::string::npos)
      << none->message;
  EXPECT_NE(none->message.find("Intel graphics (0x8086:0x9a49 at 0000:00:02.0)"), std::string::npos)
      << none->message;
  EXPECT_FALSE(HasFinding(out, "hardware.vm.no_passthrough"));
}

TEST(HardwareGpus, AmdAudioWithoutItsGpuAndABmcDisplay) {
  auto view = std::make_shared<FakeSystemView>();
  testing::Other("0000:02:00.0", "0x1a03", "0x2000", "0x030000").Install(*view);
  testing::Other("0000:03:00.1", "0x1002", "0xab28", "0x040300").Install(*view);
  CheckOutcome out = RunCheck("hardware.gpus", view);
  const Finding* none = FindFinding(out, "hardware.gpu.none_found");
  ASSERT_NE(none, nullptr);
  EXPECT_NE(none->message.find("0x1a03:0x2000 (ASPEED"), std::string::npos) << none->message;
  EXPECT_NE(none->message.find("AMD functions that are not GPUs: 0x1002:0xab28 (class 0x040300)"),
            std::string::npos)
      << none->message;
}

TEST(HardwareGpus, EmptyBus) {
  auto view = std::make_shared<FakeSystemView>();
  view->Dir("/sys/bus/pci/devices");
  CheckOutcome out = RunCheck("hardware.gpus", view);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* none = FindFinding(out, "hardware.gpu.none_found");
  ASSERT_NE(none, nullptr);
  EXPECT_NE(none->message.find("no functions at all"), std::string::npos) << none->message;
}

TEST(HardwareGpus, WslSkips) {
  auto view = std::make_shared<FakeSystemView>();
  view->Dir("/sys/bus/pci/devices");
  view->File("/dev/dxg", "");
  CheckOutcome out = RunCheck("hardware.gpus", view);
  EXPECT_EQ(out.status, Status::kSkip);
  EXPECT_NE(out.summary.find("/dev/dxg"), std::string::npos);
}

TEST(HardwareGpus, UnreadableBusIsUnknown) {
  auto view = std::make_shared<testing::DeniedDirsView>();
  view->DenyListing("/sys/bus/pci/devices");
  CheckOutcome out = RunCheck("hardware.gpus", view);
  EXPECT_EQ(out.status, Status::kUnknown);
  const Finding* f = FindFinding(out, "hardware.pci.unreadable");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("Permission denied"), std::string::npos) << f->message;
}

TEST(HardwareGpus, MissingBusIsUnknown) {
  CheckOutcome out = RunCheck("hardware.gpus", std::make_shared<FakeSystemView>());
  EXPECT_EQ(out.status, Status::kUnknown);
  EXPECT_TRUE(HasFinding(out, "hardware.pci.unreadable"));
}

TEST(HardwareGpus, UnidentifiableAmdFunctionIsUnknownNotNoneFound) {
  auto view = std::make_shared<FakeSystemView>();
  testing::FakePciFunction f = testing::Rx7900Xtx();
  f.Install(*view);
  view->Unreadable(f.Dir() + "/class");
  CheckOutcome out = RunCheck("hardware.gpus", view);
  EXPECT_EQ(out.status, Status::kUnknown);
  EXPECT_TRUE(HasFinding(out, "hardware.pci.unreadable"));
  EXPECT_FALSE(HasFinding(out, "hardware.gpu.none_found"));
}

}  // namespace
}  // namespace rocm_doctor
