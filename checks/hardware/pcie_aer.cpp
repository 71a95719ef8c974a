// SPDX-License-Identifier: MIT
// hardware.pcie_aer: the PCIe Advanced Error Reporting counters of each AMD GPU
// (/sys/bus/pci/devices/<BDF>/aer_dev_{correctable,nonfatal,fatal},
// Documentation/ABI/testing/sysfs-bus-pci-devices-aer_stats; counted since boot), each class
// with its action (issue 18):
//   Documentation/PCI/pcieaer-howto.rst: "Non-fatal errors cause the particular transaction to
//   be unreliable, but the PCIe link itself is fully functional. Fatal errors, on the other
//   hand, cause the link to be unreliable."
//   - fatal: isolate. The kernel's AER recovery resets the link; the GPU behind it may have
//     lost work.
//   - non-fatal: monitor. One run cannot tell whether the count grows, so it is watched, not
//     drained.
//   - correctable: monitor, at 1 or more per hour since boot and at least 10 (rocm-doctor's
//     threshold, not the kernel's: a few RxErr at link training are normal). The replay
//     counts (Rollover, Timeout) are named in the message.
// A link that trained below its maximum is hardware.pcie_link's (hardware.pcie.link_degraded).
#include <string>
#include <vector>

#include "gpu_label.h"
#include "rocm_doctor/check.h"
#include "rocm_doctor/facts/ras.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"hardware.gpus"};
constexpr std::string_view kAerCommands[] = {
    "grep -H . /sys/bus/pci/devices/{bdf}/aer_dev_*",
    "sudo dmesg | grep -iE 'AER|pcieport'  # needs root",
};

constexpr FindingSpec kFindings[] = {
    {.code = "hardware.pcie.aer_fatal",
     .severity = Status::kFail,
     .title = "A GPU's PCIe link reported fatal uncorrectable errors (AER)",
     .remediation =
         "A fatal PCIe error makes the link unreliable; the kernel resets it and what the GPU "
         "was doing may be lost. Take the node out of service, read the kernel log for the AER "
         "lines, then reseat the card or riser and check the slot and cables. If it comes back "
         "after a reboot, the GPU, riser or slot needs replacement.",
     .commands = kAerCommands,
     .requires_root = true,
     .action = FindingAction::kIsolate,
     .next_step = "drain the node, read the AER lines of the kernel log, reseat the card"},
    {.code = "hardware.pcie.aer_nonfatal",
     .severity = Status::kWarn,
     .title = "A GPU's PCIe link reported non-fatal uncorrectable errors (AER)",
     .remediation =
         "A transaction failed but the link kept working. Watch whether the count grows between "
         "runs; if it does, treat it as a failing link (reseat, check the slot) before it turns "
         "fatal.",
     .commands = kAerCommands,
     .requires_root = true,
     .action = FindingAction::kMonitor,
     .next_step = "keep the node in service and compare the count at the next run"},
    {.code = "hardware.pcie.aer_correctable",
     .severity = Status::kWarn,
     .title = "A GPU's PCIe link corrects errors often (AER)",
     .remediation =
         "The link retries and corrects errors (bad TLPs, replays) often enough to cost "
         "bandwidth. Check the slot, riser and cables, and the link speed; a link that keeps "
         "correcting errors may train down.",
     .commands = kAerCommands,
     .requires_root = true,
     .action = FindingAction::kMonitor,
     .next_step = "keep the node in service, watch the rate, check the slot at the next window"},
    {.code = "hardware.pcie.aer_unreadable",
     .severity = Status::kUnknown,
     .title = "A GPU's PCIe AER counters could not be read",
     .remediation = "The aer_dev_* files exist but gave no count. Run again as root.",
     .commands = kAerCommands,
     .requires_root = true},
};

constexpr CheckInfo kInfo{.id = "hardware.pcie_aer",
                          .layer = Layer::kHardware,
                          .title = "PCIe errors (AER)",
                          .prerequisites = kPrereqs,
                          .per_gpu = true,
                          .findings = kFindings};

constexpr std::uint64_t kMinCorrectable = 10;
constexpr double kCorrectablePerHour = 1.0;

std::string Errors(std::uint64_t n, std::string_view kind) {
  return std::to_string(n) + " " + std::string(kind) + (n == 1 ? " PCIe error" : " PCIe errors");
}

