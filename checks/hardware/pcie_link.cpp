// SPDX-License-Identifier: MIT
// hardware.pcie_link: does each discrete GPU's PCIe link run at the speed and width it supports?
// sysfs-bus-pci current_link_{speed,width} vs max_link_{speed,width} of the GPU function.
#include <algorithm>
#include <string>
#include <vector>

#include "gpu_label.h"
#include "rocm_doctor/check.h"

namespace rocm_doctor {
namespace {

using hardware::Fixed;

constexpr std::string_view kPrereqs[] = {"hardware.gpus"};
constexpr std::string_view kLinkCommands[] = {
    "sudo lspci -vv -s {bdf} | grep -E 'LnkCap:|LnkSta:'  # needs root",
};
constexpr std::string_view kLinkReadCommands[] = {
    "ls -l /sys/bus/pci/devices/{bdf}/current_link_speed /sys/bus/pci/devices/{bdf}/max_link_speed",
};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "hardware.pcie.link_degraded",
     .severity = Status::kWarn,
     .title = "A GPU's PCIe link runs below its maximum",
     .remediation =
         "Fewer lanes than the GPU supports point at the slot: an x16 card in an x8/x4 slot, a "
         "riser or bifurcation setting, or a badly seated card. Use a CPU-attached x16 slot, "
         "reseat the card, and check the PCIe settings in the firmware setup. A lower speed alone "
         "is often power management on an idle GPU: check again while it is busy.",
     .commands = kLinkCommands,
     .requires_root = true},
    {.code = "hardware.pcie.link_downclocked",
     .severity = Status::kInfo,
     .title = "A GPU's PCIe link runs below its maximum speed (often idle power saving)",
     .remediation =
         "Usually nothing to do: an idle GPU trains its link down. Check again while the GPU is "
         "busy; if it stays low, check the slot and the PCIe generation setting in the firmware "
         "setup.",
     .commands = kLinkCommands,
     .requires_root = true},
    {.code = "hardware.pcie.link_not_reported",
     .severity = Status::kInfo,
     .title = "The kernel reports no PCIe link state for a GPU",
     .remediation =
         "Nothing to do: SR-IOV virtual functions and some virtual or integrated devices have "
         "no link state of their own."},
    {.code = "hardware.pcie.link_unreadable",
     .severity = Status::kUnknown,
     .title = "A GPU's PCIe link state could not be read",
     .remediation = "Run rocm-doctor where the GPU's sysfs attributes are readable.",
     .commands = kLinkReadCommands},
};

constexpr CheckInfo kInfo{.id = "hardware.pcie_link",
                          .layer = Layer::kHardware,
                          .title = "PCIe link",
                          .prerequisites = kPrereqs,
                          .per_gpu = true,
                          .findings = kFindings};

// Link speeds are 2.5, 5.0, 8.0, 16.0, 32.0, 64.0 GT/s; anything closer than this is equal.
constexpr double kSpeedEpsilon = 0.05;

std::string Link(double gts, int width) {
  return Fixed(gts, 1) + " GT/s x" + std::to_string(width);
}

struct Tally {
  std::vector<Finding> findings;
  std::vector<std::string> judged_links;  // "16.0 GT/s x16 (max 16.0 GT/s x16)" per healthy GPU
  std::vector<std::string> not_reported;  // BDFs
  std::size_t degraded = 0;
  std::size_t unreadable = 0;
  std::size_t apus = 0;
  hardware::GpuPassEvidence evidence;  // current vs max speed and width of each judged GPU
};

std::vector<Evidence> LinkEvidence(const PciDevice& dev) {
  auto speed = [](double v) { return Fixed(v, 1) + " GT/s"; };
  auto width = [](int v) { return "x" + std::to_string(v); };
  std::string max_speed = dev.max_link_speed_gts.known() ? speed(*dev.max_link_speed_gts) : "";
  std::string max_width = dev.max_link_width.known() ? width(*dev.max_link_width) : "";
  return {hardware::EvidenceOf(dev.current_link_speed_gts, speed, max_speed),
          hardware::EvidenceOf(dev.max_link_speed_gts, speed),
          hardware::EvidenceOf(dev.current_link_width, width, max_width),
          hardware::EvidenceOf(dev.max_link_width, width)};
}

// A judged link as a pass shows it: the current speed and width against their maximum.
std::vector<Evidence> PassEvidence(const PciDevice& dev) {
  auto speed = [](double v) { return Fixed(v, 1) + " GT/s"; };
  auto width = [](int v) { return "x" + std::to_string(v); };
  return {hardware::EvidenceOf(dev.current_link_speed_gts, speed,
                               "max_link_speed " + speed(*dev.max_link_speed_gts)),
          hardware::EvidenceOf(dev.current_link_width, width,
                               "max_link_width " + width(*dev.max_link_width))};
}

// Calls f(known, error) for each of the four link facts.
template <class F>
void ForEachLinkFact(const PciDevice& dev, F f) {
  f(dev.current_link_speed_gts.known(), dev.current_link_speed_gts.error);
  f(dev.max_link_speed_gts.known(), dev.max_link_speed_gts.error);
  f(dev.current_link_width.known(), dev.current_link_width.error);
  f(dev.max_link_width.known(), dev.max_link_width.error);
}

