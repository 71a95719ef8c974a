// SPDX-License-Identifier: MIT
// hardware.gpu_count: as many AMD GPUs as the user said there should be (--expect-gpus N).
#include <string>
#include <vector>

#include "gpu_label.h"
#include "rocm_doctor/check.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"hardware.gpus"};
constexpr std::string_view kCountCommands[] = {
    "lspci -nn -d 1002:",
    "sudo dmesg | grep -iE 'amdgpu|AER|fallen off the bus'  # needs root",
};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "hardware.gpu.count_mismatch",
     .severity = Status::kFail,
     .title = "Not the expected number of AMD GPUs",
     .remediation =
         "Compare with lspci. A GPU that is missing may be unseated, lack power, be disabled in "
         "the firmware setup, or have fallen off the bus after an error (the kernel log shows AER "
         "and 'fallen off the bus' lines); in a VM, check which GPUs were passed through. A "
         "reboot or a power cycle brings back a GPU that fell off the bus, until it happens again.",
     .commands = kCountCommands,
     .requires_root = true},
};

constexpr CheckInfo kInfo{.id = "hardware.gpu_count",
                          .layer = Layer::kHardware,
                          .title = "GPU count",
                          .prerequisites = kPrereqs,
                          .findings = kFindings};

CheckOutcome Run(const CheckContext& ctx) {
  if (!ctx.options.expect_gpus) return CheckOutcome::Skip("no --expect-gpus given");
  const PciInventory& pci = ctx.facts.Pci();
  if (!pci.error.empty()) {
    return CheckOutcome::Skip("the PCI bus could not be listed (see hardware.gpus)");
  }
  int expected = *ctx.options.expect_gpus;
  std::vector<const PciDevice*> gpus = pci.AmdGpus();
  int found = static_cast<int>(gpus.size());
  std::string bdfs;
  for (const PciDevice* dev : gpus) bdfs += (bdfs.empty() ? "" : ", ") + dev->bdf;
  if (found == expected) {
    return CheckOutcome::Pass(std::to_string(found) + " AMD GPU" + (found == 1 ? "" : "s") +
                              ", as expected");
  }
  std::string message = "Expected " + std::to_string(expected) + " AMD GPU" +
                        (expected == 1 ? "" : "s") + " (--expect-gpus " + std::to_string(expected) +
                        "), found " + std::to_string(found);
  message += found == 0 ? "." : ": " + bdfs + ".";
  if (found < expected) {
    message += " " + std::to_string(expected - found) + " missing from the PCI bus.";
  }
  std::vector<Evidence> evidence = {
      {pci.source,
       std::to_string(found) + " AMD GPU function(s)" + (bdfs.empty() ? "" : ": ") + bdfs,
       std::to_string(expected)}};
  return CheckOutcome::FromFindings(
      {MakeFinding("hardware.gpu.count_mismatch", message, evidence,
                   {{"expected", std::to_string(expected)}, {"found", std::to_string(found)}})});
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
