#pragma once
// Builders for frameworks tests: Python interpreters and installed frameworks on a
// FakeSystemView (regular files only: FakeSystemView does not follow links), an AMD GPU in PCI
// and KFD, and probe outcomes as the framework probe prints them.
#include <memory>
#include <string>
#include <vector>

#include "checks/platform/platform_fixture.h"
#include "support/fake_system_view.h"

namespace rocm_doctor::testing {

inline constexpr char kDist[] = "/usr/lib/python3/dist-packages";
inline constexpr char kVenv[] = "/home/alice/venv";
inline constexpr char kVenvSite[] = "/home/alice/venv/lib/python3.12/site-packages";

// /usr/bin/python3 (Python 3.11, Debian layout) with /usr/lib/python3/dist-packages.
inline void AddSystemPython(FakeSystemView& view) {
  view.File("/usr/bin/python3",
            "\x7f"
            "ELF");
  view.Dir("/usr/lib/python3.11");
  view.Dir(kDist);
  view.Env("PATH", "/usr/local/bin:/usr/bin:/bin");
  view.Env("HOME", "/home/alice");
}

// An activated venv at /home/alice/venv (Python 3.12.3 on /usr/bin/python3).
inline void AddVenv(FakeSystemView& view) {
  view.File(std::string(kVenv) + "/bin/python3",
            "\x7f"
            "ELF");
  view.File(std::string(kVenv) + "/pyvenv.cfg",
            "home = /usr/bin\ninclude-system-site-packages = false\nversion = 3.12.3\n");
  view.Dir(kVenvSite);
  view.Env("VIRTUAL_ENV", kVenv);
  view.Env("PATH", std::string(kVenv) + "/bin:/usr/local/bin:/usr/bin:/bin");
}

// torch/version.py as PyTorch's setup.py writes it (2.x style, with annotations).
inline std::string TorchVersionPy(const std::string& version, const std::string& hip,
                                  const std::string& cuda) {
  auto lit = [](const std::string& v) { return v.empty() ? std::string("None") : "'" + v + "'"; };
  return "from typing import Optional\n\n__all__ = ['__version__', 'debug', 'cuda', "
         "'git_version', 'hip']\n__version__ = '" +
         version + "'\ndebug = False\ncuda: Optional[str] = " + lit(cuda) +
         "\ngit_version = '3a7d2e5fa9b3e36d6e7dc9ed52c3d5b52e8f5e63'\nhip: Optional[str] = " +
         lit(hip) + "\n";
}

inline void AddMetadata(FakeSystemView& view, const std::string& site, const std::string& dist,
                        const std::string& version) {
  std::string dir = dist;
  for (char& c : dir) {
    if (c == '-') c = '_';
  }
  view.File(site + "/" + dir + "-" + version + ".dist-info/METADATA",
            "Metadata-Version: 2.1\nName: " + dist + "\nVersion: " + version +
                "\nSummary: stand-in\n\nLong description: Version: 9.9 is not a header\n");
}

// A torch install in `site`: version.py, METADATA, and torch/lib files.
inline void AddTorch(FakeSystemView& view, const std::string& site, const std::string& version,
                     const std::string& hip, const std::string& cuda,
                     const std::vector<std::string>& libs) {
  view.File(site + "/torch/__init__.py", "");
  view.File(site + "/torch/version.py", TorchVersionPy(version, hip, cuda));
  AddMetadata(view, site, "torch", version);
  for (const std::string& lib : libs) view.File(site + "/torch/lib/" + lib, "");
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
  AddAmdGpu(view, "0000:03:00.0", "0x744c");
  view.Dir("/sys/class/kfd/kfd");
  AddKfdCpuNode(view, 0);
  AddKfdNode(view, 1, GpuProperties(gfx_target_version, 0x744c, 0x0300, 128));
}

// An NVIDIA H200 at 0000:65:00.0 (3D controller class), nothing else.
inline void AddNvidiaGpu(FakeSystemView& view) {
  const std::string dir = "/sys/bus/pci/devices/0000:65:00.0/";
  view.File(dir + "vendor", "0x10de\n");
  view.File(dir + "device", "0x2335\n");
  view.File(dir + "class", "0x030200\n");
}

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
