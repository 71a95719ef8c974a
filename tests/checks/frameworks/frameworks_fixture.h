// SPDX-License-Identifier: MIT
#pragma once
// Builders for frameworks tests: Python interpreters and installed frameworks on a
// FakeSystemView (regular files only: FakeSystemView does not follow links), an AMD GPU in PCI
// and KFD, and probe outcomes as the framework probe prints them.
#include <memory>
#include <string>
#include <vector>

#include "checks/platform/platform_fixture.h"
#include "support/fake_system_view.h"
#include "support/host_builder.h"

namespace rocm_doctor::testing {

inline constexpr char kDist[] = "/usr/lib/python3/dist-packages";
inline constexpr char kVenv[] = "/home/alice/venv";
inline constexpr char kVenvSite[] = "/home/alice/venv/lib/python3.12/site-packages";

// /usr/bin/python3 (Python 3.11, Debian layout) with /usr/lib/python3/dist-packages.
inline void AddSystemPython(FakeSystemView& view) { HostBuilder(view).SystemPython(); }

// An activated venv at /home/alice/venv (Python 3.12.3 on /usr/bin/python3).
inline void AddVenv(FakeSystemView& view) { HostBuilder(view).Venv(kVenv, "3.12.3"); }

inline void AddMetadata(FakeSystemView& view, const std::string& site, const std::string& dist,
                        const std::string& version) {
  HostBuilder(view).DistInfo(site, dist, version);
}

// A torch install in `site`: version.py, METADATA, and torch/lib files.
inline void AddTorch(FakeSystemView& view, const std::string& site, const std::string& version,
                     const std::string& hip, const std::string& cuda,
                     const std::vector<std::string>& libs) {
  HostBuilder(view).Torch(site, version, hip, cuda, libs);
}

inline const std::vector<std::string>& RocmWheelLibs() {
  static const std::vector<std::string> libs{
      "libamdhip64.so",  "libhsa-runtime64.so", "libMIOpen.so",   "librocblas.so",
      "libtorch_hip.so", "libc10_hip.so",       "libtorch_cpu.so"};
  return libs;
}

// One AMD GPU: PCI 0000:03:00.0 (1002:744c, RX 7900 XTX) and KFD node 1 with
// `gfx_target_version` (110000 = gfx1100, 100301 = gfx1031).
inline void AddGpuHost(FakeSystemView& view, std::uint64_t gfx_target_version = 110000) {
  HostBuilder(view).KfdClass().KfdCpuNode(0).AmdGpu(
      {.bdf = "0000:03:00.0", .device_id = "0x744c", .gfx_target_version = gfx_target_version});
}

// An NVIDIA H200 at 0000:65:00.0 (3D controller class), nothing else.
inline void AddNvidiaGpu(FakeSystemView& view) { HostBuilder(view).NvidiaGpu(); }

// What the probe prints: stage lines, then the report line with `json` (one JSON object).
inline CommandOutcome ProbePrinted(const std::string& json) {
  CommandOutcome out;
  out.state = CommandOutcome::State::kExited;
  out.exit_code = 0;
  out.out =
      "@rocm-doctor stage import\n@rocm-doctor stage available\n@rocm-doctor report " + json + "\n";
  out.wall_seconds = 2.5;
  return out;
}

// A torch report: `fields` are JSON members added to the required ones.
inline std::string TorchReport(const std::string& fields) {
  return "{\"format\": 1, \"framework\": \"torch\", \"python_executable\": \"/usr/bin/python3\","
         " \"python_version\": \"3.11.2\", \"imported\": true, \"import_seconds\": 2.14, "
         "\"errors\": {}, \"warnings\": [], " +
         fields + "}";
}

}  // namespace rocm_doctor::testing
