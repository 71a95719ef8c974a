// SPDX-License-Identifier: MIT
// driver.kernel_log: whether the kernel log (the driver's own account of failures) is readable.
#include <string>

#include "rocm_doctor/check.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kKernelLogCommands[] = {
    "sudo rocm-doctor check  # needs root",
    "sudo sysctl kernel.dmesg_restrict=0  # needs root; lets every user read the kernel log until "
    "reboot",
};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "driver.kernel_log.unreadable",
     .severity = Status::kUnknown,
     .title = "The kernel log cannot be read",
     .remediation = "The kernel log holds the driver's own account of firmware and init "
                    "failures. With kernel.dmesg_restrict=1 only root may read it: run "
                    "rocm-doctor as root, or allow it for all users.",
     .commands = kKernelLogCommands,
     .requires_root = true},
};

constexpr CheckInfo kInfo{.id = "driver.kernel_log",
                          .layer = Layer::kDriver,
                          .title = "Kernel log",
                          .findings = kFindings};

CheckOutcome Run(const CheckContext& ctx) {
  const KernelLogFacts& log = ctx.facts.KernelLog();
  if (log.not_recorded) return CheckOutcome::Skip("not recorded in this capture");
  std::string source = log.source.empty() ? "the kernel log" : log.source;
  if (!log.readable) {
    return CheckOutcome::FromFindings({MakeFinding(
        "driver.kernel_log.unreadable",
        "Cannot read " + source + ": " + log.error +
            " (with kernel.dmesg_restrict=1 only root can); firmware and GPU-init failures "
            "cannot be checked",
        {{source, log.error, "readable"}})});
  }
  std::string summary = std::to_string(log.line_count) + " lines from " + source;
  if (!log.events.empty()) {
    summary += " · " + std::to_string(log.events.size()) + " amdgpu event" +
               (log.events.size() == 1 ? "" : "s");
    if (log.events_truncated) summary += " (more not kept)";
  }
  // An empty log passed nothing (issue 15): information, the checks that read it judge nothing.
  if (log.line_count == 0) {
    return CheckOutcome{.status = Status::kInfo, .summary = summary, .findings = {},
                        .benchmarks = {}, .evidence = {}};
  }
  return CheckOutcome::Pass(summary, {{source, std::to_string(log.line_count) + " lines", ""}});
}

}  // namespace

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace rocm_doctor
