// SPDX-License-Identifier: MIT
#pragma once
// The HIP probe collector with its helper location passed in, so that tests can run it on a
// FakeSystemView without the real helper; CollectFacts<HipProbeFacts> locates the helper itself.
#include <chrono>

#include "rocm_doctor/facts/hip_probe.h"
#include "system/helper_locator.h"

namespace rocm_doctor {

inline constexpr char kHipProbeName[] = "hip-probe";  // .rocm-doctor/probes/hip-probe.json
// HIP's first init on a large node takes seconds; the smoke kernel is microseconds. Past this
// the runtime or the GPU is hung.
inline constexpr std::chrono::seconds kHipProbeTimeout{20};

// Runs `rocm-doctor-hip --probe` through view.Run. `helper` is used on a live view only; in
// replay the recording answers whatever path is asked for.
HipProbeFacts CollectHipProbe(const SystemView& view, const HelperLocation& helper);

}  // namespace rocm_doctor
