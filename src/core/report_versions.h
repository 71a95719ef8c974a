// SPDX-License-Identifier: MIT
#pragma once
// report.versions: the versions of the stack's components (amdgpu, the HIP and HSA runtimes, the
// ROCm libraries, the ML frameworks) that this run's checks already read, each with its source.
// The kernel and the ROCm release are in report.host. `rocm-doctor diff` compares these.
#include <vector>

#include "rocm_doctor/fact_store.h"
#include "rocm_doctor/report.h"

namespace rocm_doctor {

// Reads no more than the checks did: a domain no check collected adds nothing (FactStore::
// IfCollected); the kernel facts (a built-in domain, no IfCollected) are used only when a
// driver-layer check ran, and every check of that layer that reads amdgpu's state reads them.
std::vector<ComponentVersion> SummarizeVersions(const FactStore& facts,
                                                const std::vector<CheckRecord>& checks);

}  // namespace rocm_doctor
