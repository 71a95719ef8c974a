// SPDX-License-Identifier: MIT
#include "collect/kernel/kernel_log_parse.h"

#include <cstdio>

#include "base/text_parse.h"

namespace rocm_doctor::parse {
namespace {

using Kind = KernelLogEvent::Kind;

bool IsHex(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

bool HexRun(std::string_view s, std::size_t pos, std::size_t n) {
  if (pos + n > s.size()) return false;
  for (std::size_t i = 0; i < n; ++i) {
    if (!IsHex(s[pos + i])) return false;
  }
  return true;
}

// A firmware file as the firmware loader names it: "amdgpu/navi10_gpu_info.bin" from
// "Direct firmware load for amdgpu/navi10_gpu_info.bin failed with error -2".
std::string WordAfter(std::string_view line, std::string_view marker) {
  std::size_t pos = line.find(marker);
  if (pos == std::string_view::npos) return {};
  std::string_view rest = line.substr(pos + marker.size());
  std::size_t end = 0;
  while (end < rest.size() && rest[end] != ' ' && rest[end] != '"' && rest[end] != '\t') ++end;
  return std::string(rest.substr(0, end));
}

// True when the line comes from amdgpu (dev_* prefix "amdgpu 0000:..", pr_* prefix "amdgpu:",
// DRM's "[drm:amdgpu_...") or KFD ("kfd kfd:"). A bare "[drm]" prefix is shared with i915 and
// nouveau, so it does not count.
bool FromAmdgpu(std::string_view line) {
  return Contains(line, "amdgpu") || Contains(line, "kfd kfd:");
}

// True when "failed with error <code>" is followed by the end of the line or a non-digit
// ("-12" matches "... error -12" but not "... error -120").
bool FailedWithError(std::string_view line, std::string_view code) {
  const std::string needle = "failed with error " + std::string(code);
  for (std::size_t at = line.find(needle); at != std::string_view::npos;
       at = line.find(needle, at + 1)) {
    std::size_t after = at + needle.size();
    if (after == line.size() || line[after] < '0' || line[after] > '9') return true;
  }
  return false;
}

}  // namespace

bool IsAmdgpuLine(std::string_view line) { return FromAmdgpu(line); }

std::string FindBdf(std::string_view line) {
  // DDDD:BB:DD.F is 12 characters.
  for (std::size_t i = 0; i + 12 <= line.size(); ++i) {
    if (i > 0 && (IsHex(line[i - 1]) || line[i - 1] == ':')) continue;
    if (HexRun(line, i, 4) && line[i + 4] == ':' && HexRun(line, i + 5, 2) && line[i + 7] == ':' &&
        HexRun(line, i + 8, 2) && line[i + 10] == '.' && line[i + 11] >= '0' &&
        line[i + 11] <= '7' && (i + 12 == line.size() || !IsHex(line[i + 12]))) {
      return Lower(line.substr(i, 12));
    }
  }
  return {};
}

std::string FindPciId(std::string_view line) {
  std::size_t pos = line.find("device ");
  while (pos != std::string_view::npos) {
    std::size_t start = pos + 7;
    std::size_t colon = line.find(':', start);
    if (colon != std::string_view::npos && colon > start && colon - start <= 4 &&
        HexRun(line, start, colon - start)) {
      std::size_t end = colon + 1;
      while (end < line.size() && end - colon - 1 < 4 && IsHex(line[end])) ++end;
      if (end > colon + 1) {
        auto vendor = Hex(line.substr(start, colon - start));
        auto device = Hex(line.substr(colon + 1, end - colon - 1));
        if (vendor && device) {
          char buf[16];
          std::snprintf(buf, sizeof buf, "%04x:%04x", static_cast<unsigned>(*vendor & 0xffff),
                        static_cast<unsigned>(*device & 0xffff));
          return buf;
        }
      }
    }
    pos = line.find("device ", pos + 1);
  }
  return {};
}

std::optional<KernelLogEvent> ClassifyKernelLogLine(std::string_view line) {
  // drivers/base/firmware_loader/main.c: "Direct firmware load for %s failed with error %d".
  // Only amdgpu's firmware (amdgpu/..., or radeon/... requested by amdgpu for SI/CIK parts).
  if (Contains(line, "Direct firmware load for ")) {
    std::string fw = WordAfter(line, "Direct firmware load for ");
    if (StartsWith(fw, "amdgpu/") || (StartsWith(fw, "radeon/") && Contains(line, "amdgpu"))) {
      KernelLogEvent e = MakeKernelLogEvent(Kind::kFirmwareLoadFailed, line);
      e.firmware = fw;
      return e;
    }
    return std::nullopt;
  }
  // amdgpu's own messages: 'Failed to load gpu_info firmware "amdgpu/arcturus_gpu_info.bin"',
  // 'mc: Failed to load firmware "amdgpu/polaris12_mc.bin"', "Failed to get gpu_info firmware".
  if (FromAmdgpu(line) && (Contains(line, "Failed to load firmware \"") ||
                           Contains(line, "Failed to load gpu_info firmware") ||
                           Contains(line, "Failed to get gpu_info firmware"))) {
    KernelLogEvent e = MakeKernelLogEvent(Kind::kFirmwareLoadFailed, line);
    std::size_t quote = line.find('"');
    if (quote != std::string_view::npos) e.firmware = WordAfter(line.substr(quote), "\"");
    if (e.firmware.empty()) e.firmware = WordAfter(line, "firmware ");
    return e;
  }
  // kfd_device.c: "skipped device %x:%x, PCI rejects atomics %d<%d": KFD refused the GPU, which
  // gets no KFD node ("kfd kfd: skipped device 1002:67df, PCI rejects atomics", ROCm/ROCm#192).
  if (Contains(line, "PCI rejects atomics")) {
    KernelLogEvent e = MakeKernelLogEvent(Kind::kAtomicsRejected, line);
    e.pci_id = FindPciId(line);
    return e;
  }
  // amdgpu_device.c: "PCIE atomic ops is not supported" (informational on GFX9+: KFD may still
  // add the GPU, ROCm/ROCm#157).
  if (Contains(line, "PCIE atomic ops is not supported") ||
      Contains(line, "PCIE atomics not supported")) {
    KernelLogEvent e = MakeKernelLogEvent(Kind::kAtomicsUnsupported, line);
    e.pci_id = FindPciId(line);
    return e;
  }
  // kfd_device.c kgd2kfd_probe(): "%s %s not supported in kfd" ("PITCAIRN  not supported in kfd");
  // other "skipped device" reasons.
  if (Contains(line, "not supported in kfd") ||
      (Contains(line, "kfd") && Contains(line, "skipped device"))) {
    KernelLogEvent e = MakeKernelLogEvent(Kind::kKfdSkipped, line);
    e.pci_id = FindPciId(line);
    return e;
  }
  // drivers/base/dd.c: "%s: probe of %s failed with error %d" with the driver name "amdgpu"
  // (older kernels), "probe with driver %s failed with error %d" (newer ones; 6.12:
  // lamikr/rocm_sdk_builder#180). Error -12 (-ENOMEM) is amdgpu_device_init() failing to ioremap
  // the register or doorbell BAR the PCI core could not assign: its own kind.
  bool amdgpu_probe =
      (Contains(line, "amdgpu: probe of ") && Contains(line, " failed with error")) ||
      Contains(line, "probe with driver amdgpu failed with error");
  if (amdgpu_probe && FailedWithError(line, "-12")) return MakeKernelLogEvent(Kind::kProbeNoMemory, line);
  // amdgpu_device.c: "Fatal error during GPU init", "amdgpu_device_ip_init failed",
  // "hw_init of IP block <%s> failed %d"; any other failed amdgpu probe.
  if (Contains(line, "Fatal error during GPU init") || amdgpu_probe ||
      (FromAmdgpu(line) && (Contains(line, "amdgpu_device_ip_init failed") ||
                            (Contains(line, "init of IP block <") && Contains(line, "failed"))))) {
    return MakeKernelLogEvent(Kind::kInitFailed, line);
  }
  // amdgpu_job_timedout(): "ring gfx_0.0.0 timeout, signaled seq=..., emitted seq=..." and
  // amdgpu_device_gpu_recover(): "GPU reset begin!".
  if (FromAmdgpu(line) && (Contains(line, "GPU reset begin!") ||
                           (Contains(line, "ring ") && Contains(line, " timeout")))) {
    return MakeKernelLogEvent(Kind::kRingTimeout, line);
  }
  // kernel/module/signing.c: "Loading of unsigned module is rejected", "Loading of module with
  // unavailable key is rejected"; security/lockdown: "Lockdown: modprobe: unsigned module
  // loading is restricted; see man kernel_lockdown.7"; with enforcement off the module loads
  // and taints: "amdgpu: module verification failed: signature and/or required key missing".
  if ((Contains(line, "Loading of ") && Contains(line, "is rejected")) ||
      (Contains(line, "Lockdown:") && Contains(line, "unsigned module loading is restricted")) ||
      (Contains(line, "module verification failed") &&
       (StartsWith(Trim(line), "amd") || Contains(line, "] amd")))) {
    return MakeKernelLogEvent(Kind::kModuleRejected, line);
  }
  return std::nullopt;
}

KernelLogEvent MakeKernelLogEvent(KernelLogEvent::Kind kind, std::string_view line) {
  KernelLogEvent event{};
  event.kind = kind;
  event.line = Printable(line, 400);
  event.bdf = FindBdf(line);
  return event;
}

}  // namespace rocm_doctor::parse
