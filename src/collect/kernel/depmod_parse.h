// SPDX-License-Identifier: MIT
#pragma once
// Which copy of a module depmod(8) puts in modules.dep, and so which one modprobe loads, when a
// kernel has several (an in-tree amdgpu under kernel/drivers and a DKMS one under updates/dkms):
// depmod.d(5) "search" and "override" directives, ranked as kmod's depmod does. Also the dpkg
// state of one package (the amdgpu-dkms postinst that failed leaves it "half-configured").
// Pure: take the text, never throw.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rocm_doctor::parse {

inline constexpr std::string_view kDepmodBuiltIn = "built-in";

struct DepmodOverride {
  std::string module;  // "amdgpu"
  std::string kernel;  // "*" or a release pattern
  std::string subdir;  // "updates/dkms"
};

struct DepmodConfig {
  // Every "search" word in the order written across the files ("updates", "ubuntu", "built-in").
  std::vector<std::string> search;
  std::vector<DepmodOverride> overrides;
};

// Adds the directives of one depmod.d file (lines "search a b ...", "override m k dir";
// '#' comments; other directives ignored) to `config`. Bounded: at most 256 entries each.
void ParseDepmodConf(std::string_view text, DepmodConfig& config);

// The search order depmod applies: the written one, or kmod's default "updates" when no file
// says "search" (then the kernel's own tree ranks below it).
std::vector<std::string> EffectiveSearch(const DepmodConfig& config);

struct DepmodChoice {
  std::size_t index = 0;  // into the paths given
  std::string reason;     // "override amdgpu * updates/dkms", "search updates ... built-in"
  bool tie = false;       // two paths rank the same: depmod keeps the one its walk met first
};

// The path (relative to /lib/modules/<release>, e.g. "updates/dkms/amdgpu.ko.zst") depmod
// keeps for `module` among `paths`; nullopt when `paths` is empty.
std::optional<DepmodChoice> ChooseModule(const DepmodConfig& config, std::string_view module,
                                         std::string_view release,
                                         const std::vector<std::string>& paths);

struct DpkgState {
  std::string status;   // the Status field: "install ok half-configured"
  std::string version;  // "1:6.7.0.60200-1787201.24.04"; may be empty
};

// The Status (and Version) of `package` in /var/lib/dpkg/status text, whatever its state.
std::optional<DpkgState> DpkgPackageState(std::string_view status, std::string_view package);

}  // namespace rocm_doctor::parse
