// SPDX-License-Identifier: MIT
// hardware.ras_pages: the VRAM pages amdgpu retired (device/ras/gpu_vram_bad_pages) against the
// retirement threshold (bad_page_threshold), each state with its action (issue 18):
//   - over the threshold: replace (RMA). amdgpu itself stops initialising such a GPU at the next
//     driver load (amd-gfx: "Once the threshold is hit, the GPU will not be initialized.");
//     bad_page_threshold's own text calls the threshold an RMA policy.
//   - P (pending): reset. amdgpu_ras.c: "pending for reserve, this gpu page is marked as bad,
//     will be reserved in next window of page_reserve"; until then the page is still in use.
//   - F (could not be reserved): isolate. The bad page may still be handed out.
//   - near the threshold (90%, rocm-doctor's margin, not the driver's): monitor.
//   - only R (reserved) pages, below the threshold: history, never a reason to drain. The list
//     is amdgpu's EEPROM table and survives reboots, while the <block>_err_count counters start
//     at 0 at each driver load (hardware.ras judges those): a retired page is a record of an
//     error that was handled, like the 15-hour-old CPER record that cordoned a healthy MI300X
//     node in ROCm/device-metrics-exporter#506
//     (https://github.com/ROCm/device-metrics-exporter/issues/506).
// Sources: docs/research/amdgpu-ras.md.
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "gpu_label.h"
#include "knowledge/xgmi_hive.h"
#include "rocm_doctor/check.h"
#include "rocm_doctor/facts/ras.h"
#include "rocm_doctor/facts/xgmi.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"hardware.gpus"};
constexpr std::string_view kPagesCommands[] = {
    "cat /sys/bus/pci/devices/{bdf}/ras/gpu_vram_bad_pages",
    "cat /sys/module/amdgpu/parameters/bad_page_threshold",
};
constexpr std::string_view kResetCommands[] = {
    "cat /sys/bus/pci/devices/{bdf}/ras/gpu_vram_bad_pages",
    // A reset takes the GPU's whole XGMI hive (knowledge/xgmi_hive.h): every BDF that goes down.
    "sudo amd-smi reset --gpureset --gpu {!reset_bdfs_quoted}  # needs root",
};

constexpr FindingSpec kFindings[] = {
    {.code = "hardware.ras.pages_over_threshold",
     .severity = Status::kFail,
     .title = "A GPU has retired as many VRAM pages as its threshold allows",
     .remediation =
         "amdgpu retires a VRAM page for each uncorrectable memory error and keeps the list in the "
         "board's EEPROM. At the threshold (bad_page_threshold; by default one page per 100 MiB of "
         "VRAM) the driver refuses to initialise the GPU at its next load: the board is due for "
         "replacement (RMA). Take the node out of service and open an RMA with the retired-page "
         "list attached; raising bad_page_threshold only postpones it.",
     .commands = kPagesCommands,
     .action = FindingAction::kReplace,
     .next_step = "drain the node and RMA the GPU with its retired-page list"},
    {.code = "hardware.ras.pages_pending",
     .severity = Status::kFail,
     .title = "A GPU has VRAM pages marked bad but not yet retired (pending)",
     .remediation =
         "A page marked P is bad but still mapped: amdgpu reserves it at the next page-reserve "
         "window, which is the next GPU reset. Drain the node, reset the GPU (on an XGMI hive "
         "every GPU of the hive resets with it), and check that the page reads R afterwards.",
     .commands = kResetCommands,
     .requires_root = true,
     .action = FindingAction::kReset,
     .next_step = "drain the node and reset the GPU; the page retires at the reset"},
    {.code = "hardware.ras.pages_unreservable",
     .severity = Status::kFail,
     .title = "A GPU has bad VRAM pages the driver could not reserve",
     .remediation =
         "A page marked F is bad and amdgpu could not take it out of use, so new allocations may "
         "land on it. Drain the node, look at the kernel log for the reservation failure, and "
         "reset or reload the driver; if the page stays F, treat the GPU as failing.",
     .commands = kPagesCommands,
     .action = FindingAction::kIsolate,
     .next_step = "drain the node and find why the page could not be reserved"},
    {.code = "hardware.ras.pages_near_threshold",
     .severity = Status::kWarn,
     .title = "A GPU's retired VRAM pages are near its retirement threshold",
     .remediation =
         "The GPU still works, but few more uncorrectable memory errors will take it to the "
         "threshold where amdgpu stops initialising it. Plan its replacement and watch the "
         "count.",
     .commands = kPagesCommands,
     .action = FindingAction::kMonitor,
     .next_step = "keep the node in service, watch the count, plan the RMA"},
    {.code = "hardware.ras.pages_retired",
     .severity = Status::kInfo,
     .title = "A GPU has retired VRAM pages (history, well below the threshold)",
     .remediation =
         "amdgpu retired these pages after uncorrectable memory errors, possibly in an earlier "
         "boot: the list is kept in the board's EEPROM. They are no longer used; this is history, "
         "not a reason to take the node out. Watch the count.",
     .commands = kPagesCommands,
     .action = FindingAction::kMonitor,
     .next_step = "nothing now; watch the count against the threshold"},
    {.code = "hardware.ras.pages_unreadable",
     .severity = Status::kUnknown,
     .title = "A GPU's retired-page list could not be read",
     .remediation = "device/ras/gpu_vram_bad_pages exists but gave no list. Run again as root.",
     .commands = kPagesCommands},
};

