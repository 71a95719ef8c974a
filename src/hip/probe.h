// SPDX-License-Identifier: MIT
#pragma once
// Collects a ProbeReport from the GPU runtime this helper was built for. Declared with plain types
// so main.cpp and the tests never see the runtime headers.
#include <optional>

#include "hip/probe_report.h"

namespace rocm_doctor::hip_helper {

struct ProbeOptions {
  std::optional<int> device;  // probe only this device
  bool smoke = true;
};

// The backend's name ("hip" or "cuda") and the GPU targets its kernels were compiled for
// ("gfx90a,gfx1030", "sm_90"), from the build; neither touches the runtime.
const char* GpuBackendName();
const char* GpuBuildTargets();

// Never fails: a failing runtime call becomes an error object in the report.
ProbeReport RunProbe(const ProbeOptions& options);

}  // namespace rocm_doctor::hip_helper
