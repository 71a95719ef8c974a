// SPDX-License-Identifier: MIT
// XgmiFacts: the XGMI attributes amdgpu_xgmi.c creates for a GPU in a hive (see facts/xgmi.h).
#include <string>

#include "base/text_parse.h"
#include "collect/common/amd_gpu_functions.h"
#include "collect/common/sysfs_reader.h"
#include "rocm_doctor/facts/pci.h"
#include "rocm_doctor/facts/xgmi.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor {
namespace {

// An attribute that is absent is "not reported by the kernel" (facts/pci.h), not unreadable.
Fact<std::uint64_t> ReadCount(const SystemView& view, const std::string& path) {
  Fact<std::uint64_t> f = ReadUInt(view, path);
  if (!f.known() && view.Stat(path).status == FsStatus::kNotFound) {
    return Fact<std::uint64_t>::Unknown(path, std::string(kNotReported) + ": no such attribute");
  }
  return f;
}

// xgmi_error: amdgpu_xgmi_show_error returns -EINVAL when the Data Fabric has no FICA access
// (DF 4.x, MI300 and later: ROCm/rocm-systems#11468, "cat: .../xgmi_error: Invalid argument").
void ReadError(const SystemView& view, const std::string& dir, XgmiDevice& dev) {
  const std::string path = JoinPath(dir, "xgmi_error");
  FileContent file = view.ReadFile(path, kAttributeLimit);
  if (file.status == FsStatus::kError && file.error.find("Invalid argument") != std::string::npos) {
    dev.error_unsupported = true;
    dev.error_count = Fact<std::uint64_t>::Unknown(
        path, "EINVAL: the Data Fabric cannot report it (read the XGMI WAFL RAS counters)");
    return;
  }
  dev.error_count = ReadCount(view, path);
}

}  // namespace

template <>
XgmiFacts CollectFacts<XgmiFacts>(const SystemView& view) {
  XgmiFacts facts;
  AmdGpuFunctions gpus = ListAmdGpuFunctions(view);
  facts.error = gpus.error;
  for (const std::string& bdf : gpus.bdfs) {
    XgmiDevice dev;
    dev.bdf = bdf;
    dev.sysfs_path = JoinPath(paths::kPciDevices, bdf);
    const std::string& dir = dev.sysfs_path;
    dev.device_id = ReadCount(view, JoinPath(dir, "xgmi_device_id"));
    dev.in_hive = dev.device_id.known() || !NotReported(dev.device_id.error);
    if (dev.in_hive) {
      dev.physical_id = ReadCount(view, JoinPath(dir, "xgmi_physical_id"));
      dev.hive_id = ReadCount(view, JoinPath(dir, "xgmi_hive_info/xgmi_hive_id"));
      ReadError(view, dir, dev);
    }
    facts.devices.push_back(std::move(dev));
  }
  return facts;
}

}  // namespace rocm_doctor
