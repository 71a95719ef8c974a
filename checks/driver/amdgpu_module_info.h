// SPDX-License-Identifier: MIT
#pragma once
// Small pure helpers the driver checks share: how amdgpu is present (in-tree, DKMS, built in)
// and the kernel-log events for one GPU. Header-only: every .cpp in checks/ is one check.
#include <string>
#include <vector>

#include "base/text_parse.h"
#include "rocm_doctor/facts/kernel_facts.h"
#include "rocm_doctor/finding.h"

namespace rocm_doctor::driver {

// amdgpu is in the running kernel: listed in /proc/modules, or /sys/module/amdgpu exists
// (loaded, or built in with parameters), or modules.builtin lists it.
inline bool AmdgpuPresent(const KernelFacts& k) {
  return (k.amdgpu_in_proc_modules.known() && *k.amdgpu_in_proc_modules) ||
         (k.amdgpu_module_dir.known() && *k.amdgpu_module_dir) ||
         (k.amdgpu_builtin.known() && *k.amdgpu_builtin);
}

// True only when every source that could show amdgpu was read and none does.
inline bool AmdgpuKnownAbsent(const KernelFacts& k) {
  bool modules_absent = k.amdgpu_in_proc_modules.known() && !*k.amdgpu_in_proc_modules;
  bool dir_absent = k.amdgpu_module_dir.known() && !*k.amdgpu_module_dir;
  bool not_builtin = !k.amdgpu_builtin.known() || !*k.amdgpu_builtin;
  // /sys/module/amdgpu is the kernel's own record of a loaded or built-in amdgpu; /proc/modules
  // alone may be missing from a capture.
  return dir_absent && not_builtin && (modules_absent || !k.amdgpu_in_proc_modules.known());
}

inline bool IsDkmsModulePath(const KernelFacts& k) {
  return k.amdgpu_module_path.known() && (parse::StartsWith(*k.amdgpu_module_path, "updates/") ||
                                          parse::StartsWith(*k.amdgpu_module_path, "extra/") ||
                                          parse::Contains(*k.amdgpu_module_path, "dkms"));
}

// The kernel's own amdgpu among the files found ("kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.zst");
// empty when there is none.
inline std::string InTreeModuleFile(const KernelFacts& k) {
  for (const std::string& path : k.amdgpu_module_files) {
    if (parse::StartsWith(path, "kernel/")) return path;
  }
  return {};
}

// The dpkg state and build log of a DKMS build that did not happen, as evidence.
inline void AddDkmsStateEvidence(const KernelFacts& k, std::vector<Evidence>& ev) {
  if (k.dkms_package.known()) {
    ev.push_back({k.dkms_package.source,
                  *k.dkms_package + ": " +
                      (k.dkms_package_status.known() ? *k.dkms_package_status : "?"),
                  "install ok installed"});
  }
  for (const std::string& log : k.dkms_build_logs) ev.push_back({log, "present", ""});
}

// "; dpkg leaves amdgpu-dkms ... half-configured: its build failed (see make.log)" or "".
inline std::string DkmsStateNote(const KernelFacts& k) {
  if (!k.dkms_package_status.known() ||
      !parse::Contains(*k.dkms_package_status, "half-configured")) {
    return {};
  }
  std::string note = "; dpkg leaves " + (k.dkms_package.known() ? *k.dkms_package : "it") +
                     " half-configured: its post-install DKMS build failed";
  if (!k.dkms_build_logs.empty()) note += " (see " + k.dkms_build_logs.front() + ")";
  return note;
}

// "6.8" from "6.8.0-45-generic".
inline std::string KernelMajorMinor(const std::string& release) {
  std::size_t first = release.find('.');
  if (first == std::string::npos) return release;
  std::size_t second = release.find_first_not_of("0123456789", first + 1);
  return release.substr(0, second);
}

// "DKMS 6.10.5", "in-tree, Linux 6.8", "built in, Linux 6.8": how the loaded amdgpu came.
inline std::string AmdgpuFlavour(const KernelFacts& k) {
  if (k.amdgpu_version.known()) return "DKMS " + *k.amdgpu_version;
  std::string linux_version =
      k.release.known() ? ", Linux " + KernelMajorMinor(*k.release) : std::string();
  if (k.amdgpu_builtin.known() && *k.amdgpu_builtin) return "built in" + linux_version;
  return "in-tree" + linux_version;
}

inline std::vector<const KernelLogEvent*> EventsFor(const KernelLogFacts& log,
                                                    KernelLogEvent::Kind kind,
                                                    const std::string& bdf) {
  std::vector<const KernelLogEvent*> out;
  for (const KernelLogEvent& e : log.events) {
    if (e.kind == kind && (bdf.empty() || e.bdf == bdf)) out.push_back(&e);
  }
  return out;
}

inline std::string Join(const std::vector<std::string>& items, std::string_view sep = ", ") {
  std::string out;
  for (const std::string& item : items) {
    if (!out.empty()) out += sep;
    out += item;
  }
  return out;
}

}  // namespace rocm_doctor::driver
