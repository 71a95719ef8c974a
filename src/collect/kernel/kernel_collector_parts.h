// SPDX-License-Identifier: MIT
#pragma once
// The pieces of CollectKernel (kernel_collector.cpp), one file each: modprobe.d, DKMS, Secure
// Boot. Internal to src/collect.
#include "rocm_doctor/facts/kernel_facts.h"
#include "rocm_doctor/system_view.h"

namespace rocm_doctor::kernel_parts {

// Reads as much as the largest modules.dep seen on distro kernels (about 1 MiB) needs, with room.
inline constexpr std::size_t kModuleListLimit = 64u << 20;

void CollectModprobe(const SystemView& view, KernelFacts& facts);
void CollectDkms(const SystemView& view, KernelFacts& facts);
void CollectSecureBoot(const SystemView& view, KernelFacts& facts);
// Needs the release and the module state (CollectModuleState) first.
void CollectModuleChoice(const SystemView& view, KernelFacts& facts);

// "not found", "permission denied: ..." for a failed read.
std::string DescribeFailure(FsStatus status, const std::string& error);

}  // namespace rocm_doctor::kernel_parts
