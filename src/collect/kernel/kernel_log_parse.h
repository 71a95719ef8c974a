// SPDX-License-Identifier: MIT
#pragma once
// Classifies kernel log lines that matter for amdgpu. The texts are the kernel's own (quoted in
// each matcher); lines may carry a dmesg "[   12.345678] " or syslog prefix, which is ignored.
#include <optional>
#include <string>
#include <string_view>

#include "rocm_doctor/facts/kernel_facts.h"

namespace rocm_doctor::parse {

// The first PCI address "DDDD:BB:DD.F" (hex domain/bus/device, function 0-7) in `line`.
std::string FindBdf(std::string_view line);
// "1002:7340" after "device " (kfd_device.c prints "skipped device %x:%x").
std::string FindPciId(std::string_view line);

// An event of `kind` for `line`: the line made printable (at most 400 bytes) and its PCI address.
KernelLogEvent MakeKernelLogEvent(KernelLogEvent::Kind kind, std::string_view line);

// True when the line comes from amdgpu or KFD (see kernel_log_parse.cpp's FromAmdgpu).
bool IsAmdgpuLine(std::string_view line);

std::optional<KernelLogEvent> ClassifyKernelLogLine(std::string_view line);

}  // namespace rocm_doctor::parse
