// SPDX-License-Identifier: MIT
// hardware.xgmi_errors: XGMI link errors of each GPU in a hive. Two sources, by Data Fabric:
//   - <dev>/xgmi_error (amdgpu_xgmi.c amdgpu_xgmi_show_error): the DF FICA PIE status error
//     count of DF 3.6 parts (MI100/MI200). On MI300 and later (DF 4.x, no get_fica/set_fica) the
//     read fails with EINVAL, and a tool that stops there never evaluates XGMI health
//     (ROCm/rocm-systems#11468: "cat: /sys/class/drm/card1/device/xgmi_error: Invalid argument";
//     RDC's xgmi_check "returns without ever evaluating XGMI health").
//   - <dev>/ras/xgmi_wafl_err_count (amdgpu_ras.c, block XGMI_WAFL): "ue: N\nce: N", which the
//     same GPUs keep (the thread: "The same GPUs report XGMI faults as RAS errors on the
//     XGMI_WAFL block"). Read whenever it exists; EINVAL on xgmi_error alone is not a fault.
// An uncorrectable XGMI error is cleared by a GPU reset, and resetting one GPU of a hive resets
// the whole hive (knowledge/xgmi_hive.h): the finding names every BDF that goes down.
#include <string>
#include <vector>

#include "gpu_label.h"
#include "knowledge/xgmi_hive.h"
#include "rocm_doctor/check.h"
#include "rocm_doctor/facts/xgmi.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"hardware.gpus"};
constexpr std::string_view kReadCommands[] = {
    "grep -H . /sys/bus/pci/devices/{bdf}/xgmi_error /sys/bus/pci/devices/{bdf}/ras/xgmi_wafl_err_count",
    "sudo dmesg | grep -iE 'xgmi|wafl'  # needs root",
};
constexpr std::string_view kResetCommands[] = {
    "grep -H . /sys/bus/pci/devices/{bdf}/ras/xgmi_wafl_err_count",
    "sudo amd-smi reset --gpureset --gpu {!reset_bdfs_quoted}  # needs root",
};

constexpr FindingSpec kFindings[] = {
    {.code = "hardware.xgmi.wafl_uncorrectable",
     .severity = Status::kFail,
     .title = "A GPU counts uncorrectable XGMI (WAFL) link errors",
     .remediation =
         "Data crossing an XGMI link was lost. Drain the node, then reset the GPU: a reset of "
         "one GPU of an XGMI hive resets every GPU of the hive (amdgpu gives the hive one reset "
         "domain), so stop the work on all of the GPUs this finding lists first. If the count "
         "comes back after the reset, have the link (baseboard, cabling) checked.",
     .commands = kResetCommands,
     .requires_root = true,
     .action = FindingAction::kReset,
     .next_step = "Drain the node and reset the GPU, which resets every GPU of its XGMI hive (the "
                  "BDFs listed); if the errors return, have the link checked."},
    {.code = "hardware.xgmi.wafl_correctable",
     .severity = Status::kWarn,
     .title = "A GPU counts correctable XGMI (WAFL) link errors",
     .remediation =
         "The link corrected the errors itself; keep the node in service and watch the count. A "
         "count that keeps growing is a link about to fail.",
     .commands = kReadCommands,
     .requires_root = true,
     .action = FindingAction::kMonitor,
     .next_step = "Keep the node in service and watch the correctable XGMI error count."},
    {.code = "hardware.xgmi.error_status",
     .severity = Status::kWarn,
     .title = "A GPU's XGMI error status counts link errors",
     .remediation =
         "amdgpu's xgmi_error reports the Data Fabric's XGMI error status (MI100/MI200); reading "
         "it clears it. Keep the node in service, read it again after a while and look at the "
         "kernel log: errors that keep coming are a failing link.",
     .commands = kReadCommands,
     .requires_root = true,
     .action = FindingAction::kMonitor,
     .next_step = "Keep the node in service and read xgmi_error again later."},
    {.code = "hardware.xgmi.health_unreadable",
     .severity = Status::kUnknown,
     .title = "A GPU's XGMI link health could not be read",
     .remediation =
         "Neither xgmi_error nor the XGMI WAFL RAS counter gave a value (on MI300 and later "
         "xgmi_error returns EINVAL by design, and the RAS counter is missing when RAS is off: "
         "amdgpu.ras_enable=0). Enable RAS or read the counters as root.",
     .commands = kReadCommands,
     .requires_root = true},
};

constexpr CheckInfo kInfo{.id = "hardware.xgmi_errors",
                          .layer = Layer::kHardware,
                          .title = "XGMI link errors",
                          .prerequisites = kPrereqs,
                          .per_gpu = true,
                          .findings = kFindings};

