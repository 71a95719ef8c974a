// SPDX-License-Identifier: MIT
// driver.kernel_support: is the running distribution and kernel one that the installed ROCm
// release lists (checks/data/rocm_kernels.csv, kind os; rules in checks/data/SUPPORT-MATRIX.md)?
// AMD validates each release on the distribution versions and kernel series of its compatibility
// matrix; anything else is "not validated", not broken, so this warns and never fails.
#include "knowledge/kernel_support.h"

#include <algorithm>
#include <string>
#include <vector>

#include "knowledge/support_matrix.h"
#include "base/text_parse.h"
#include "rocm_doctor/check.h"
#include "rocm_doctor/facts/rocm.h"

namespace rocm_doctor {
namespace {

namespace ks = kernel_support;

constexpr std::string_view kPrereqs[] = {"driver.kernel"};
constexpr std::string_view kKernelSupportCommands[] = {
    "uname -r; grep -E '^(ID|VERSION_ID|VERSION)=' /etc/os-release",
};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "driver.kernel.unsupported",
     .severity = Status::kWarn,
     .title = "The distribution or kernel is not one the installed ROCm release lists",
     .remediation =
         "AMD validates each ROCm release on the distribution versions and kernel series its "
         "compatibility matrix names (ROCm {release} lists {listed}). Others often work, but "
         "amdgpu-dkms may not build for them, and a failure there is not a known-good "
         "configuration. Boot a listed kernel (on Ubuntu the GA or HWE kernel the release "
         "names), or install a ROCm release that lists this distribution and kernel: "
         "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/reference/"
         "system-requirements.html.",
     .commands = kKernelSupportCommands},
};

constexpr CheckInfo kInfo{.id = "driver.kernel_support",
                          .layer = Layer::kDriver,
                          .title = "Kernel support",
                          .prerequisites = kPrereqs,
                          .findings = kFindings};

constexpr char kData[] = "checks/data/rocm_kernels.csv";
// Rows quoted as evidence at most; the message names every listed value anyway.
constexpr std::size_t kMaxRowEvidence = 8;

std::string Join(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : ", ") + item;
  return out;
}

// The first reference of a row's ';'-separated source.
std::string FirstSource(const std::string& source) {
  return std::string(parse::Trim(std::string_view(source).substr(0, source.find(';'))));
}

Evidence RowEvidence(const KernelRow& row) {
  std::string observed = "ROCm " + row.release + ": " + row.name + " " + row.version + ", Linux " +
                         ks::KernelText(row);
  if (!row.notes.empty()) observed += " (" + row.notes + ")";
  return {std::string(kData) + " (" + FirstSource(row.source) + ")", observed, ""};
}

std::vector<std::string> Kernels(const std::vector<const KernelRow*>& rows) {
  std::vector<std::string> out;
  for (const KernelRow* row : rows) {
    std::string text = ks::KernelText(*row);
    if (std::find(out.begin(), out.end(), text) == out.end()) out.push_back(text);
  }
  return out;
}

std::string Notes(const std::vector<const KernelRow*>& rows) {
  std::vector<std::string> notes = ks::Distinct(rows, &KernelRow::notes);
  return notes.empty() ? "" : "; AMD notes: " + Join(notes);
}

CheckOutcome Run(const CheckContext& ctx) {
  const KernelFacts& kernel = ctx.facts.Kernel();
  if (!kernel.release.known()) return CheckOutcome::Skip("the running kernel is not known");
  const PlatformFacts& platform = ctx.facts.Platform();
  if (platform.wsl) {
    return CheckOutcome::Skip(
        "WSL2: ROCm on WSL has its own support matrix and Microsoft's kernel");
  }
  if (!platform.container.empty()) {
    return CheckOutcome::Skip("in a " + platform.container +
                              " container: /etc/os-release is the image's, the host's "
                              "distribution is not visible");
  }
  const Fact<std::string> installed = InstalledRocmRelease(ctx.facts.Get<RocmFacts>());
  if (!installed.known()) {
    return CheckOutcome::Skip("no ROCm release to compare with: " + installed.error);
  }
  const SupportMatrix& matrix = SupportMatrix::Builtin();
  Result<ReleaseMatch> match = matrix.MatchRelease(*installed);
  if (!match) return CheckOutcome::Skip("ROCm " + *installed + ": " + match.error());
  const HostFacts& host = ctx.facts.Host();
  if (!host.os_id.known() || !host.os_version_id.known()) {
    const Fact<std::string>& missing = host.os_id.known() ? host.os_version_id : host.os_id;
    return CheckOutcome::Skip("the distribution is not known: " + missing.error);
  }
  const ks::OsIdentity os{*host.os_id, *host.os_version_id,
                          host.os_version.known() ? *host.os_version : ""};
  const std::string& release = match->release;
  const ks::OsMatch rows = ks::MatchOs(matrix.KernelRowsFor(release), os, *kernel.release);
  if (rows.release_rows.empty()) {
    return CheckOutcome::Skip("the support data lists no distribution for ROCm " + release);
  }

  const std::string distro = os.id + " " + ks::PreciseVersion(os);
  const std::string series = ks::KernelSeries(*kernel.release);
  const std::string linux_text = "Linux " + series + " (" + *kernel.release + ")";
  std::string judged = "ROCm " + release;
  if (match->fallback) judged += " (installed " + match->installed + ", judged by " + release + ")";

  std::vector<Evidence> evidence{
      {kernel.release.source.empty() ? "uname" : kernel.release.source, *kernel.release, ""},
      {host.os_id.source,
       "ID=" + os.id + " VERSION_ID=" + os.version_id +
           (os.version.empty() ? "" : " VERSION=\"" + os.version + "\""),
       ""}};
  if (!rows.kernel_rows.empty()) {
    for (std::size_t i = 0; i < rows.kernel_rows.size() && i < kMaxRowEvidence; ++i) {
      evidence.push_back(RowEvidence(*rows.kernel_rows[i]));
    }
    return CheckOutcome::Pass(distro + ", " + linux_text + ": listed for " + judged + " (" +
                                  Join(Kernels(rows.kernel_rows)) + ")" + Notes(rows.kernel_rows),
                              std::move(evidence));
  }

  // The narrowest set of rows the host got into, and what it lists.
  const std::vector<const KernelRow*>& near = !rows.version_rows.empty()  ? rows.version_rows
                                              : !rows.distro_rows.empty() ? rows.distro_rows
                                                                          : rows.release_rows;
  std::string message;
  std::string listed;
  if (!rows.version_rows.empty()) {
    listed = Join(Kernels(near));
    message =
        linux_text + " is not a kernel " + judged + " lists for " + distro + ": it lists " + listed;
  } else if (!rows.distro_rows.empty()) {
    listed = Join(ks::Distinct(near, &KernelRow::version));
    message = distro + " is not a " + os.id + " version " + judged + " lists: it lists " + os.id +
              " " + listed;
  } else {
    listed = Join(ks::Distinct(near, &KernelRow::name));
    message = distro + " is not a distribution " + judged + " lists: it lists " + listed;
  }

  for (std::size_t i = 0; i < near.size() && i < kMaxRowEvidence; ++i) {
    evidence.push_back(RowEvidence(*near[i]));
  }
  return CheckOutcome::FromFindings({MakeFinding(
      "driver.kernel.unsupported", std::move(message), std::move(evidence),
      {{"release", release}, {"listed", listed}, {"os", distro}, {"kernel", *kernel.release}})});
}

}  // namespace

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace rocm_doctor
