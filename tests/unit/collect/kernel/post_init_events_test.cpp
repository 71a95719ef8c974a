// SPDX-License-Identifier: MIT
// The post-init kernel log classifier, the runtime PM attributes and amdgpu.runpm: the kernel's
// own lines from public threads, benign lines that must stay unclassified, hostile input.
#include <gtest/gtest.h>

#include <string>

#include "collect/kernel/kernel_log_parse.h"
#include "collect/kernel/post_init_events.h"
#include "collect/kernel/runpm_collector.h"
#include "collect/pci/pci_power.h"

namespace rocm_doctor {
namespace {

using Kind = KernelLogEvent::Kind;

struct LineCase {
  const char* line;
  std::optional<Kind> kind;
  const char* bdf;
};

// Classified the way the collector does: the init-time classifier first, then the post-init one.
std::optional<KernelLogEvent> Classify(std::string_view line) {
  auto event = parse::ClassifyKernelLogLine(line);
  if (!event) event = parse::ClassifyPostInitLine(line);
  return event;
}

TEST(PostInitEvents, RealLinesAreClassified) {
  const LineCase cases[] = {
      // ROCm/amdgpu#183 (MI100, runtime PM resume), verbatim.
      {"[   33.865392] amdgpu 0000:03:00.0: amdgpu: SMC is not ready", Kind::kSmuNotReady,
       "0000:03:00.0"},
      {"[   33.871308] amdgpu 0000:03:00.0: amdgpu: SMC engine is not correctly up!",
       Kind::kSmuNotReady, "0000:03:00.0"},
      {"[   33.878965] amdgpu 0000:03:00.0: amdgpu: resume of IP block <smu> failed -5",
       Kind::kResumeFailed, "0000:03:00.0"},
      {"[   33.886517] amdgpu 0000:03:00.0: amdgpu: amdgpu_device_ip_resume failed (-5).",
       Kind::kResumeFailed, "0000:03:00.0"},
      // DRM_ERROR form without a device prefix.
      {"[drm:amdgpu_device_ip_resume_phase2 [amdgpu]] *ERROR* resume of IP block <gfx_v11_0> "
       "failed -110",
       Kind::kResumeFailed, ""},
      {"amdgpu 0000:83:00.0: Unable to change power state from D3cold to D0, device "
       "inaccessible",
       Kind::kResumeFailed, "0000:83:00.0"},
      // ROCm/ROCm#2689 and #3580 (MES and ring timeouts, text only).
      {"[drm:amdgpu_mes_reg_write_reg_wait [amdgpu]] *ERROR* MES failed to response msg=3",
       Kind::kMesFailed, ""},
      {"amdgpu 0000:03:00.0: amdgpu: MES might be in unrecoverable state, issue a GPU reset",
       Kind::kMesFailed, "0000:03:00.0"},
      {"amdgpu 0000:0b:00.0: amdgpu: MES failed to respond to msg=REMOVE_QUEUE",
       Kind::kMesFailed, "0000:0b:00.0"},
      {"[drm:amdgpu_job_timedout [amdgpu]] *ERROR* ring gfx_0.0.0 timeout, signaled "
       "seq=3295304, emitted seq=3295306",
       Kind::kRingTimeout, ""},
      {"amdgpu 0000:03:00.0: amdgpu: GPU reset begin!", Kind::kRingTimeout, "0000:03:00.0"},
      {"amdgpu 0000:03:00.0: amdgpu: GPU reset(2) failed", Kind::kResetFailed, "0000:03:00.0"},
      {"amdgpu 0000:03:00.0: amdgpu: GPU Recovery Failed: -110", Kind::kResetFailed,
       "0000:03:00.0"},
      {"amdgpu 0000:03:00.0: amdgpu: SMU: I'm not done with your previous command: "
       "SMN_C2PMSG_66:0x00000011 SMN_C2PMSG_82:0x00000002",
       Kind::kSmuNotReady, "0000:03:00.0"},
      // lamikr/rocm_sdk_builder#180 (kernel 6.12), verbatim: an init failure (-ENOMEM), not
      // post-init.
      {"[    5.408787] amdgpu 0000:03:00.0: probe with driver amdgpu failed with error -12",
       Kind::kProbeNoMemory, "0000:03:00.0"},
  };
  for (const LineCase& c : cases) {
    auto event = Classify(c.line);
    ASSERT_TRUE(event.has_value()) << c.line;
    EXPECT_EQ(static_cast<int>(event->kind), static_cast<int>(*c.kind)) << c.line;
    EXPECT_EQ(event->bdf, c.bdf) << c.line;
    EXPECT_EQ(event->line, c.line);
  }
}

TEST(PostInitEvents, BenignAndForeignLinesAreNotFailures) {
  const char* lines[] = {
      // Printed on every healthy PSP/SMU resume (ROCm/amdgpu#183, pop-os/pop#1543).
      "[   33.850011] amdgpu 0000:03:00.0: amdgpu: RAP: optional rap ta ucode is not available",
      "[   33.858894] amdgpu 0000:03:00.0: amdgpu: SMU is resuming...",
      "[   33.723056] amdgpu 0000:03:00.0: amdgpu: PSP is resuming...",
      "amdgpu 0000:03:00.0: amdgpu: SMU is resumed successfully!",
      "amdgpu 0000:03:00.0: amdgpu: GPU reset(1) succeeded!",
      // ROCm/ROCm#6137: the iGPU's KFD line says "dGPU" (a kernel label, not a failure).
      "[ 10.036135] amdgpu: Topology: Add dGPU node [0x164e:0x1002]",
      "[ 10.036137] kfd kfd: amdgpu: added device 1002:164e",
      // Other drivers' lines with the same words.
      "nouveau 0000:01:00.0: resume of IP block <x> failed -5",
      "i915 0000:00:02.0: GPU reset(1) failed",
      "xhci_hcd 0000:00:14.0: Unable to change power state from D3cold to D0, device "
      "inaccessible",
      "",
      "amdgpu",
      "amdgpu resume of IP block <",
  };
  for (const char* line : lines) {
    EXPECT_FALSE(parse::ClassifyPostInitLine(line).has_value()) << line;
  }
}

TEST(PostInitEvents, HostileLinesAreBoundedAndPrintable) {
  std::string huge = "amdgpu 0000:03:00.0: amdgpu: resume of IP block <" +
                     std::string(100000, 'x') + "> failed -5";
  auto event = parse::ClassifyPostInitLine(huge);
  ASSERT_TRUE(event.has_value());
  EXPECT_LE(event->line.size(), 410u);
  constexpr char kBinary[] = "amdgpu 0000:03:00.0: GPU reset(\x01\xff\0) failed";
  std::string binary(kBinary, sizeof kBinary - 1);  // with its NUL, without the terminator
  event = parse::ClassifyPostInitLine(binary);
  ASSERT_TRUE(event.has_value());
  for (char c : event->line) EXPECT_TRUE(c >= 0x20 && c < 0x7f) << event->line;
}

TEST(RuntimePm, KnownStatesPassAndOthersAreUnknown) {
  const char* good[] = {"active", "suspended", "suspending", "resuming", "error", "unsupported"};
  for (const char* s : good) {
    auto f = pci_power::ParseRuntimeStatus(Fact<std::string>::Known(s, "p"));
    ASSERT_TRUE(f.known()) << s;
    EXPECT_EQ(*f, s);
  }
  const char* bad[] = {"", "Error", "active\n2", "on", "\x01", "errorerror"};
  for (const char* s : bad) {
    auto f = pci_power::ParseRuntimeStatus(Fact<std::string>::Known(s, "p"));
    EXPECT_FALSE(f.known()) << s;
    EXPECT_EQ(f.source, "p");
  }
  EXPECT_TRUE(pci_power::ParseControl(Fact<std::string>::Known("auto", "c")).known());
  EXPECT_TRUE(pci_power::ParseControl(Fact<std::string>::Known("on", "c")).known());
  EXPECT_FALSE(pci_power::ParseControl(Fact<std::string>::Known("off", "c")).known());
  auto unread = pci_power::ParseControl(Fact<std::string>::Unknown("c", "permission denied"));
  EXPECT_EQ(unread.error, "permission denied");
}

TEST(Runpm, IntegersOnly) {
  for (const char* s : {"-1", "0", "1", "2"}) {
    auto f = kernel_parts::ParseRunpm(Fact<std::string>::Known(s, "r"));
    ASSERT_TRUE(f.known()) << s;
    EXPECT_EQ(*f, s);
  }
  for (const char* s : {"", "-", "auto", "0x1", "1 2", "99999999999", "--1"}) {
    EXPECT_FALSE(kernel_parts::ParseRunpm(Fact<std::string>::Known(s, "r")).known()) << s;
  }
}

}  // namespace
}  // namespace rocm_doctor
