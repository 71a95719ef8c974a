// SPDX-License-Identifier: MIT
// Throttle / clocks-event reasons: the sources' bits as their own names, and the one reason word
// of docs/hip-helper.md ("Telemetry") each name means.
#include <array>
#include <string>
#include <utility>

#include "hip/bench/telemetry.h"

namespace rocm_doctor::hip_helper {
namespace {

using Bit = std::pair<int, const char*>;

std::vector<std::string> Names(std::uint64_t bits, const Bit* table, std::size_t size) {
  std::vector<std::string> out;
  for (int bit = 0; bit < 64; ++bit) {
    if (((bits >> bit) & 1u) == 0) continue;
    const char* name = nullptr;
    for (std::size_t i = 0; i < size; ++i) {
      if (table[i].first == bit) name = table[i].second;
    }
    out.push_back(name != nullptr ? name : "bit " + std::to_string(bit));
  }
  return out;
}

}  // namespace

std::vector<std::string> NvmlReasonNames(std::uint64_t bits) {
  // nvml.h: nvmlClocksEventReasonGpuIdle 0x1, ApplicationsClocksSetting 0x2, SwPowerCap 0x4,
  // HwSlowdown 0x8, SyncBoost 0x10, SwThermalSlowdown 0x20, HwThermalSlowdown 0x40,
  // HwPowerBrakeSlowdown 0x80, DisplayClockSetting 0x100.
  static constexpr std::array<Bit, 9> kBits = {{{0, "GpuIdle"},
                                                {1, "ApplicationsClocksSetting"},
                                                {2, "SwPowerCap"},
                                                {3, "HwSlowdown"},
                                                {4, "SyncBoost"},
                                                {5, "SwThermalSlowdown"},
                                                {6, "HwThermalSlowdown"},
                                                {7, "HwPowerBrakeSlowdown"},
                                                {8, "DisplayClockSetting"}}};
  return Names(bits, kBits.data(), kBits.size());
}

std::vector<std::string> SmuIndependentThrottlerNames(std::uint64_t bits) {
  // drivers/gpu/drm/amd/pm/swsmu/inc/amdgpu_smu.h, SMU_THROTTLER_*_BIT (Linux 5.14+).
  static constexpr std::array<Bit, 34> kBits = {{
      {0, "PPT0"},         {1, "PPT1"},          {2, "PPT2"},          {3, "PPT3"},
      {4, "SPL"},          {5, "FPPT"},          {6, "SPPT"},          {7, "SPPT_APU"},
      {16, "TDC_GFX"},     {17, "TDC_SOC"},      {18, "TDC_MEM"},      {19, "TDC_VDD"},
      {20, "TDC_CVIP"},    {21, "EDC_CPU"},      {22, "EDC_GFX"},      {23, "APCC"},
      {32, "TEMP_GPU"},    {33, "TEMP_CORE"},    {34, "TEMP_MEM"},     {35, "TEMP_EDGE"},
      {36, "TEMP_HOTSPOT"}, {37, "TEMP_SOC"},    {38, "TEMP_VR_GFX"},  {39, "TEMP_VR_SOC"},
      {40, "TEMP_VR_MEM0"}, {41, "TEMP_VR_MEM1"}, {42, "TEMP_LIQUID0"}, {43, "TEMP_LIQUID1"},
      {44, "VRHOT0"},      {45, "VRHOT1"},       {46, "PROCHOT_CPU"},  {47, "PROCHOT_GFX"},
      {56, "PPM"},         {57, "FIT"},
  }};
  return Names(bits, kBits.data(), kBits.size());
}

std::vector<std::string> Smu1306ThrottlerNames(std::uint32_t bits) {
  // drivers/gpu/drm/amd/pm/swsmu/inc/pmfw_if/smu13_driver_if_v13_0_6.h
  static constexpr std::array<Bit, 5> kBits = {{{0, "PROCHOT"},
                                                {1, "PPT"},
                                                {2, "THERMAL_SOCKET"},
                                                {3, "THERMAL_VR"},
                                                {4, "THERMAL_HBM"}}};
  return Names(bits, kBits.data(), kBits.size());
}

const char* ThrottleReasonOf(std::string_view raw) {
  static constexpr std::array<std::pair<const char*, const char*>, 50> kMap = {{
      // NVML
      {"SwPowerCap", "power_cap"},
      {"HwPowerBrakeSlowdown", "power_cap"},
      {"SwThermalSlowdown", "thermal"},
      {"HwThermalSlowdown", "thermal"},
      {"SyncBoost", "sync_boost"},
      {"GpuIdle", "idle"},
      {"HwSlowdown", "other"},
      {"ApplicationsClocksSetting", "other"},
      {"DisplayClockSetting", "other"},
      // amdgpu SMU_THROTTLER_*
      {"PPT0", "power_cap"},
      {"PPT1", "power_cap"},
      {"PPT2", "power_cap"},
      {"PPT3", "power_cap"},
      {"SPL", "power_cap"},
      {"FPPT", "power_cap"},
      {"SPPT", "power_cap"},
      {"SPPT_APU", "power_cap"},
      {"TDC_MEM", "hbm"},
      {"TDC_GFX", "sw_power"},
      {"TDC_SOC", "sw_power"},
      {"TDC_VDD", "sw_power"},
      {"TDC_CVIP", "sw_power"},
      {"EDC_CPU", "sw_power"},
      {"EDC_GFX", "sw_power"},
      {"APCC", "sw_power"},
      {"PPM", "sw_power"},
      {"FIT", "sw_power"},
      {"TEMP_MEM", "memory_thermal"},
      {"TEMP_VR_MEM0", "memory_thermal"},
      {"TEMP_VR_MEM1", "memory_thermal"},
      {"TEMP_GPU", "thermal"},
      {"TEMP_CORE", "thermal"},
      {"TEMP_EDGE", "thermal"},
      {"TEMP_HOTSPOT", "thermal"},
      {"TEMP_SOC", "thermal"},
      {"TEMP_VR_GFX", "thermal"},
      {"TEMP_VR_SOC", "thermal"},
      {"TEMP_LIQUID0", "thermal"},
      {"TEMP_LIQUID1", "thermal"},
      {"VRHOT0", "thermal"},
      {"VRHOT1", "thermal"},
      {"PROCHOT_CPU", "thermal"},
      {"PROCHOT_GFX", "thermal"},
      // SMU 13.0.6 (MI300) throttle_status
      {"PROCHOT", "thermal"},
      {"PPT", "power_cap"},
      {"THERMAL_SOCKET", "thermal"},
      {"THERMAL_VR", "thermal"},
      {"THERMAL_HBM", "memory_thermal"},
  }};
  for (const auto& [name, reason] : kMap) {
    if (name != nullptr && raw == name) return reason;
  }
  return "other";
}

}  // namespace rocm_doctor::hip_helper
