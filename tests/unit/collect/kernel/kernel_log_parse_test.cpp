// SPDX-License-Identifier: MIT
#include "collect/kernel/kernel_log_parse.h"

#include <gtest/gtest.h>

namespace rocm_doctor::parse {
namespace {

using Kind = KernelLogEvent::Kind;

struct LogCase {
  const char* name;
  std::string line;
  std::optional<Kind> kind;
  std::string bdf;
};

class KernelLogLineTest : public ::testing::TestWithParam<LogCase> {};

TEST_P(KernelLogLineTest, Classifies) {
  auto event = ClassifyKernelLogLine(GetParam().line);
  ASSERT_EQ(event.has_value(), GetParam().kind.has_value()) << GetParam().line;
  if (!event) return;
  EXPECT_EQ(event->kind, *GetParam().kind);
  EXPECT_EQ(event->bdf, GetParam().bdf);
}

// Texts from failure-modes.md (real reports) and the kernel sources they come from.
INSTANTIATE_TEST_SUITE_P(
    Table, KernelLogLineTest,
    ::testing::Values(
        LogCase{"firmware",
                "amdgpu 0000:23:00.0: Direct firmware load for amdgpu/arcturus_gpu_info.bin "
                "failed with error -2",
                Kind::kFirmwareLoadFailed, "0000:23:00.0"},
        LogCase{"firmware_with_timestamp",
                "[    4.123456] amdgpu 0000:03:00.0: Direct firmware load for "
                "amdgpu/navi10_gpu_info.bin failed with error -2",
                Kind::kFirmwareLoadFailed, "0000:03:00.0"},
        LogCase{"other_driver_firmware",
                "iwlwifi 0000:00:14.3: Direct firmware load for iwlwifi-so-a0-gf-a0-86.ucode "
                "failed with error -2",
                std::nullopt, ""},
        LogCase{"gpu_info_firmware",
                "amdgpu 0000:23:00.0: Failed to load gpu_info firmware "
                "\"amdgpu/arcturus_gpu_info.bin\"",
                Kind::kFirmwareLoadFailed, "0000:23:00.0"},
        LogCase{"mc_firmware", "amdgpu: mc: Failed to load firmware \"amdgpu/polaris12_mc.bin\"",
                Kind::kFirmwareLoadFailed, ""},
        LogCase{"fatal", "amdgpu 0000:23:00.0: Fatal error during GPU init", Kind::kInitFailed,
                "0000:23:00.0"},
        LogCase{"fatal_amdgpu_prefix", "amdgpu 0000:03:00.0: amdgpu: Fatal error during GPU init",
                Kind::kInitFailed, "0000:03:00.0"},
        LogCase{"probe", "amdgpu: probe of 0000:03:00.0 failed with error -22", Kind::kInitFailed,
                "0000:03:00.0"},
        LogCase{"probe_other_driver", "nvme: probe of 0000:01:00.0 failed with error -5",
                std::nullopt, ""},
        LogCase{"ip_block",
                "[drm:amdgpu_device_ip_init [amdgpu]] *ERROR* hw_init of IP block <gfx_v11_0> "
                "failed -110",
                Kind::kInitFailed, ""},
        // KFD refused the GPU (kfd_device.c "skipped device %x:%x, PCI rejects atomics %d<%d").
        LogCase{"atomics_kfd",
                "kfd kfd: amdgpu: skipped device 1002:7340, PCI rejects atomics 730<0",
                Kind::kAtomicsRejected, ""},
        // ROCm/ROCm#192 (https://github.com/ROCm/ROCm/issues/192), verbatim, the pre-4.17 form.
        LogCase{"atomics_kfd_rocm192",
                "[    9.331640] kfd kfd: skipped device 1002:67df, PCI rejects atomics",
                Kind::kAtomicsRejected, ""},
        // lamikr/rocm_sdk_builder#180 (https://github.com/lamikr/rocm_sdk_builder/issues/180),
        // verbatim, kernel 6.12's drivers/base/dd.c form: -ENOMEM, no room for the BARs.
        LogCase{"probe_enomem_6_12",
                "[    5.408787] amdgpu 0000:03:00.0: probe with driver amdgpu failed with error -12",
                Kind::kProbeNoMemory, "0000:03:00.0"},
        // The older dd.c form "%s: probe of %s failed with error %d" with the same errno.
        LogCase{"probe_enomem_old", "amdgpu: probe of 0000:03:00.0 failed with error -12",
                Kind::kProbeNoMemory, "0000:03:00.0"},
        LogCase{"probe_error_120", "amdgpu: probe of 0000:03:00.0 failed with error -120",
                Kind::kInitFailed, "0000:03:00.0"},
        LogCase{"probe_enomem_other_driver", "nvme: probe of 0000:01:00.0 failed with error -12",
                std::nullopt, ""},
        LogCase{"atomics_amdgpu", "amdgpu 0000:04:00.0: amdgpu: PCIE atomic ops is not supported",
                Kind::kAtomicsUnsupported, "0000:04:00.0"},
        LogCase{"atomics_drm", "[drm] PCIE atomic ops is not supported", Kind::kAtomicsUnsupported,
                ""},
        LogCase{"kfd_unsupported", "kfd kfd: amdgpu: PITCAIRN  not supported in kfd",
                Kind::kKfdSkipped, ""},
        LogCase{"ring_timeout",
                "[drm:amdgpu_job_timedout [amdgpu]] *ERROR* ring sdma0 timeout, signaled "
                "seq=16060, emitted seq=16062",
                Kind::kRingTimeout, ""},
        LogCase{"ring_timeout_dev",
                "amdgpu 0000:0a:00.0: amdgpu: ring gfx_0.0.0 timeout, signaled seq=3295304, "
                "emitted seq=3295306",
                Kind::kRingTimeout, "0000:0a:00.0"},
        LogCase{"reset", "amdgpu 0000:0a:00.0: amdgpu: GPU reset begin!", Kind::kRingTimeout,
                "0000:0a:00.0"},
        LogCase{"i915_reset", "i915 0000:00:02.0: [drm] GPU HANG: ecode 12:1:85dffffb",
                std::nullopt, ""},
        LogCase{"unsigned_tainted",
                "amdgpu: module verification failed: signature and/or required key missing - "
                "tainting kernel",
                Kind::kModuleRejected, ""},
        LogCase{"unsigned_other_module",
                "nvidia: module verification failed: signature and/or required key missing - "
                "tainting kernel",
                std::nullopt, ""},
        LogCase{"lockdown",
                "Lockdown: modprobe: unsigned module loading is restricted; see man "
                "kernel_lockdown.7",
                Kind::kModuleRejected, ""},
        LogCase{"rejected", "Loading of unsigned module is rejected", Kind::kModuleRejected, ""},
        LogCase{"added", "kfd kfd: amdgpu: added device 1002:73bf", std::nullopt, ""},
        LogCase{"empty", "", std::nullopt, ""},
        LogCase{"garbage", std::string("\xff\xfe\0amdgpu", 9), std::nullopt, ""}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(KernelLogParse, FirmwareName) {
  auto e = ClassifyKernelLogLine(
      "amdgpu 0000:23:00.0: Direct firmware load for amdgpu/arcturus_gpu_info.bin failed with "
      "error -2");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->firmware, "amdgpu/arcturus_gpu_info.bin");
}

TEST(KernelLogParse, PciIdFromKfdLine) {
  auto e = ClassifyKernelLogLine("kfd kfd: amdgpu: skipped device 1002:67df, PCI rejects atomics");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind, Kind::kAtomicsRejected);
  EXPECT_EQ(e->pci_id, "1002:67df");
  EXPECT_EQ(FindPciId("skipped device 1002:7340, x"), "1002:7340");
  EXPECT_EQ(FindPciId("no id here"), "");
}

TEST(KernelLogParse, FindBdfRejectsLookalikes) {
  EXPECT_EQ(FindBdf("x 0000:03:00.0 y"), "0000:03:00.0");
  EXPECT_EQ(FindBdf("0000:C1:00.0"), "0000:c1:00.0");
  EXPECT_EQ(FindBdf("10000:03:00.0"), "");
  EXPECT_EQ(FindBdf("0000:03:00.8"), "");
  EXPECT_EQ(FindBdf("0000:03:00."), "");
  EXPECT_EQ(FindBdf("seq=0000:03"), "");
}

}  // namespace
}  // namespace rocm_doctor::parse
