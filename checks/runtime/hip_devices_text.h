// SPDX-License-Identifier: MIT
#pragma once
// The wording runtime.hip_devices uses for what the HIP probe reported: errors, devices, KFD
// nodes, the visibility environment. Shared logic of one check, in a .cpp of its own.
#include <string>
#include <vector>

#include "rocm_doctor/facts/hip_probe.h"
#include "rocm_doctor/facts/kfd.h"

namespace rocm_doctor::hip_text {

// Smoke errors that mean "the helper has no code object for this ISA" (docs/hip-helper.md): a
// limit of the helper build, not a fault of the GPU.
bool IsNoBinaryError(const HipError& error);
std::string RuntimeName(const HipProbeReport& report);  // "HIP" or "CUDA"
// "hipGetDeviceCount returned hipErrorNoDevice (100, \"hipErrorNoDevice\")"
std::string DescribeError(const HipError& e);
// "device 0 (AMD Instinct MI210, gfx90a, 0000:c1:00.0)"
std::string DescribeDevice(const HipDevice& d);
// "2 GPU nodes (gfx942 at 0000:c1:00.0, gfx942 at 0000:c2:00.0)" or "no GPU node".
std::string DescribeKfdGpus(const std::vector<const KfdNode*>& gpus);
std::string DescribeEnv(const HipProbeFacts& probe);  // "HIP_VISIBLE_DEVICES=1 ..."
std::string Helper(const HipProbeFacts& probe);       // the helper's path, or its name
}  // namespace rocm_doctor::hip_text
