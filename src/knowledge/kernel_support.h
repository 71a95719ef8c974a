// SPDX-License-Identifier: MIT
#pragma once
// The running distribution, kernel and amdgpu driver against the rows of
// checks/data/rocm_kernels.csv (kind os, kmd_compat, amdgpu_driver; column meanings and the
// comparison rules: checks/data/SUPPORT-MATRIX.md). Pure functions over strings and matrix rows:
// driver.kernel_support and runtime.driver_compat call them with facts, tests with literals.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "knowledge/support_matrix.h"

namespace rocm_doctor::kernel_support {

// The distribution as /etc/os-release names it.
struct OsIdentity {
  std::string id;          // ID: "ubuntu", "rhel", "sles", "debian"
  std::string version_id;  // VERSION_ID: "22.04", "9.4", "15.6", "12"
  std::string version;     // VERSION: "22.04.5 LTS (Jammy Jellyfish)"; may be empty
};

// The most precise version the host states: the point release at the start of VERSION when it
// extends VERSION_ID (Ubuntu writes VERSION_ID="22.04", VERSION="22.04.5 LTS ..."), else
// VERSION_ID.
std::string PreciseVersion(const OsIdentity& os);

// SUSE's "15 SP6" as its VERSION_ID writes it ("15.6"); other values unchanged.
std::string NormalizeDistroVersion(std::string_view version);

// Whether a kind=os row's `version` stands for the host's: equal, or less precise than the host
// ("24.04" covers 24.04.1, Oracle Linux "9" covers 9.4), or more precise when the host states no
// more than VERSION_ID (CentOS VERSION_ID "7" against "7.9"). Ubuntu 22.04.3 is not 22.04.5.
bool VersionMatches(std::string_view row_version, const OsIdentity& os);

// The major.minor series of a kernel version: "6.8" from "6.8.0-45-generic" or "6.8",
// "5.14" from "5.14.0-570"; "" when it does not start with digits.digits.
std::string KernelSeries(std::string_view kernel);

// Orders two major.minor series ("5.15" < "6.8"); nullopt when either is not one.
std::optional<int> CompareSeries(std::string_view a, std::string_view b);

// The kind=os rows of one release, narrowed step by step to the host.
struct OsMatch {
  std::vector<const KernelRow*> release_rows;  // every kind=os row of the release
  std::vector<const KernelRow*> distro_rows;   // ... of the host's ID
  std::vector<const KernelRow*> version_rows;  // ... whose version stands for the host's
  std::vector<const KernelRow*> kernel_rows;   // ... whose kernel series is the running one
};
OsMatch MatchOs(const std::vector<const KernelRow*>& rows, const OsIdentity& os,
                std::string_view kernel_release);

// The distinct values of one column over rows, in row order: "ubuntu, rhel, sles".
std::vector<std::string> Distinct(const std::vector<const KernelRow*>& rows,
                                  std::string KernelRow::*column);

// "6.8 GA", "5.14.0-570", "5.15.0 UEK": a row's kernel as the matrix writes it.
std::string KernelText(const KernelRow& row);

// The driver series an amdgpu DKMS module version belongs to, from the kind=amdgpu_driver row
// that names it: a release up to 6.x ships the "<major>.<minor>.x" series (amdgpu-dkms 6.8.5 with
// ROCm 6.2.0 is the 6.2.x driver); for 7.x the kmd_compat rows name drivers by AMD GPU Driver
// version (30.10), so a module version of a 7.x release maps only where a row gives that name.
struct DriverSeries {
  std::string series;              // "6.2.x"
  const KernelRow* row = nullptr;  // the amdgpu_driver row
};
struct DriverSeriesResult {
  std::optional<DriverSeries> series;
  std::string why_not;  // when no series: why, in words
};
DriverSeriesResult SeriesOfDriver(const SupportMatrix& matrix, std::string_view module_version);

// The kind=kmd_compat rows of a release.
std::vector<const KernelRow*> CompatRows(const std::vector<const KernelRow*>& rows);

// Where a driver series stands against a release's kmd_compat series: listed, or older / newer
// than every listed series of the same numbering ("6.0.x" against 6.4.x..6.1.x is older),
// or unlisted between them.
enum class SeriesPosition { kListed, kOlder, kNewer, kUnlisted };
SeriesPosition PlaceSeries(std::string_view series, const std::vector<const KernelRow*>& compat);

}  // namespace rocm_doctor::kernel_support
