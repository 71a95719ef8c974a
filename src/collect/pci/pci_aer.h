// SPDX-License-Identifier: MIT
#pragma once
// PCIe AER counters of one function (facts/pci.h AerCounters): aer_dev_correctable,
// aer_dev_nonfatal, aer_dev_fatal under /sys/bus/pci/devices/<BDF>/.
#include <string_view>

#include "rocm_doctor/facts/pci.h"
#include "rocm_doctor/system_view.h"

namespace rocm_doctor::pci_aer {

// One file's text: "<name> <count>" per line, and the line named `total_name` (TOTAL_ERR_COR,
// ...). The total is unknown with why when that line is missing or a line is malformed.
AerCounts ParseAerFile(std::string_view text, std::string_view total_name,
                       const std::string& source);

void ReadAer(const SystemView& view, PciDevice& dev);

}  // namespace rocm_doctor::pci_aer
