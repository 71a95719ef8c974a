// SPDX-License-Identifier: MIT
#pragma once
// ROCm installs for FakeSystemView, laid out as AMD's packages and Debian's install them (through
// support/host_builder.h).
#include <memory>
#include <string>

#include "rocm_doctor/facts/rocm.h"
#include "support/fake_system_view.h"
#include "support/host_builder.h"

namespace rocm_doctor::testing {

// /opt/rocm-<release> with .info/version "<release>-66", lib/libamdhip64.so.<hip> and
// libhsa-runtime64.so.<hsa> (empty placeholders) and their soname and dev links.
inline void AddOptInstall(FakeSystemView& view, const std::string& release, const std::string& hip,
                          const std::string& hsa) {
  HostBuilder(view).RocmInstall(release, hip, hsa);
}

// ROCm 6.2.0 with /opt/rocm -> /opt/rocm-6.2.0 and /etc/ld.so.conf.d/20-libamdhip64.conf.
inline void AddRocm620(FakeSystemView& view) {
  HostBuilder(view)
      .RocmInstall("6.2.0", "6.2.60200", "1.14.60200")
      .RocmLink("/opt/rocm-6.2.0")
      .LdSoConf("20-libamdhip64.conf", "/opt/rocm/lib\n");
}

// Debian 12's libamdhip64-5 5.2.3-8 and libhsa-runtime64-1 5.2.3-3 (as on this build host).
inline void AddDebianRocm(FakeSystemView& view) {
  const std::string dir = "/usr/lib/x86_64-linux-gnu";
  HostBuilder(view)
      .SharedLibrary(dir, "libamdhip64", "5.2.21153", "5")
      .SharedLibrary(dir, "libhsa-runtime64", "1.5.0", "1", /*dev_link=*/false)
      .OsRelease("debian", "12", "Debian GNU/Linux 12 (bookworm)");
  view.File("/var/lib/dpkg/status",
            "Package: libc6\nStatus: install ok installed\nVersion: 2.36-9\n\n"
            "Package: libamdhip64-5\nStatus: install ok installed\nPriority: optional\n"
            "Architecture: amd64\nSource: rocm-hipamd\nVersion: 5.2.3-8\n\n"
            "Package: libhsa-runtime64-1\nStatus: install ok installed\nVersion: 5.2.3-3\n");
}

inline CommandOutcome Exited(std::string out, int code = 0) {
  CommandOutcome o;
  o.state = CommandOutcome::State::kExited;
  o.exit_code = code;
  o.out = std::move(out);
  return o;
}

inline CommandOutcome Loaded(const std::string& library) {
  return Exited("[{\"library\":\"" + library + "\",\"loaded\":true,\"error\":null}]\n");
}

}  // namespace rocm_doctor::testing
