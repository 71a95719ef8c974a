// SPDX-License-Identifier: MIT
#include "support/sysfs_text.h"

#include <cstdio>

namespace rocm_doctor::testing {

std::string IoLink(int type, int from, int to, std::uint32_t flags, std::uint64_t bandwidth) {
  return "type " + std::to_string(type) + "\nversion_major 0\nversion_minor 0\nnode_from " +
         std::to_string(from) + "\nnode_to " + std::to_string(to) +
         "\nweight 20\nmin_latency 0\nmax_latency 0\nmin_bandwidth 0\nmax_bandwidth " +
         std::to_string(bandwidth) +
         "\nrecommended_transfer_size 0\nrecommended_sdma_engine_id_mask 1\nflags " +
         std::to_string(flags) + "\n";
}

std::string GpuProperties(std::uint64_t gfx_target_version, std::uint64_t device_id,
                          std::uint64_t location_id, std::uint64_t render_minor,
                          std::uint64_t unique_id, std::uint64_t domain) {
  return "cpu_cores_count 0\nsimd_count 152\nmem_banks_count 1\nsimd_per_cu 4\n"
         "gfx_target_version " +
         std::to_string(gfx_target_version) + "\nvendor_id 4098\ndevice_id " +
         std::to_string(device_id) + "\nlocation_id " + std::to_string(location_id) + "\ndomain " +
         std::to_string(domain) + "\ndrm_render_minor " + std::to_string(render_minor) +
         "\nunique_id " + std::to_string(unique_id) + "\nnum_xcc 1\n";
}

std::uint64_t LocationId(const std::string& bdf) {
  unsigned domain = 0, bus = 0, dev = 0, fn = 0;
  std::sscanf(bdf.c_str(), "%x:%x:%x.%x", &domain, &bus, &dev, &fn);
  return (std::uint64_t{bus} << 8) | (std::uint64_t{dev} << 3) | fn;
}

NodeInfo CharNode(std::uint32_t mode, std::uint32_t uid, std::uint32_t gid, std::string owner,
                  std::string group, std::uint32_t major, std::uint32_t minor) {
  NodeInfo info;
  info.status = FsStatus::kOk;
  info.type = NodeType::kCharDevice;
  info.mode = mode;
  info.uid = uid;
  info.gid = gid;
  info.owner = std::move(owner);
  info.group = std::move(group);
  info.major = major;
  info.minor = minor;
  return info;
}

UserInfo MakeUser(std::string name, std::uint32_t uid, std::vector<GroupRef> groups) {
  UserInfo user;
  user.name = std::move(name);
  user.uid = uid;
  user.gid = groups.empty() || !groups.front().gid ? uid : *groups.front().gid;
  user.groups = std::move(groups);
  user.source = "test";
  return user;
}

std::string TorchVersionPy(const std::string& version, const std::string& hip,
                           const std::string& cuda) {
  auto lit = [](const std::string& v) { return v.empty() ? std::string("None") : "'" + v + "'"; };
  return "from typing import Optional\n\n__all__ = ['__version__', 'debug', 'cuda', "
         "'git_version', 'hip']\n__version__ = '" +
         version + "'\ndebug = False\ncuda: Optional[str] = " + lit(cuda) +
         "\ngit_version = '3a7d2e5fa9b3e36d6e7dc9ed52c3d5b52e8f5e63'\nhip: Optional[str] = " +
         lit(hip) + "\n";
}

std::string DistMetadata(const std::string& dist, const std::string& version) {
  return "Metadata-Version: 2.1\nName: " + dist + "\nVersion: " + version +
         "\nSummary: stand-in\n\nLong description: Version: 9.9 is not a header\n";
}

}  // namespace rocm_doctor::testing
