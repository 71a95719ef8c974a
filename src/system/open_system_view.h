// SPDX-License-Identifier: MIT
#pragma once
#include <memory>
#include <optional>
#include <string>

#include "rocm_doctor/result.h"
#include "rocm_doctor/system_view.h"

namespace rocm_doctor {

// The live host when `sysroot` is empty; else a machine directory, or a .tar.gz / .tgz of one
// (unpacked in-process into a private temporary directory, system/archive.h, that lives as long
// as the view and no longer than the process: TempDir removes it at exit, or its watcher after
// the process was killed).
// Errors: the path does not exist, is not a directory or archive, the archive is corrupt or
// refused (a name out of it, over the 2 GiB / 1M entries caps, past the deadline): exit 2.
Result<std::shared_ptr<const SystemView>> OpenSystemView(const std::optional<std::string>& sysroot);

}  // namespace rocm_doctor
