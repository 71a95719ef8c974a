// SPDX-License-Identifier: MIT
#pragma once
// Parses the kernel command line (/proc/cmdline) for what keeps amdgpu from driving a GPU and
// for the IOMMU mode. Pure: takes the text, never throws.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rocm_doctor/facts/kernel_facts.h"

namespace rocm_doctor::parse {

struct CmdlineInfo {
  std::vector<std::string> tokens;  // as the kernel splits them (double quotes group spaces)
  std::vector<CmdlineBlock> blocks;
  std::vector<std::string> amdgpu_params;  // "amdgpu.*=" tokens, as written
  // The last IOMMU-mode token wins, as in the kernel's parser: true for iommu=pt,
  // amd_iommu=pt, iommu.passthrough=1; false when no such token (or iommu.passthrough=0).
  bool iommu_passthrough = false;
  std::string iommu_token;  // the deciding token, empty when none
};

// Splits like the kernel's next_arg(): whitespace separates, a double-quoted stretch does not.
std::vector<std::string> SplitCmdline(std::string_view text);

CmdlineInfo ParseCmdline(std::string_view text);

}  // namespace rocm_doctor::parse
