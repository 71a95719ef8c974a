// SPDX-License-Identifier: MIT
// hardware.gpu_count: as many AMD GPUs as the user said there should be (--expect-gpus N).
// --expect-gpus counts physical GPUs (PCI functions). A GPU in DPX/QPX/CPX shows several logical
// GPUs (KFD nodes): a number equal to the logical count is the user counting partitions, and is
// said so (ROCm/rocm-systems#8529, CPX enumerated "8 instead of 32 on an 8x MI308X box").
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

constexpr std::string_view kLogicalCommands[] = {
    "grep -H . /sys/bus/pci/devices/*/current_compute_partition",
    "rocm-doctor check --expect-gpus {found}",
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
    {.code = "hardware.gpu.count_is_logical",
     .severity = Status::kWarn,
     .title = "--expect-gpus matches the logical GPUs of a partitioned node, not the physical ones",
     .remediation =
         "--expect-gpus (and a policy's [gpus] count) count physical GPUs, the PCI functions. In "
         "DPX, QPX or CPX mode each GPU shows as several logical GPUs (KFD nodes, render nodes, "
         "HIP devices), and the number given is that count. Pass the physical count; "
         "hardware.partition checks that every GPU shows the logical GPUs its mode makes.",
     .commands = kLogicalCommands},
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
  const int logical = static_cast<int>(ctx.facts.Kfd().GpuNodes().size());
  if (logical > found && logical == expected && found > 0) {
    return CheckOutcome::FromFindings({MakeFinding(
        "hardware.gpu.count_is_logical",
        "--expect-gpus " + std::to_string(expected) + " is the number of logical GPUs (KFD GPU "
            "nodes: partitions), but --expect-gpus counts physical GPUs: " + std::to_string(found) +
            " on the PCI bus (" + bdfs + "), partitioned into " + std::to_string(logical) + ".",
        {{pci.source, std::to_string(found) + " physical AMD GPU(s)", std::to_string(expected)},
         {ctx.facts.Kfd().source, std::to_string(logical) + " KFD GPU nodes", ""}},
        {{"expected", std::to_string(expected)}, {"found", std::to_string(found)}})});
  }
  std::string message = "Expected " + std::to_string(expected) + " AMD GPU" +
                        (expected == 1 ? "" : "s") + " (--expect-gpus " + std::to_string(expected) +
                        "), found " + std::to_string(found);
  message += found == 0 ? "." : ": " + bdfs + ".";
  if (logical > found && found > 0) {
    message += " These are physical GPUs (--expect-gpus counts PCI functions); partitioned, they "
               "show as " + std::to_string(logical) + " logical GPUs (KFD nodes).";
  }
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
