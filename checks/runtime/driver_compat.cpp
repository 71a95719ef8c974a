// SPDX-License-Identifier: MIT
// runtime.driver_compat: is the amdgpu kernel driver one the installed ROCm user space supports
// (checks/data/rocm_kernels.csv; rules in checks/data/SUPPORT-MATRIX.md)?
// - The out-of-tree DKMS driver names its version in /sys/module/amdgpu/version: mapped to a
//   driver series through the kind=amdgpu_driver rows (6.8.5 shipped with ROCm 6.2.0: the 6.2.x
//   driver) and compared with the release's kind=kmd_compat rows.
// - The in-tree driver has no version of its own; it is the kernel's. Its kernel series is judged
//   against the kernels the release lists for this distribution: older than all of them, its KFD
//   may lack what the user space expects; newer is only "not validated" (the KFD uapi stays
//   backward compatible) and driver.kernel_support says so.
// An unmapped version or a release without rows is skipped with the value read, never guessed.
#include <string>
#include <vector>

#include "../driver/amdgpu_module_info.h"
#include "knowledge/kernel_support.h"
#include "knowledge/support_matrix.h"
#include "rocm_doctor/check.h"
#include "rocm_doctor/facts/rocm.h"

namespace rocm_doctor {
namespace {

namespace ks = kernel_support;

constexpr std::string_view kPrereqs[] = {"driver.amdgpu", "runtime.rocm"};
constexpr std::string_view kVersionSkewCommands[] = {
    "cat /sys/module/amdgpu/version; dkms status amdgpu",
    "sudo amdgpu-install --usecase=dkms  # needs root; then reboot; from the ROCm {release} "
    "repository",
};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "runtime.driver.version_skew",
     .severity = Status::kWarn,
     .title = "The amdgpu kernel driver is not a series the ROCm user space supports",
     .remediation =
         "AMD supports each ROCm user-space release only with the kernel-driver series its "
         "compatibility matrix lists (ROCm {release}: {listed}); up to 6.3 that was the same "
         "release plus or minus two, from 6.4 drivers up to a year apart. A driver outside them "
         "may lack KFD interfaces the runtime uses (an older one) or change behaviour the "
         "runtime relies on. Install the amdgpu-dkms of the user space's release (or a user "
         "space the driver supports); for the in-tree driver, a kernel the release lists. "
         "Reboot after changing the driver.",
     .commands = kVersionSkewCommands,
     .requires_root = true,
     .reboot_required = true},
};

constexpr CheckInfo kInfo{.id = "runtime.driver_compat",
                          .layer = Layer::kRuntime,
                          .title = "Kernel driver vs ROCm",
                          .prerequisites = kPrereqs,
                          .findings = kFindings};

constexpr char kData[] = "checks/data/rocm_kernels.csv";

std::string FirstSource(const std::string& source) {
  return std::string(parse::Trim(std::string_view(source).substr(0, source.find(';'))));
}

std::string SeriesList(const std::vector<const KernelRow*>& compat) {
  std::string out;
  for (const std::string& v : ks::Distinct(compat, &KernelRow::version)) {
    out += (out.empty() ? "" : ", ") + v;
  }
  return out;
}

CheckOutcome JudgeDkms(const KernelFacts& kernel, const Fact<std::string>& installed,
                       const ReleaseMatch& match, const SupportMatrix& matrix) {
  const std::string& version = *kernel.amdgpu_version;
  ks::DriverSeriesResult mapped = ks::SeriesOfDriver(matrix, version);
  if (!mapped.series) {
    return CheckOutcome::Skip("amdgpu DKMS " + version + ": " + mapped.why_not);
  }
  const ks::DriverSeries& series = *mapped.series;
  const std::vector<const KernelRow*> compat = ks::CompatRows(matrix.KernelRowsFor(match.release));
  if (compat.empty()) {
    return CheckOutcome::Skip("amdgpu DKMS " + version + " (the " + series.series +
                              " driver): the support data lists no driver series for ROCm " +
                              match.release);
  }
  const std::string listed = SeriesList(compat);
  const std::string driver = "amdgpu DKMS " + version + " (the " + series.series +
                             " driver, shipped with ROCm " + series.row->release + ")";
  const ks::SeriesPosition position = ks::PlaceSeries(series.series, compat);
  std::vector<Evidence> evidence{
      {kernel.amdgpu_version.source, version, "a driver of series " + listed},
      {std::string(kData) + " (" + FirstSource(series.row->source) + ")",
       "ROCm " + series.row->release + " ships amdgpu " + series.row->version +
           (series.row->notes.empty() ? "" : " (" + series.row->notes + ")"),
       ""},
      {std::string(kData) + " (" + FirstSource(compat.front()->source) + ")",
       "ROCm " + match.release + " supports drivers " + listed, ""},
      {installed.source, "ROCm " + *installed, ""}};
  if (position == ks::SeriesPosition::kListed) {
    return CheckOutcome::Pass(driver + " is supported with ROCm " + match.release,
                              std::move(evidence));
  }
  const char* where = position == ks::SeriesPosition::kOlder   ? "older than all of them"
                      : position == ks::SeriesPosition::kNewer ? "newer than all of them"
                                                               : "not among them";
  return CheckOutcome::FromFindings({MakeFinding("runtime.driver.version_skew",
                                                 driver + " is not a driver ROCm " + match.release +
                                                     " supports: it supports the " + listed +
                                                     " drivers, and this one is " + where,
                                                 std::move(evidence),
                                                 {{"release", match.release},
                                                  {"driver", version},
                                                  {"series", series.series},
                                                  {"listed", listed}})});
}

