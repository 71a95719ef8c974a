// SPDX-License-Identifier: MIT
#include "collect/common/amd_gpu_functions.h"

#include <algorithm>

#include "collect/common/sysfs_reader.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor {
namespace {

// The PCI collector reads at most 4096 functions; the same bound keeps a hostile listing cheap.
constexpr std::size_t kMaxFunctionsListed = 4096;

}  // namespace

AmdGpuFunctions ListAmdGpuFunctions(const SystemView& view) {
  AmdGpuFunctions out;
  DirListing listing = view.ListDir(paths::kPciDevices);
  if (!listing.ok()) {
    out.error = std::string(paths::kPciDevices) + ": " + std::string(ToString(listing.status)) +
                (listing.error.empty() ? "" : ": " + listing.error);
    return out;
  }
  std::vector<std::string> names = listing.names;
  std::sort(names.begin(), names.end());
  if (names.size() > kMaxFunctionsListed) names.resize(kMaxFunctionsListed);
  for (const std::string& bdf : names) {
    if (out.bdfs.size() >= kMaxGpuFunctions) break;
    const std::string dir = JoinPath(paths::kPciDevices, bdf);
    Fact<std::uint64_t> vendor = ReadHex(view, JoinPath(dir, "vendor"));
    if (!vendor.known() || *vendor != 0x1002) continue;
    Fact<std::uint64_t> cls = ReadHex(view, JoinPath(dir, "class"));
    if (!cls.known()) continue;
    std::uint64_t base = (*cls >> 16) & 0xff;
    if (base == 0x03 || base == 0x12) out.bdfs.push_back(bdf);
  }
  return out;
}

}  // namespace rocm_doctor
