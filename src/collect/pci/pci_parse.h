// SPDX-License-Identifier: MIT
#pragma once
// Parsers for PCI sysfs text that sysfs_parse.h does not cover. string_view in, never throw,
// nullopt for anything malformed.
#include <cstdint>
#include <optional>
#include <string_view>

namespace rocm_doctor::pci_parse {

// device/ras/<block>_err_count (amdgpu_ras.c amdgpu_ras_sysfs_read): "ue: N\nce: N\n", UMC on
// newer kernels adds "de: N"; "Query currently inaccessible" while a GPU reset is in flight.
struct RasCounts {
  std::optional<std::uint64_t> ue;
  std::optional<std::uint64_t> ce;
  std::optional<std::uint64_t> de;
  bool inaccessible = false;  // the kernel said "Query currently inaccessible"
};
// nullopt when neither "ue:" nor "ce:" is present, or a counter line holds no count (and the
// query was not inaccessible).
std::optional<RasCounts> RasErrCount(std::string_view text);

// current_link_width / max_link_width (drivers/pci/pci-sysfs.c, "%u"): a PCIe lane count.
// 0 (link down, or a function with no link) and 255 (PCIE_LNK_WIDTH_UNKNOWN) are not widths.
std::optional<int> LinkWidth(std::string_view text);

// uevent PCI_ID=1002:744C and PCI_SUBSYS_ID=1DA2:E471 -> the two 16-bit halves.
struct IdPair {
  std::uint16_t first = 0;
  std::uint16_t second = 0;
};
std::optional<IdPair> UeventIdPair(std::string_view text);

}  // namespace rocm_doctor::pci_parse
