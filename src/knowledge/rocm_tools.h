// SPDX-License-Identifier: MIT
#pragma once
// The ROCm tools the inventory looks for, what each is for, and how to get one. Package names:
// AMD's repositories (repo.radeon.com, the same names for .deb and .rpm: rocminfo,
// rocm-smi-lib, amd-smi-lib, rocprofiler, rocprofiler-sdk, rocm-bandwidth-test, hipcc,
// rocm-llvm) and Debian/Ubuntu's own archive, which ships ROCm 5.x's rocminfo, rocm-smi and
// hipcc under those names (packages.debian.org). TransferBench and rccl-tests are built from
// their GitHub sources.
#include <span>
#include <string_view>

namespace rocm_doctor::tools {

struct ToolSpec {
  std::string_view name;     // the executable's file name
  std::string_view purpose;  // what it does, a verb phrase: "lists the agents ..."
  // dpkg packages that install it (AMD's and Debian's names), checked for ownership.
  std::span<const std::string_view> packages = {};
  std::string_view apt_package = {};  // what `apt install` takes with AMD's repository
  std::string_view dnf_package = {};  // the same for dnf/zypper
  std::string_view repository = {};   // source-only tools: the git repository
  std::string_view build = {};        // source-only tools: the build command in its checkout
  bool source_only() const { return !repository.empty(); }
};

std::span<const ToolSpec> RocmTools();
const ToolSpec* FindTool(std::string_view name);

}  // namespace rocm_doctor::tools