std::string Names(const AerCounts& counts) {
  std::string out;
  for (const auto& [name, value] : counts.by_name) {
    out += (out.empty() ? "" : ", ") + name + " " + std::to_string(value);
  }
  return out.empty() ? "" : " (" + out + ")";
}

Evidence CountEvidence(const AerCounts& c, std::string expected) {
  return {c.total.source, "total " + std::to_string(*c.total) + Names(c), std::move(expected)};
}

CheckOutcome Run(const CheckContext& ctx) {
  std::vector<const PciDevice*> gpus = ctx.facts.Pci().AmdGpus();
  if (gpus.empty()) return CheckOutcome::Skip("no AMD GPU to judge");
  const Fact<double>& uptime = ctx.facts.Get<RasFacts>().uptime_seconds;
  std::vector<Finding> findings;
  std::vector<Evidence> evidence;
  std::size_t judged = 0;
  for (const PciDevice* dev : gpus) {
    const AerCounters& aer = dev->aer;
    const std::string gpu = hardware::Describe(*dev, ctx);
    const std::map<std::string, std::string> params = {{"bdf", dev->bdf}};
    bool any = false;
    for (const AerCounts* c : {&aer.fatal, &aer.nonfatal, &aer.correctable}) {
      if (c->total.known()) {
        any = true;
      } else if (!NotReported(c->total.error)) {
        findings.push_back(MakeFinding("hardware.pcie.aer_unreadable",
                                       "The AER counters of " + gpu + " could not be read: " +
                                           c->total.error + ".",
                                       {{c->total.source, c->total.error, "a count"}}, params));
      }
    }
    if (!any) continue;
    ++judged;
    if (aer.fatal.total.known() && *aer.fatal.total > 0) {
      findings.push_back(MakeFinding(
          "hardware.pcie.aer_fatal",
          gpu + " counted " + Errors(*aer.fatal.total, "fatal") + " since boot" +
              Names(aer.fatal) + ".",
          {CountEvidence(aer.fatal, "total 0")}, params));
    }
    if (aer.nonfatal.total.known() && *aer.nonfatal.total > 0) {
      findings.push_back(MakeFinding(
          "hardware.pcie.aer_nonfatal",
          gpu + " counted " + Errors(*aer.nonfatal.total, "non-fatal") + " since boot" +
              Names(aer.nonfatal) + ".",
          {CountEvidence(aer.nonfatal, "total 0")}, params));
    }
    if (aer.correctable.total.known()) {
      const std::uint64_t n = *aer.correctable.total;
      const double hours = uptime.known() ? *uptime / 3600.0 : 0;
      const bool often = n >= kMinCorrectable &&
                         (hours <= 0 || static_cast<double>(n) / hours >= kCorrectablePerHour);
      if (often) {
        const std::string rate =
            hours > 0 ? ", " + hardware::Fixed(static_cast<double>(n) / hours, 1) +
                            " per hour over " + hardware::Fixed(hours, 1) + " h (" +
                            uptime.source + ")"
                      : "";
        findings.push_back(MakeFinding(
            "hardware.pcie.aer_correctable",
            gpu + " corrected " + std::to_string(n) + " PCIe errors" + " since boot" + rate +
                Names(aer.correctable) + "; replays: Rollover " +
                std::to_string(aer.correctable.Count("Rollover")) + ", Timeout " +
                std::to_string(aer.correctable.Count("Timeout")) + ".",
            {CountEvidence(aer.correctable, "under 1 per hour")}, params));
      }
    }
    for (const AerCounts* c : {&aer.fatal, &aer.nonfatal, &aer.correctable}) {
      if (c->total.known()) evidence.push_back(CountEvidence(*c, {}));
    }
  }
  if (judged == 0 && findings.empty()) {
    return CheckOutcome::Skip("no AER counters (no AER capability, or firmware-first AER)");
  }
  const std::string summary = "no PCIe error to act on for " + std::to_string(judged) + " GPU" +
                              (judged == 1 ? "" : "s");
  if (findings.empty()) return CheckOutcome::Pass(summary, std::move(evidence));
  return CheckOutcome::FromFindings(std::move(findings));
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
