// SPDX-License-Identifier: MIT
// CollectKernel: the running kernel and the amdgpu module as /proc, /sys/module and
// /lib/modules show them (the modprobe.d, DKMS and Secure Boot parts are in their own files).
#include <string>

#include "collect/kernel/cmdline_parse.h"
#include "collect/kernel/kernel_collector_parts.h"
#include "collect/kernel/kernel_modules_parse.h"
#include "collect/kernel/runpm_collector.h"
#include "base/text_parse.h"
#include "collect/common/sysfs_reader.h"
#include "rocm_doctor/fact_store.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor {
namespace kernel_parts {

std::string DescribeFailure(FsStatus status, const std::string& error) {
  std::string out(ToString(status));
  if (!error.empty() && error != out) out += ": " + error;
  return out;
}

}  // namespace kernel_parts

namespace {

using kernel_parts::DescribeFailure;
using kernel_parts::kModuleListLimit;

// A big server has a few hundred groups; a hostile capture may have millions of names.
constexpr std::size_t kMaxIommuGroups = 4096;

void CollectRelease(const SystemView& view, KernelFacts& k) {
  k.proc_version = ReadText(view, paths::kProcVersion);
  UnameInfo uname = view.Uname();
  if (uname.release.has_value() && !parse::Trim(*uname.release).empty()) {
    k.release = Fact<std::string>::Known(std::string(parse::Trim(*uname.release)), "uname");
    return;
  }
  Fact<std::string> osrelease = ReadText(view, paths::kProcOsRelease);
  if (osrelease.known() && !osrelease->empty()) {
    k.release = osrelease;
    return;
  }
  // "Linux version 6.8.0-45-generic (buildd@...) ..." (init/version.c linux_banner).
  if (k.proc_version.known()) {
    auto words = parse::SplitWhitespace(*k.proc_version);
    if (words.size() >= 3 && words[0] == "Linux" && words[1] == "version") {
      k.release = Fact<std::string>::Known(std::string(words[2]), std::string(paths::kProcVersion));
      return;
    }
  }
  k.release = Fact<std::string>::Unknown(
      "uname", "uname gave no release, and neither " + std::string(paths::kProcOsRelease) + " nor " +
                   std::string(paths::kProcVersion) + " names one");
}

void CollectCmdline(const SystemView& view, KernelFacts& k) {
  std::string src(paths::kProcCmdline);
  FileContent file = view.ReadFile(paths::kProcCmdline, kAttributeLimit);
  if (!file.ok()) {
    k.cmdline = Fact<std::string>::Unknown(src, DescribeFailure(file.status, file.error));
    k.cmdline_not_found = file.status == FsStatus::kNotFound;
    k.iommu_passthrough = Fact<bool>::Unknown(src, k.cmdline.error);
    return;
  }
  std::string_view text = parse::Trim(file.data);
  k.cmdline = Fact<std::string>::Known(parse::Printable(text, 4096), src);
  parse::CmdlineInfo info = parse::ParseCmdline(text);
  k.cmdline_blocks = std::move(info.blocks);
  k.cmdline_amdgpu_params = std::move(info.amdgpu_params);
  k.iommu_passthrough = Fact<bool>::Known(info.iommu_passthrough, src);
}

void CollectModuleState(const SystemView& view, KernelFacts& k) {
  std::string modules_src(paths::kProcModules);
  FileContent modules = view.ReadFile(paths::kProcModules, kModuleListLimit);
  if (modules.ok()) {
    auto entry = parse::FindProcModule(modules.data, "amdgpu");
    k.amdgpu_in_proc_modules = Fact<bool>::Known(entry.has_value(), modules_src);
    if (entry && !entry->state.empty()) {
      k.amdgpu_module_state = Fact<std::string>::Known(entry->state, modules_src);
    } else {
      k.amdgpu_module_state.source = modules_src;
    }
  } else {
    std::string why = DescribeFailure(modules.status, modules.error);
    k.amdgpu_in_proc_modules = Fact<bool>::Unknown(modules_src, why);
    k.amdgpu_module_state = Fact<std::string>::Unknown(modules_src, why);
  }

  NodeInfo dir = view.Stat(paths::kModuleAmdgpu);
  std::string dir_src(paths::kModuleAmdgpu);
  if (dir.ok()) {
    k.amdgpu_module_dir = Fact<bool>::Known(true, dir_src);
  } else if (dir.status == FsStatus::kNotFound) {
    k.amdgpu_module_dir = Fact<bool>::Known(false, dir_src);
  } else {
    k.amdgpu_module_dir = Fact<bool>::Unknown(dir_src, DescribeFailure(dir.status, dir.error));
  }

  k.amdgpu_initstate = ReadText(view, paths::kModuleAmdgpuInitstate);
  // Only the out-of-tree amdgpu-dkms driver sets MODULE_VERSION; in-tree amdgpu has no file.
  FileContent version = view.ReadFile(paths::kModuleAmdgpuVersion, kAttributeLimit);
  std::string version_src(paths::kModuleAmdgpuVersion);
  if (version.ok()) {
    std::string_view v = parse::Trim(version.data);
    if (!v.empty()) {
      k.amdgpu_version = Fact<std::string>::Known(parse::Printable(v, 64), version_src);
    } else {
      k.amdgpu_version = Fact<std::string>::Unknown(version_src, "empty file");
    }
  } else if (version.status == FsStatus::kNotFound) {
    k.amdgpu_version.source = version_src;
  } else {
    k.amdgpu_version =
        Fact<std::string>::Unknown(version_src, DescribeFailure(version.status, version.error));
  }
}

void CollectModuleFiles(const SystemView& view, KernelFacts& k) {
  if (!k.release.known()) {
    std::string why = "kernel release unknown: " + k.release.error;
    k.amdgpu_builtin = Fact<bool>::Unknown(std::string(paths::kLibModules), why);
    k.amdgpu_module_file = Fact<bool>::Unknown(std::string(paths::kLibModules), why);
    k.amdgpu_module_path = Fact<std::string>::Unknown(std::string(paths::kLibModules), why);
    return;
  }
  std::string root = JoinPath(paths::kLibModules, *k.release);

  std::string builtin_path = JoinPath(root, "modules.builtin");
  FileContent builtin = view.ReadFile(builtin_path, kModuleListLimit);
  if (builtin.ok()) {
    bool has = parse::ModulesBuiltinHas(builtin.data, "amdgpu");
    if (!has && builtin.truncated) {
      k.amdgpu_builtin = Fact<bool>::Unknown(builtin_path, "file larger than the read limit");
    } else {
      k.amdgpu_builtin = Fact<bool>::Known(has, builtin_path);
    }
  } else {
    k.amdgpu_builtin =
        Fact<bool>::Unknown(builtin_path, DescribeFailure(builtin.status, builtin.error));
  }

  std::string dep_path = JoinPath(root, "modules.dep");
  FileContent dep = view.ReadFile(dep_path, kModuleListLimit);
  if (dep.ok()) {
    auto found = parse::ModulesDepFind(dep.data, "amdgpu");
    if (found) {
      k.amdgpu_module_file = Fact<bool>::Known(true, dep_path);
      k.amdgpu_module_path = Fact<std::string>::Known(*found, dep_path);
    } else if (dep.truncated) {
      k.amdgpu_module_file = Fact<bool>::Unknown(dep_path, "file larger than the read limit");
    } else {
      k.amdgpu_module_file = Fact<bool>::Known(false, dep_path);
      k.amdgpu_module_path.source = dep_path;
    }
    return;
  }
  // No modules.dep (depmod never ran, or a capture without it): the file depmod's search
  // order would pick (CollectModuleChoice), so a DKMS copy in updates/ wins as modprobe's would.
  std::string dep_error = DescribeFailure(dep.status, dep.error);
  if (!k.amdgpu_module_files.empty()) {
    if (k.amdgpu_module_choice.known()) {
      k.amdgpu_module_file = Fact<bool>::Known(true, k.amdgpu_module_choice.source);
      k.amdgpu_module_path = k.amdgpu_module_choice;
    } else {
      k.amdgpu_module_file = Fact<bool>::Known(true, JoinPath(root, k.amdgpu_module_files[0]));
      k.amdgpu_module_path = k.amdgpu_module_choice;
    }
    return;
  }
  DirListing root_listing = view.ListDir(root);
  if (root_listing.ok()) {
    k.amdgpu_module_file = Fact<bool>::Known(false, root + " (no modules.dep: " + dep_error + ")");
    k.amdgpu_module_path.source = root;
  } else {
    k.amdgpu_module_file =
        Fact<bool>::Unknown(root, DescribeFailure(root_listing.status, root_listing.error));
    k.amdgpu_module_path = Fact<std::string>::Unknown(root, k.amdgpu_module_file.error);
  }
}

void CollectIommuGroups(const SystemView& view, KernelFacts& k) {
  std::string src(paths::kIommuGroups);
  DirListing groups = view.ListDir(paths::kIommuGroups);
  if (!groups.ok()) {
    k.iommu_groups_present = Fact<bool>::Unknown(src, DescribeFailure(groups.status, groups.error));
    return;
  }
  k.iommu_groups_present = Fact<bool>::Known(!groups.names.empty(), src);
  std::size_t count = 0;
  for (const std::string& group : groups.names) {
    if (++count > kMaxIommuGroups) break;
    std::string dir = JoinPath(paths::kIommuGroups, group);
    Fact<std::string> type = ReadText(view, JoinPath(dir, "type"));
    if (!type.known() || type->empty()) continue;
    DirListing devices = view.ListDir(JoinPath(dir, "devices"));
    if (!devices.ok()) continue;
    for (const std::string& bdf : devices.names) {
      k.iommu_group_type[parse::Lower(bdf)] = parse::Printable(*type, 32);
    }
  }
}

}  // namespace

KernelFacts CollectKernel(const SystemView& view) {
  KernelFacts facts;
  CollectRelease(view, facts);
  CollectCmdline(view, facts);
  CollectModuleState(view, facts);
  kernel_parts::CollectModuleChoice(view, facts);
  CollectModuleFiles(view, facts);
  kernel_parts::CollectModprobe(view, facts);
  kernel_parts::CollectDkms(view, facts);
  kernel_parts::CollectSecureBoot(view, facts);
  kernel_parts::CollectRunpm(view, facts);
  CollectIommuGroups(view, facts);
  return facts;
}

}  // namespace rocm_doctor
