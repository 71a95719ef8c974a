// driver.kernel_log: whether the kernel log (the driver's own account of failures) is readable.
#include <string>

#include "rocm_doctor/check.h"

namespace rocm_doctor {
namespace {

constexpr CheckInfo kInfo{
    .id = "driver.kernel_log", .layer = Layer::kDriver, .title = "Kernel log"};

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
  return CheckOutcome::Pass(summary);
}

}  // namespace

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace rocm_doctor
