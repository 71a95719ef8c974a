// SPDX-License-Identifier: MIT
// KfdNode / KfdTopology helpers: pure decoding of the properties KFD writes
// (drivers/gpu/drm/amd/amdkfd/kfd_topology.c node_show).
#include <cstdio>

#include "rocm_doctor/facts/kfd.h"

namespace rocm_doctor {

std::optional<std::uint64_t> KfdNode::Get(const std::string& key) const {
  auto it = properties.find(key);
  if (it == properties.end()) return std::nullopt;
  return it->second;
}

bool KfdNode::IsGpu() const {
  auto simds = Get("simd_count");
  return simds.has_value() && *simds > 0;
}

std::string KfdNode::GfxTarget() const {
  if (!IsGpu()) return "";
  auto version = Get("gfx_target_version");
  if (!version) return "";
  return GfxNameFromTargetVersion(*version);
}

std::string KfdNode::PciBdf() const {
  auto location = Get("location_id");
  if (!location || *location > 0xffff) return "";
  // `domain` (the PCI segment) is missing on kernels older than the property; those are assumed
  // to be segment 0. A value above 16 bits is not a PCI segment: unknown.
  std::uint64_t domain = Get("domain").value_or(0);
  if (domain > 0xffff) return "";
  // location_id = pci_dev_id() = bus << 8 | devfn, devfn = device << 3 | function. With several
  // KFD nodes per device (MI300 partitions) kfd_topology.c does `location_id |= node_id`, so the
  // function bits hold the partition index: 9984..9991 are the 8 CPX partitions of 27:00.0.
  std::uint64_t loc = *location;
  if (device_node_count > 1) loc &= ~std::uint64_t{7};
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04x:%02x:%02x.%x", static_cast<unsigned>(domain),
                static_cast<unsigned>(loc >> 8), static_cast<unsigned>((loc >> 3) & 0x1f),
                static_cast<unsigned>(loc & 7));
  return buf;
}

std::vector<const KfdNode*> KfdTopology::GpuNodes() const {
  std::vector<const KfdNode*> out;
  for (const KfdNode& node : nodes) {
    if (node.IsGpu()) out.push_back(&node);
  }
  return out;
}

std::string GfxNameFromTargetVersion(std::uint64_t gfx_target_version) {
  // major * 10000 + minor * 100 + stepping; LLVM names print minor and stepping as one hex digit
  // each (rocm_agent_enumerator: "gfx%d%x%x"), so 90010 -> gfx90a and 90012 -> gfx90c.
  std::uint64_t major = gfx_target_version / 10000;
  std::uint64_t minor = (gfx_target_version / 100) % 100;
  std::uint64_t stepping = gfx_target_version % 100;
  if (major == 0 || major > 99 || minor > 15 || stepping > 15) return "";
  char buf[16];
  std::snprintf(buf, sizeof buf, "gfx%u%x%x", static_cast<unsigned>(major),
                static_cast<unsigned>(minor), static_cast<unsigned>(stepping));
  return buf;
}

}  // namespace rocm_doctor
