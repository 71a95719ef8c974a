// SPDX-License-Identifier: MIT
#pragma once
// PCI addresses as the GPU runtimes print them, normalised to the sysfs form the collectors use
// (/sys/bus/pci/devices/0000:c1:00.0), so a helper device can be matched to a PCI device.
#include <optional>
#include <string>
#include <string_view>

namespace rocm_doctor::hip_helper {

// Accepts "[domain:]bus:device.function" in hex, any case, as from hipDeviceGetPCIBusId
// ("0000:c1:00.0") or cudaDeviceGetPCIBusId ("00000000:C1:00.0"); trailing NULs and whitespace
// are ignored. Returns "dddd:bb:dd.f" (lower case, domain at least 4 digits, like the kernel's
// "%04x:%02x:%02x.%1x"), or nullopt when the text is not a PCI address (bus > ff, device > 1f,
// function > 7, domain > ffffffff).
std::optional<std::string> NormalizePciBdf(std::string_view text);

}  // namespace rocm_doctor::hip_helper
