// SPDX-License-Identifier: MIT
#include "core/report_versions.h"

#include <algorithm>
#include <iterator>
#include <set>
#include <string_view>

#include "rocm_doctor/facts/frameworks_facts.h"
#include "rocm_doctor/facts/kernel_facts.h"
#include "rocm_doctor/facts/libraries.h"
#include "rocm_doctor/facts/rocm.h"

namespace rocm_doctor {
namespace {

bool Ran(const std::vector<CheckRecord>& checks, std::string_view id) {
  return std::any_of(checks.begin(), checks.end(), [&](const CheckRecord& r) {
    return r.id == id && r.outcome.status != Status::kSkip;
  });
}

bool True(const Fact<bool>& fact) { return fact.known() && *fact; }

// amdgpu: /sys/module/amdgpu/version exists only for the DKMS (ROCk) driver; the in-tree or
// built-in driver is the kernel's own, so its version is the kernel release. A DKMS module path
// without that file, or no amdgpu in the kernel, leaves it unknown.
void AddAmdgpu(const KernelFacts& k, std::vector<ComponentVersion>& out) {
  if (k.amdgpu_version.known()) {
    out.push_back({"amdgpu", Layer::kDriver, *k.amdgpu_version, k.amdgpu_version.source});
    return;
  }
  const bool present =
      True(k.amdgpu_in_proc_modules) || True(k.amdgpu_module_dir) || True(k.amdgpu_builtin);
  if (!present || !k.release.known()) return;
  if (True(k.amdgpu_builtin)) {
    out.push_back(
        {"amdgpu", Layer::kDriver, "built in, Linux " + *k.release, k.amdgpu_builtin.source});
    return;
  }
  if (!k.amdgpu_module_path.known()) return;
  const std::string& path = *k.amdgpu_module_path;
  if (!path.starts_with("kernel/")) return;  // updates/, extra/: DKMS without a version file
  out.push_back(
      {"amdgpu", Layer::kDriver, "in-tree, Linux " + *k.release, k.amdgpu_module_path.source});
}

void AddRuntime(const RocmFacts& rocm, std::vector<ComponentVersion>& out) {
  const RocmInstall* install = rocm.InUse();
  if (install == nullptr) return;
  if (install->hip_version.known()) {
    out.push_back({"hip", Layer::kRuntime, *install->hip_version, install->hip_version.source});
  }
  if (install->hsa_version.known()) {
    out.push_back(
        {"hsa-runtime", Layer::kRuntime, *install->hsa_version, install->hsa_version.source});
  }
}

// Each library once: from the library directory of the ROCm install in use, else from the first
// directory that has it (the scan's order: the installs, then the multiarch directory).
void AddLibraries(const LibraryFacts& libraries, const RocmFacts* rocm,
                  std::vector<ComponentVersion>& out) {
  std::vector<const LibraryDir*> dirs;
  const RocmInstall* install = rocm ? rocm->InUse() : nullptr;
  for (const LibraryDir& d : libraries.dirs) {
    if (install != nullptr && d.dir == install->lib_dir)
      dirs.insert(dirs.begin(), &d);
    else
      dirs.push_back(&d);
  }
  std::set<std::string> seen;
  for (const LibraryDir* d : dirs) {
    for (const InstalledLibrary& lib : d->libraries) {
      if (!lib.version.known() || !seen.insert(lib.name).second) continue;
      out.push_back({lib.name, Layer::kLibraries, *lib.version, lib.version.source});
    }
  }
}

// Each framework once: the install a check judges (the active environment's, else the first).
void AddFrameworks(const FrameworkFacts& frameworks, std::vector<ComponentVersion>& out) {
  for (Framework fw : kAllFrameworks) {
    for (const FrameworkInstall* install : frameworks.ToJudge(fw)) {
      if (!install->version.known()) continue;
      out.push_back({std::string(ToString(fw)), Layer::kFrameworks, *install->version,
                     install->version.source});
      break;
    }
  }
}

}  // namespace

std::vector<ComponentVersion> SummarizeVersions(const FactStore& facts,
                                                const std::vector<CheckRecord>& checks) {
  std::vector<ComponentVersion> out;
  // driver.kernel never skips and reads the kernel facts, so they are already collected.
  if (Ran(checks, "driver.kernel")) AddAmdgpu(facts.Kernel(), out);
  const RocmFacts* rocm = facts.IfCollected<RocmFacts>();
  if (rocm != nullptr) AddRuntime(*rocm, out);
  if (const LibraryFacts* libraries = facts.IfCollected<LibraryFacts>()) {
    AddLibraries(*libraries, rocm, out);
  }
  if (const FrameworkFacts* frameworks = facts.IfCollected<FrameworkFacts>()) {
    AddFrameworks(*frameworks, out);
  }
  return out;
}

}  // namespace rocm_doctor
