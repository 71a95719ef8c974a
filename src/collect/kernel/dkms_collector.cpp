// SPDX-License-Identifier: MIT
// amdgpu-dkms: which kernels DKMS built amdgpu for
// (/var/lib/dkms/amdgpu/<version>/<kernel>/<arch>/module/amdgpu.ko*).
#include <algorithm>
#include <string>

#include "collect/kernel/kernel_collector_parts.h"
#include "collect/kernel/kernel_modules_parse.h"
#include "base/text_parse.h"
#include "collect/common/sysfs_reader.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor::kernel_parts {
namespace {

// Bounds the walk over a hostile capture.
constexpr std::size_t kMaxEntries = 256;

bool HasBuiltModule(const SystemView& view, const std::string& kernel_dir) {
  DirListing arches = view.ListDir(kernel_dir);
  if (!arches.ok()) return false;
  std::size_t n = 0;
  for (const std::string& arch : arches.names) {
    if (++n > kMaxEntries) break;
    DirListing modules = view.ListDir(JoinPath(JoinPath(kernel_dir, arch), "module"));
    if (!modules.ok()) continue;
    for (const std::string& name : modules.names) {
      if (parse::IsModuleFile(name, "amdgpu")) return true;
    }
  }
  return false;
}

}  // namespace

void CollectDkms(const SystemView& view, KernelFacts& facts) {
  std::string root = JoinPath(paths::kDkmsTree, "amdgpu");
  DirListing versions = view.ListDir(root);
  if (!versions.ok()) {
    if (versions.status == FsStatus::kNotFound) {
      facts.dkms_amdgpu_installed = Fact<bool>::Known(false, root);
    } else {
      facts.dkms_amdgpu_installed =
          Fact<bool>::Unknown(root, DescribeFailure(versions.status, versions.error));
    }
    return;
  }
  facts.dkms_amdgpu_installed = Fact<bool>::Known(true, root);
  std::size_t n = 0;
  for (const std::string& version : versions.names) {
    if (++n > kMaxEntries) break;
    // "kernel-<release>-<arch>" are DKMS's links to the built tree; "original_module" holds
    // the module DKMS replaced.
    if (parse::StartsWith(version, "kernel-") || version == "original_module") continue;
    std::string version_dir = JoinPath(root, version);
    DirListing kernels = view.ListDir(version_dir);
    if (!kernels.ok()) continue;
    facts.dkms_versions.push_back(version);
    std::string make_log = JoinPath(version_dir, "build/make.log");
    if (view.Stat(make_log).ok()) facts.dkms_build_logs.push_back(make_log);
    std::size_t k = 0;
    for (const std::string& kernel : kernels.names) {
      if (++k > kMaxEntries) break;
      if (kernel == "source" || kernel == "build" || kernel == "log") continue;
      if (!HasBuiltModule(view, JoinPath(version_dir, kernel))) continue;
      if (std::find(facts.dkms_kernels_built.begin(), facts.dkms_kernels_built.end(), kernel) ==
          facts.dkms_kernels_built.end()) {
        facts.dkms_kernels_built.push_back(kernel);
      }
    }
  }
}

}  // namespace rocm_doctor::kernel_parts