void Judge(const CheckContext& ctx, const PciDevice& dev, Tally& tally) {
  if (hardware::IsApu(ctx, dev)) {
    ++tally.apus;  // an integrated GPU sits on the SoC's internal fabric; its "link" is nominal
    return;
  }
  std::string gpu = hardware::Describe(dev, ctx);
  bool all_known = true;
  std::string read_error;
  ForEachLinkFact(dev, [&](bool known, const std::string& error) {
    all_known = all_known && known;
    if (!known && !NotReported(error) && read_error.empty()) read_error = error;
  });
  if (!read_error.empty()) {
    ++tally.unreadable;
    tally.findings.push_back(
        MakeFinding("hardware.pcie.link_unreadable",
                    "The PCIe link state of " + gpu + " could not be read: " + read_error + ".",
                    LinkEvidence(dev), {{"bdf", dev.bdf}}));
    return;
  }
  if (!all_known) {
    tally.not_reported.push_back(dev.bdf);
    tally.findings.push_back(
        MakeFinding("hardware.pcie.link_not_reported",
                    "The kernel reports no PCIe link state for " + gpu +
                        " (typical of SR-IOV virtual functions); its link is not judged.",
                    LinkEvidence(dev), {{"bdf", dev.bdf}}));
    return;
  }
  double cur_speed = *dev.current_link_speed_gts;
  double max_speed = *dev.max_link_speed_gts;
  int cur_width = *dev.current_link_width;
  int max_width = *dev.max_link_width;
  std::string now = Link(cur_speed, cur_width);
  std::string max = Link(max_speed, max_width);
  bool width_low = cur_width < max_width;
  bool speed_low = cur_speed + kSpeedEpsilon < max_speed;
  if (!width_low) tally.evidence.Add(dev.bdf, PassEvidence(dev), now + " (max " + max + ")");
  if (!width_low && !speed_low) {
    tally.judged_links.push_back(now + " (max " + max + ")");
    return;
  }
  if (!width_low) {
    // Speed alone: amdgpu's power management trains an idle link down (the RX 6900 XT capture's
    // pp_dpm_pcie level 0 is "2.5GT/s, x1"), so a lower speed at rest is not evidence of a
    // fault. Said as information; only the lane count is judged.
    tally.judged_links.push_back(now + " (max " + max + ")");
    tally.findings.push_back(MakeFinding(
        "hardware.pcie.link_downclocked",
        gpu + " links at " + Fixed(cur_speed, 1) + " GT/s, below its maximum " +
            Fixed(max_speed, 1) + " GT/s, on all " + std::to_string(cur_width) +
            " lanes. An idle GPU trains its link down to save power; if the speed stays low "
            "while the GPU is busy, the slot or the firmware's PCIe setting limits it.",
        LinkEvidence(dev), {{"bdf", dev.bdf}}));
    return;
  }
  ++tally.degraded;
  std::string message =
      gpu + " runs its PCIe link on " + std::to_string(cur_width) + " of its " +
      std::to_string(max_width) + " lanes (" + now + ", max " + max +
      "). Fewer lanes than the GPU supports usually means the slot, a riser or a "
      "bifurcation setting limits it; host-GPU bandwidth drops with the lane count.";
  if (speed_low) {
    message += " The speed is below its maximum too, which an idle GPU may do to save power.";
  }
  tally.findings.push_back(
      MakeFinding("hardware.pcie.link_degraded", message, LinkEvidence(dev), {{"bdf", dev.bdf}}));
}

std::string JoinBdfs(const std::vector<std::string>& bdfs) {
  std::string out;
  for (const std::string& b : bdfs) out += (out.empty() ? "" : ", ") + b;
  return out;
}

CheckOutcome Run(const CheckContext& ctx) {
  const PciInventory& pci = ctx.facts.Pci();
  std::vector<const PciDevice*> gpus = pci.AmdGpus();
  if (gpus.empty()) return CheckOutcome::Skip("no AMD GPU to judge");
  Tally tally;
  for (const PciDevice* dev : gpus) Judge(ctx, *dev, tally);

  if (tally.degraded > 0 || tally.unreadable > 0) {
    return CheckOutcome::FromFindings(std::move(tally.findings));
  }
  if (tally.judged_links.empty()) {
    if (tally.not_reported.empty()) {
      return CheckOutcome::Skip("integrated GPUs (APUs) have no PCIe link of their own to judge");
    }
    return CheckOutcome::Skip("the kernel reports no PCIe link state for " +
                              JoinBdfs(tally.not_reported) +
                              " (typical of SR-IOV virtual functions)");
  }
  std::string summary;
  const std::vector<std::string>& links = tally.judged_links;
  bool all_same = std::all_of(links.begin(), links.end(),
                              [&](const std::string& l) { return l == links.front(); });
  if (links.size() == 1) {
    summary = links.front();
  } else if (all_same) {
    summary = std::to_string(links.size()) + " GPUs at " + links.front();
  } else {
    summary = "all " + std::to_string(links.size()) + " GPUs at their maximum link";
  }
  if (!tally.not_reported.empty()) {
    summary += "; not reported for " + JoinBdfs(tally.not_reported);
  }
  if (tally.apus > 0) summary += "; " + std::to_string(tally.apus) + " APU(s) not judged";
  return CheckOutcome::Pass(summary, tally.evidence.Take(), std::move(tally.findings));
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
