// SPDX-License-Identifier: MIT
#pragma once
// XGMI hive membership and link health of each AMD GPU, from the amdgpu sysfs attributes that
// drivers/gpu/drm/amd/amdgpu/amdgpu_xgmi.c creates (amdgpu_xgmi_sysfs_add_dev_info) once a GPU
// joins a hive:
//   <dev>/xgmi_device_id              "%llu\n"  the GPU's node id in the hive (PSP)
//   <dev>/xgmi_physical_id            "%u\n"    its physical node id
//   <dev>/xgmi_error                  "%u\n"    DF FICA PIE error status count; -EINVAL when the
//                                               Data Fabric has no get_fica/set_fica (DF 4.x of
//                                               MI300; rocm-systems#11468). Reading it clears it.
//   <dev>/xgmi_hive_info/xgmi_hive_id "%llu\n"  the hive (a kobject under the first GPU, a link
//                                               "xgmi_hive_info" on the others)
// The XGMI RAS counters (ras/xgmi_wafl_err_count) are read with the other RAS blocks
// (PciDevice::ras); the KFD io_links of type 11 (XGMI) with the KFD topology.
#include <cstdint>
#include <string>
#include <vector>

#include "rocm_doctor/fact_store.h"
#include "rocm_doctor/facts/fact.h"

namespace rocm_doctor {

struct XgmiDevice {
  std::string bdf;
  std::string sysfs_path;
  bool in_hive = false;               // xgmi_device_id exists: amdgpu added the GPU to a hive
  Fact<std::uint64_t> hive_id;        // xgmi_hive_info/xgmi_hive_id
  Fact<std::uint64_t> device_id;      // xgmi_device_id
  Fact<std::uint64_t> physical_id;    // xgmi_physical_id
  Fact<std::uint64_t> error_count;    // xgmi_error
  // xgmi_error exists and its read failed with EINVAL ("Invalid argument"): the Data Fabric
  // cannot report it (MI300 and later); the XGMI WAFL RAS counters are the source instead.
  bool error_unsupported = false;
};

struct XgmiFacts {
  std::vector<XgmiDevice> devices;  // every AMD GPU function, in BDF order
  std::string error;                // the PCI bus could not be listed
};

template <>
XgmiFacts CollectFacts<XgmiFacts>(const SystemView& view);

}  // namespace rocm_doctor
