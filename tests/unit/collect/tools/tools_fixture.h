// SPDX-License-Identifier: MIT
#pragma once
// Executables and dpkg records in a FakeSystemView, for the tool inventory's tests.
#include <string>

#include "support/fake_system_view.h"
#include "support/host_builder.h"

namespace rocm_doctor::testing {

// A regular file with mode 0755 at `path` (FakeSystemView's plain files are 0644).
inline void Executable(FakeSystemView& view, const std::string& path, unsigned mode = 0755) {
  HostBuilder(view).Executable(path, mode);
}

// A ROCm release under /opt/rocm-<release> with its .info/version.
inline void OptRocm(FakeSystemView& view, const std::string& release) {
  HostBuilder(view).RocmVersion(release);
}

}  // namespace rocm_doctor::testing
