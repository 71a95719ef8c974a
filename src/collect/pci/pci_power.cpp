// SPDX-License-Identifier: MIT
#include "collect/pci/pci_power.h"

#include <algorithm>
#include <array>
#include <span>
#include <string_view>

#include "base/text_parse.h"
#include "collect/common/sysfs_reader.h"

namespace rocm_doctor::pci_power {
namespace {

Fact<std::string> OneOf(Fact<std::string> raw, std::span<const std::string_view> allowed) {
  if (!raw.known()) return raw;
  if (std::find(allowed.begin(), allowed.end(), *raw) != allowed.end()) return raw;
  return Fact<std::string>::Unknown(raw.source,
                                    "unexpected value '" + parse::Printable(*raw, 40) + "'");
}

// A file that does not exist (a kernel without CONFIG_PM, a capture without power/) is "not
// reported", as the other PCI attributes.
Fact<std::string> Read(const SystemView& view, const std::string& path) {
  Fact<std::string> fact = ReadText(view, path);
  if (!fact.known() && view.Stat(path).status == FsStatus::kNotFound) {
    return Fact<std::string>::Unknown(path, std::string(kNotReported) + ": no such attribute");
  }
  return fact;
}

}  // namespace

Fact<std::string> ParseRuntimeStatus(Fact<std::string> raw) {
  static constexpr std::array<std::string_view, 6> kStates = {
      "active", "suspended", "suspending", "resuming", "error", "unsupported"};
  return OneOf(std::move(raw), kStates);
}

Fact<std::string> ParseControl(Fact<std::string> raw) {
  static constexpr std::array<std::string_view, 2> kModes = {"auto", "on"};
  return OneOf(std::move(raw), kModes);
}

void ReadRuntimePm(const SystemView& view, PciDevice& dev) {
  dev.runtime_status =
      ParseRuntimeStatus(Read(view, JoinPath(dev.sysfs_path, "power/runtime_status")));
  dev.power_control = ParseControl(Read(view, JoinPath(dev.sysfs_path, "power/control")));
}

}  // namespace rocm_doctor::pci_power
