// SPDX-License-Identifier: MIT
#pragma once
// Runtime power management state of one PCI function (power/runtime_status, power/control).
#include "rocm_doctor/facts/pci.h"
#include "rocm_doctor/system_view.h"

namespace rocm_doctor::pci_power {

// The values the PM core prints (drivers/base/power/sysfs.c): runtime_status one of "active",
// "suspended", "suspending", "resuming", "error", "unsupported"; control "auto" or "on".
// Anything else is unknown with the text quoted, never a guessed state.
Fact<std::string> ParseRuntimeStatus(Fact<std::string> raw);
Fact<std::string> ParseControl(Fact<std::string> raw);

void ReadRuntimePm(const SystemView& view, PciDevice& dev);

}  // namespace rocm_doctor::pci_power
