// SPDX-License-Identifier: MIT
#pragma once
// Fixtures of the data-centre hardware tests (issue 18): MI300X GPUs with their XGMI attributes,
// partition modes and KFD nodes (one per partition), laid down as amdgpu and amdkfd show them.
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "checks/hardware/fake_pci.h"

namespace rocm_doctor::testing {

// A view whose listed files fail to read with EINVAL ("Invalid argument"), as xgmi_error does on
// MI300 (ROCm/rocm-systems#11468).
class EinvalView : public DeniedDirsView {
 public:
  EinvalView& Einval(const std::string& path) {
    File(path, "");
    einval_.insert(path);
    return *this;
  }
  FileContent ReadFile(std::string_view path, std::size_t limit) const override {
    if (einval_.count(std::string(path))) {
      FileContent out;
      out.status = FsStatus::kError;
      out.error = "Invalid argument";
      return out;
    }
    return DeniedDirsView::ReadFile(path, limit);
  }

 private:
  std::set<std::string> einval_;
};

// location_id of a BDF "0000:BB:DD.F" (bus << 8 | device << 3 | function), kfd_topology.c.
inline std::uint64_t LocationOf(const std::string& bdf) {
  const std::uint64_t bus = std::stoull(bdf.substr(5, 2), nullptr, 16);
  const std::uint64_t dev = std::stoull(bdf.substr(8, 2), nullptr, 16);
  return bus << 8 | dev << 3;
}

struct KfdGpuNode {
  int index;
  std::string bdf;
  int partition = 0;        // ORed into location_id's function bits (CPX/DPX/QPX)
  std::uint64_t hive = 0;   // hive_id
  std::uint64_t unique_id;  // shared by the partitions of one GPU
  std::vector<int> xgmi_to; // enabled type-11 io_links
  int num_xcc = 1;
};

inline void InstallKfdNode(FakeSystemView& view, const KfdGpuNode& n) {
  const std::string dir = "/sys/class/kfd/kfd/topology/nodes/" + std::to_string(n.index);
  view.File(dir + "/properties",
            "cpu_cores_count 0\nsimd_count 152\nsimd_per_cu 4\ngfx_target_version 90402\n"
            "vendor_id 4098\ndevice_id 29857\nlocation_id " +
                std::to_string(LocationOf(n.bdf) | static_cast<std::uint64_t>(n.partition)) +
                "\ndomain 0\nhive_id " + std::to_string(n.hive) + "\nunique_id " +
                std::to_string(n.unique_id) + "\nnum_xcc " + std::to_string(n.num_xcc) + "\n");
  view.File(dir + "/gpu_id", std::to_string(1000 + n.index) + "\n");
  int i = 0;
  for (int to : n.xgmi_to) {
    view.File(dir + "/io_links/" + std::to_string(i++) + "/properties",
              "type 11\nnode_from " + std::to_string(n.index) + "\nnode_to " + std::to_string(to) +
                  "\nweight 41\nflags 1\n");
  }
}

// An MI300X in a hive: its PCI function with the XGMI attributes of amdgpu_xgmi.c.
inline FakePciFunction HiveMember(FakeSystemView& view, const std::string& bdf,
                                  std::uint64_t hive, int physical_id) {
  FakePciFunction f = Mi300x(bdf);
  f.ras["xgmi_wafl_err_count"] = "ue: 0\nce: 0\n";
  f.Install(view);
  view.File(f.Dir() + "/xgmi_device_id", std::to_string(9000 + physical_id) + "\n");
  view.File(f.Dir() + "/xgmi_physical_id", std::to_string(physical_id) + "\n");
  view.File(f.Dir() + "/xgmi_hive_info/xgmi_hive_id", std::to_string(hive) + "\n");
  return f;
}

}  // namespace rocm_doctor::testing
