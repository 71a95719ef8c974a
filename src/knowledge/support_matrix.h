// SPDX-License-Identifier: MIT
#pragma once
// The ROCm support matrix as data: checks/data/rocm_support.csv (per release, the gfx targets
// AMD supports officially and the community's overrides) and checks/data/rocm_kernels.csv (per
// release, distributions, kernels and driver series), both embedded at build time. Column
// meanings, sources and the patch-release fallback rule: checks/data/SUPPORT-MATRIX.md.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rocm_doctor/facts/fact.h"
#include "rocm_doctor/facts/gpu_table.h"
#include "rocm_doctor/facts/kfd.h"
#include "rocm_doctor/facts/pci.h"
#include "rocm_doctor/facts/rocm.h"
#include "rocm_doctor/result.h"

namespace rocm_doctor {

enum class GfxSupport { kOfficial, kOverride, kUnsupported };
std::string_view ToString(GfxSupport support);

struct SupportRow {
  std::string release;     // "6.2.0"
  std::string gfx_target;  // "gfx1031"
  GfxSupport status = GfxSupport::kUnsupported;
  std::string override_to;  // "10.3.0" when status is kOverride
  std::string notes;        // "deprecated: ...", "... risky: ..."
  std::string source;
  bool Deprecated() const;  // notes start with "deprecated:"
  bool Risky() const;       // notes hold "risky:"
};

struct KernelRow {
  std::string release;
  std::string kind;     // "os", "kmd_compat", "amdgpu_driver"
  std::string name;     // os-release ID for kind "os"
  std::string version;  // distribution version, driver series or module version
  std::string kernel;   // "5.15", "5.14.0-570"
  std::string kernel_flavor;
  std::string notes;
  std::string source;
};

// The release whose rows apply to an installed version.
struct ReleaseMatch {
  std::string installed;  // "6.2.3" as read (a "-66" build suffix removed)
  std::string release;    // "6.2.2": the matrix column used
  bool fallback = false;  // release is the nearest lower patch of the same minor
};

class SupportMatrix {
 public:
  // Parses both CSV texts; malformed rows are skipped and counted.
  static SupportMatrix Parse(std::string_view support_csv, std::string_view kernels_csv);
  static const SupportMatrix& Builtin();  // the files embedded at build time

  // "6.2.4-120", "6.2.4" -> 6.2.4; a release without rows -> the nearest lower patch of the
  // same major.minor; a major.minor without rows (5.7, 7.2) -> an error naming it.
  Result<ReleaseMatch> MatchRelease(std::string_view version) const;
  const SupportRow* Find(std::string_view release, std::string_view gfx) const;
  std::vector<const SupportRow*> RowsFor(std::string_view release) const;
  // The first release (by version order) where `gfx` is official; "" when none is.
  std::string FirstOfficial(std::string_view gfx) const;
  std::vector<const KernelRow*> KernelRowsFor(std::string_view release) const;
  // Every rocm_kernels.csv row of one kind ("amdgpu_driver"), in file order.
  std::vector<const KernelRow*> KernelRowsOfKind(std::string_view kind) const;
  std::vector<std::string> Releases() const;  // in version order

  std::size_t size() const { return rows_.size(); }
  std::size_t kernel_rows() const { return kernels_.size(); }
  std::size_t skipped_rows() const { return skipped_rows_; }

 private:
  std::vector<SupportRow> rows_;
  std::vector<KernelRow> kernels_;
  std::size_t skipped_rows_ = 0;
};

// The release of the ROCm install programs use (RocmFacts::InUse()), with where it was read;
// unknown, with the reason, when there is no install or its version is unknown.
Fact<std::string> InstalledRocmRelease(const RocmFacts& rocm);

// Whether a KFD GPU node is an integrated GPU (APU): the GPU table's `apu` flag for its PCI
// device (from sysfs, else the node's device_id property), else a node with CPU cores and SIMDs
// (KFD before Linux 4.x merged an APU's CPU and GPU into one node).
bool IsIntegratedGpu(const KfdNode& node, const PciInventory& pci, const GpuTable& table);

}  // namespace rocm_doctor