CheckOutcome JudgeInTree(const CheckContext& ctx, const KernelFacts& kernel,
                         const ReleaseMatch& match, const SupportMatrix& matrix) {
  const std::string series = ks::KernelSeries(*kernel.release);
  if (series.empty()) {
    return CheckOutcome::Skip("in-tree amdgpu: kernel release \"" + *kernel.release +
                              "\" has no major.minor version to compare");
  }
  const std::string driver =
      "in-tree amdgpu of Linux " + series + " (no driver version of its own)";
  if (!ctx.facts.Platform().container.empty()) {
    return CheckOutcome::Skip(driver +
                              ": in a container the distribution the kernel belongs to "
                              "is not visible");
  }
  const HostFacts& host = ctx.facts.Host();
  if (!host.os_id.known()) return CheckOutcome::Skip(driver + ": the distribution is not known");
  std::vector<const KernelRow*> distro;
  for (const KernelRow* row : matrix.KernelRowsFor(match.release)) {
    if (row->kind == "os" && row->name == *host.os_id && !ks::KernelSeries(row->kernel).empty()) {
      distro.push_back(row);
    }
  }
  if (distro.empty()) {
    return CheckOutcome::Skip(driver + ": the support data lists no " + *host.os_id +
                              " kernel for ROCm " + match.release);
  }
  const KernelRow* oldest = distro.front();
  const KernelRow* newest = distro.front();
  for (const KernelRow* row : distro) {
    if (ks::CompareSeries(row->kernel, oldest->kernel).value_or(0) < 0) oldest = row;
    if (ks::CompareSeries(row->kernel, newest->kernel).value_or(0) > 0) newest = row;
  }
  const std::string low = ks::KernelSeries(oldest->kernel);
  const std::string high = ks::KernelSeries(newest->kernel);
  const std::string range = "the " + *host.os_id + " kernels ROCm " + match.release + " lists (" +
                            (low == high ? low : low + " to " + high) + ")";
  if (ks::CompareSeries(series, low).value_or(0) < 0) {
    return CheckOutcome::FromFindings(
        {MakeFinding("runtime.driver.version_skew",
                     "the " + driver + " is older than " + range +
                         ": its KFD may lack interfaces this ROCm user space needs",
                     {{kernel.release.source.empty() ? "uname" : kernel.release.source,
                       *kernel.release, "Linux " + low + " or later"},
                      {std::string(kData) + " (" + FirstSource(oldest->source) + ")",
                       "ROCm " + match.release + ": " + oldest->name + " " + oldest->version +
                           ", Linux " + ks::KernelText(*oldest),
                       ""}},
                     {{"release", match.release},
                      {"driver", "in-tree (Linux " + series + ")"},
                      {"series", series},
                      {"listed", range}})});
  }
  // What a pass rests on: the running kernel and the oldest and newest rows it is placed by.
  std::vector<Evidence> evidence{{kernel.release.source.empty() ? "uname" : kernel.release.source,
                                  *kernel.release, "Linux " + low + " or later"}};
  for (const KernelRow* row : {oldest, newest}) {
    if (row == newest && newest == oldest) break;
    evidence.push_back({std::string(kData) + " (" + FirstSource(row->source) + ")",
                        "ROCm " + match.release + ": " + row->name + " " + row->version +
                            ", Linux " + ks::KernelText(*row),
                        ""});
  }
  if (ks::CompareSeries(series, high).value_or(0) > 0) {
    return CheckOutcome::Pass(driver + ": newer than " + range +
                                  "; not validated (see driver.kernel_support), the KFD "
                                  "interface stays backward compatible",
                              std::move(evidence));
  }
  return CheckOutcome::Pass(driver + ": within " + range, std::move(evidence));
}

CheckOutcome Run(const CheckContext& ctx) {
  const KernelFacts& kernel = ctx.facts.Kernel();
  if (!driver::AmdgpuPresent(kernel)) return CheckOutcome::Skip("amdgpu is not loaded");
  const Fact<std::string> installed = InstalledRocmRelease(ctx.facts.Get<RocmFacts>());
  if (!installed.known()) {
    return CheckOutcome::Skip("no ROCm release to compare with: " + installed.error);
  }
  const SupportMatrix& matrix = SupportMatrix::Builtin();
  Result<ReleaseMatch> match = matrix.MatchRelease(*installed);
  if (!match) return CheckOutcome::Skip("ROCm " + *installed + ": " + match.error());
  if (kernel.amdgpu_version.known()) return JudgeDkms(kernel, installed, *match, matrix);
  if (!kernel.release.known()) return CheckOutcome::Skip("the running kernel is not known");
  return JudgeInTree(ctx, kernel, *match, matrix);
}

}  // namespace

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace rocm_doctor