constexpr CheckInfo kInfo{.id = "hardware.ras_pages",
                          .layer = Layer::kHardware,
                          .title = "Retired VRAM pages",
                          .prerequisites = kPrereqs,
                          .per_gpu = true,
                          .findings = kFindings};

std::string Pages(std::size_t n) { return std::to_string(n) + (n == 1 ? " page" : " pages"); }

// The GPU's label as the other hardware checks write it, else its BDF.
std::string Label(const CheckContext& ctx, const std::string& bdf) {
  for (const PciDevice* dev : ctx.facts.Pci().AmdGpus()) {
    if (dev->bdf == bdf) return hardware::Describe(*dev, ctx);
  }
  return bdf;
}

struct Judged {
  std::vector<Finding> findings;
  std::string summary;  // for a GPU without findings
};

Judged JudgeGpu(const CheckContext& ctx, const RasFacts& ras, const GpuRasPages& gpu) {
  Judged out;
  const std::string source = gpu.pages.source;
  const std::string gpu_name = Label(ctx, gpu.bdf);
  const std::map<std::string, std::string> params = {{"bdf", gpu.bdf}};
  const std::size_t total = gpu.pages->size();
  const std::size_t reserved = gpu.Count('R'), pending = gpu.Count('P'), failed = gpu.Count('F');
  std::string why;
  const std::optional<std::uint64_t> threshold = RetirementThreshold(ras, gpu, why);
  const std::string counts = std::to_string(reserved) + " R, " + std::to_string(pending) +
                             " P, " + std::to_string(failed) + " F";
  const std::string against =
      threshold ? "threshold " + std::to_string(*threshold) + " (" +
                      ras.bad_page_threshold_param.source + " = " +
                      std::to_string(*ras.bad_page_threshold_param) + ")"
                : why;
  Evidence list{source, Pages(total) + " (" + counts + ")", {}};
  Evidence limit{ras.bad_page_threshold_param.source,
                 ras.bad_page_threshold_param.known()
                     ? std::to_string(*ras.bad_page_threshold_param)
                     : ras.bad_page_threshold_param.error,
                 {}};
  if (threshold && *threshold > 0 && total >= *threshold) {
    list.expected = "fewer than " + std::to_string(*threshold);
    out.findings.push_back(MakeFinding(
        "hardware.ras.pages_over_threshold",
        gpu_name + " has retired " + Pages(total) + ", at or over its " + against + ".",
        {list, limit}, params));
  } else if (threshold && *threshold > 0 && total * 10 >= *threshold * 9) {
    list.expected = "well below " + std::to_string(*threshold);
    out.findings.push_back(MakeFinding(
        "hardware.ras.pages_near_threshold",
        gpu_name + " has retired " + Pages(total) + ", 90% or more of its " + against + ".",
        {list, limit}, params));
  }
  if (pending > 0) {
    // Issue 18: a reset recommendation names every GPU that goes down with this one.
    const knowledge::ResetNotice reset = knowledge::ResetNoticeFor(
        knowledge::GpusResetTogether(gpu.bdf, ctx.facts.Get<XgmiFacts>(), ctx.facts.Kfd()));
    std::map<std::string, std::string> reset_params = reset.params;
    reset_params["bdf"] = gpu.bdf;
    out.findings.push_back(MakeFinding("hardware.ras.pages_pending",
                                       gpu_name + " has " + Pages(pending) +
                                           " marked bad and pending retirement (P): they retire "
                                           "at the next GPU reset. " + reset.text,
                                       {{source, counts, "no P page"}}, std::move(reset_params)));
  }
  if (failed > 0) {
    out.findings.push_back(MakeFinding("hardware.ras.pages_unreservable",
                                       gpu_name + " has " + Pages(failed) +
                                           " the driver could not reserve (F).",
                                       {{source, counts, "no F page"}}, params));
  }
  if (out.findings.empty() && total > 0) {
    // The error counters of this boot are hardware.ras's; the uptime says since when they count.
    const std::string boot =
        ras.uptime_seconds.known()
            ? " The error counters count since this boot, " +
                  hardware::Fixed(*ras.uptime_seconds / 3600.0, 1) + " h ago (" +
                  ras.uptime_seconds.source + ")."
            : "";
    out.findings.push_back(MakeFinding(
        "hardware.ras.pages_retired",
        gpu_name + " has " + Pages(reserved) + " retired (R), " + against +
            ": history kept in the board's EEPROM, not a reason to take the node out." + boot,
        {list, limit}, params));
  }
  if (total == 0) out.summary = against;
  return out;
}

