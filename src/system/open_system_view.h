#pragma once
#include <memory>
#include <optional>
#include <string>

#include "rocm_doctor/result.h"
#include "rocm_doctor/system_view.h"

namespace rocm_doctor {

// The live host when `sysroot` is empty; else a machine directory, or a .tar.gz / .tgz of one
// (unpacked into a private temporary directory that lives as long as the view).
// Errors: the path does not exist, is not a directory or archive, the archive is corrupt.
Result<std::shared_ptr<const SystemView>> OpenSystemView(const std::optional<std::string>& sysroot);

}  // namespace rocm_doctor
