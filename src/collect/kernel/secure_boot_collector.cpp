// SPDX-License-Identifier: MIT
// UEFI Secure Boot state from efivarfs.
#include <string>

#include "collect/kernel/kernel_collector_parts.h"
#include "collect/kernel/secure_boot_parse.h"
#include "base/text_parse.h"
#include "collect/common/sysfs_reader.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor::kernel_parts {
namespace {

// EFI_GLOBAL_VARIABLE GUID (UEFI spec, "Globally Defined Variables").
constexpr std::string_view kSecureBootVar = "SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c";

}  // namespace

void CollectSecureBoot(const SystemView& view, KernelFacts& facts) {
  std::string var = JoinPath(paths::kEfiVars, kSecureBootVar);
  FileContent file = view.ReadFile(var, 4096);
  if (file.ok()) {
    if (auto on = parse::SecureBootEnabled(file.data)) {
      facts.secure_boot = Fact<bool>::Known(*on, var);
    } else {
      facts.secure_boot = Fact<bool>::Unknown(
          var, "malformed SecureBoot variable (" + std::to_string(file.data.size()) +
                   " bytes: " + parse::Printable(file.data, 32) + "), expected 5");
    }
    return;
  }
  if (file.status != FsStatus::kNotFound) {
    facts.secure_boot = Fact<bool>::Unknown(var, DescribeFailure(file.status, file.error));
    return;
  }
  if (view.ListDir(paths::kEfiVars).ok()) {
    // EFI firmware without the variable: it has no Secure Boot support.
    facts.secure_boot =
        Fact<bool>::Known(false, var + " absent (EFI firmware without Secure Boot)");
    return;
  }
  if (view.Stat(paths::kSysFirmwareEfi).ok()) {
    facts.secure_boot = Fact<bool>::Unknown(std::string(paths::kEfiVars),
                                            "EFI boot, but efivarfs is not mounted there");
    return;
  }
  // No /sys/firmware/efi: booted through legacy BIOS, where there is no Secure Boot. Docker
  // masks /sys/firmware with an empty tmpfs, so an empty or absent /sys/firmware proves nothing.
  DirListing firmware = view.ListDir(paths::kSysFirmware);
  if (firmware.ok() && !firmware.names.empty()) {
    facts.secure_boot =
        Fact<bool>::Known(false, std::string(paths::kSysFirmwareEfi) + " absent (legacy BIOS boot)");
    return;
  }
  facts.secure_boot = Fact<bool>::Unknown(
      std::string(paths::kSysFirmware), firmware.ok() ? "empty (masked, as in a container)"
                                               : DescribeFailure(firmware.status, firmware.error));
}

}  // namespace rocm_doctor::kernel_parts