CheckOutcome Run(const CheckContext& ctx) {
  const RasFacts& ras = ctx.facts.Get<RasFacts>();
  std::vector<Finding> findings;
  std::vector<std::string> clean;
  std::vector<Evidence> evidence;
  for (const GpuRasPages& gpu : ras.gpus) {
    if (!gpu.pages.known()) {
      if (NotReported(gpu.pages.error)) continue;
      findings.push_back(MakeFinding(
          "hardware.ras.pages_unreadable",
          "The retired-page list of " + Label(ctx, gpu.bdf) + " could not be read: " +
              gpu.pages.error + ".",
          {{gpu.pages.source, gpu.pages.error, "a readable list"}}, {{"bdf", gpu.bdf}}));
      continue;
    }
    Judged judged = JudgeGpu(ctx, ras, gpu);
    if (judged.findings.empty()) {
      clean.push_back(judged.summary);
      evidence.push_back({gpu.pages.source, "empty", "empty"});
    }
    for (Finding& f : judged.findings) findings.push_back(std::move(f));
  }
  if (findings.empty() && clean.empty()) {
    return CheckOutcome::Skip("no retired-page list (no RAS-capable GPU, or ras_enable=0)");
  }
  // "no retired page on 7 GPUs (threshold 1966 (...bad_page_threshold = -1))"; the threshold
  // named once when every clean GPU has the same one.
  std::string summary;
  if (!clean.empty()) {
    const bool same = std::all_of(clean.begin(), clean.end(),
                                  [&](const std::string& s) { return s == clean.front(); });
    summary = "no retired page on " + std::to_string(clean.size()) +
              (clean.size() == 1 ? " GPU" : " GPUs") + (same ? " (" + clean.front() + ")" : "");
  }
  if (findings.empty()) return CheckOutcome::Pass(summary, std::move(evidence));
  return CheckOutcome::FromFindings(std::move(findings), summary);
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
