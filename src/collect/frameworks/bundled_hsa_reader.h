// SPDX-License-Identifier: MIT
#pragma once
// FrameworkInstall::bundled_hsa: the libhsa-runtime64 a torch wheel carries in torch/lib, and
// whether it is the host's (/opt/rocm/lib) - a copy, a link, or the wheel's own build.
#include <map>
#include <string>

#include "rocm_doctor/facts/frameworks_facts.h"
#include "rocm_doctor/system_view.h"

namespace rocm_doctor::framework {

// Sets install.bundled_hsa from install.lib_dir's listing (cached in `listings`). Reads the two
// runtimes (a few MiB each) only when torch/lib has one.
void ReadBundledHsa(const SystemView& view, std::map<std::string, DirListing>& listings,
                    FrameworkInstall& install);

}  // namespace rocm_doctor::framework