const RasCounter* Wafl(const PciInventory& pci, const std::string& bdf) {
  for (const PciDevice& d : pci.devices) {
    if (d.bdf != bdf) continue;
    for (const RasCounter& c : d.ras) {
      if (c.block == "xgmi_wafl") return &c;
    }
  }
  return nullptr;
}

std::string Count(const Fact<std::uint64_t>& f) {
  return f.known() ? std::to_string(*f) : "unknown (" + f.error + ")";
}

Finding ResetFinding(const CheckContext& ctx, const XgmiFacts& xgmi, const std::string& bdf,
                     const RasCounter& wafl) {
  knowledge::ResetScope scope = knowledge::GpusResetTogether(bdf, xgmi, ctx.facts.Kfd());
  knowledge::ResetNotice notice = knowledge::ResetNoticeFor(scope);
  std::map<std::string, std::string> params = notice.params;
  params["bdf"] = bdf;
  return MakeFinding("hardware.xgmi.wafl_uncorrectable",
                     "GPU " + bdf + " counts " + std::to_string(*wafl.uncorrectable) +
                         " uncorrectable XGMI WAFL errors (" + wafl.source + "). " + notice.text,
                     {{wafl.source, "ue: " + std::to_string(*wafl.uncorrectable), "ue: 0"},
                      {scope.basis, knowledge::JoinBdfs(scope.bdfs, ", "), ""}},
                     std::move(params));
}

CheckOutcome Run(const CheckContext& ctx) {
  const XgmiFacts& xgmi = ctx.facts.Get<XgmiFacts>();
  const PciInventory& pci = ctx.facts.Pci();
  std::vector<Finding> findings;
  std::vector<Evidence> evidence;
  std::size_t judged = 0;
  for (const XgmiDevice& dev : xgmi.devices) {
    const RasCounter* wafl = Wafl(pci, dev.bdf);
    if (!dev.in_hive && wafl == nullptr) continue;
    ++judged;
    const std::map<std::string, std::string> params = {{"bdf", dev.bdf}};
    if (dev.error_count.known() && *dev.error_count > 0) {
      findings.push_back(MakeFinding(
          "hardware.xgmi.error_status",
          "GPU " + dev.bdf + " reports " + std::to_string(*dev.error_count) +
              " XGMI errors in xgmi_error (the read cleared them).",
          {{dev.error_count.source, std::to_string(*dev.error_count), "0"}}, params));
    }
    const bool wafl_known = wafl && wafl->uncorrectable.known();
    if (wafl_known && *wafl->uncorrectable > 0) {
      findings.push_back(ResetFinding(ctx, xgmi, dev.bdf, *wafl));
    } else if (wafl && wafl->correctable.known() && *wafl->correctable > 0) {
      findings.push_back(MakeFinding(
          "hardware.xgmi.wafl_correctable",
          "GPU " + dev.bdf + " counts " + std::to_string(*wafl->correctable) +
              " correctable XGMI WAFL errors (" + wafl->source + ").",
          {{wafl->source, "ce: " + std::to_string(*wafl->correctable), "ce: 0"}}, params));
    }
    if (!wafl_known && !dev.error_count.known()) {
      std::string why = dev.in_hive ? "xgmi_error: " + dev.error_count.error : "not in a hive";
      std::string ras = wafl ? "xgmi_wafl_err_count: " + Count(wafl->uncorrectable)
                             : "no ras/xgmi_wafl_err_count";
      findings.push_back(MakeFinding(
          "hardware.xgmi.health_unreadable",
          "The XGMI link health of GPU " + dev.bdf + " could not be read: " + why + "; " + ras +
              ".",
          {{dev.error_count.source, why, "a count"}}, params));
      continue;
    }
    std::string observed = !dev.in_hive            ? "no xgmi_device_id (no sysfs hive)"
                           : dev.error_unsupported ? "xgmi_error EINVAL (read the RAS counter)"
                                                   : "xgmi_error " + Count(dev.error_count);
    if (wafl) {
      observed += "; xgmi_wafl ue " + Count(wafl->uncorrectable) + ", ce " +
                  Count(wafl->correctable);
    }
    evidence.push_back({dev.sysfs_path, observed, "no XGMI errors"});
  }
  if (judged == 0) return CheckOutcome::Skip("no GPU in an XGMI hive and no XGMI RAS counter");
  if (!findings.empty()) return CheckOutcome::FromFindings(std::move(findings));
  return CheckOutcome::Pass("no XGMI link errors on " + std::to_string(judged) + " GPU" +
                                (judged == 1 ? "" : "s"),
                            std::move(evidence));
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
