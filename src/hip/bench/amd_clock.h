// SPDX-License-Identifier: MIT
#pragma once
// The shader clock an AMD GPU runs at now, from amdgpu's sysfs DPM table. HIP's device-side
// clock64() counts a constant-rate timer on current GPUs (hipDeviceAttributeClockInstructionRate),
// not shader cycles, so on AMD the clock seen comes from here. Plain C++17.
#include <optional>
#include <string>
#include <string_view>

namespace rocm_doctor::hip_helper {

// pp_dpm_sclk lists the DPM levels, the current one marked: "0: 500Mhz\n1: 1700Mhz *\n" -> 1700.
// nullopt when no line is marked or the marked line does not parse.
std::optional<int> ParseCurrentDpmClockMhz(std::string_view text);

// /sys/bus/pci/devices/<bdf>/pp_dpm_sclk, parsed; nullopt when unreadable.
std::optional<int> ReadAmdShaderClockMhz(const std::string& pci_bdf);

}  // namespace rocm_doctor::hip_helper
