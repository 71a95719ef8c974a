// SPDX-License-Identifier: MIT
// hardware.apu_memory: on an APU the memory HIP reports as the device's is the firmware's
// dedicated carve-out (mem_info_vram_total, amdgpu_vram_mgr.c; KFD's mem bank), 512 MiB by
// default on most boards. Frameworks size the GPU by it: ollama skips an iGPU under 1 GiB
// ("unsupported Radeon iGPU detected skipping ... total=512.0 MiB", ollama#2637), PyTorch stops
// with "GPU 0 has a total capacity of 512.00 MiB" (the message of drm/amdkfd commit
// 89773b85599a). That commit (Linux 6.10) places KFD "VRAM" allocations of such APUs in GTT
// (mem_info_gtt_total, bounded by ttm.pages_limit), so from 6.10 HIP itself can use GTT and only
// tools that read mem_info_vram_total still undercount (ollama before PR #13196, ollama#12062).
// Judged for integrated GPUs HIP uses; beside a visible discrete GPU the iGPU is not what the
// node computes on (libraries.*.igpu_* and runtime.igpu_order say how to hide it).
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../libraries/gpu_targets.h"
#include "gpu_label.h"
#include "rocm_doctor/facts/kernel_facts.h"
#include "rocm_doctor/facts/kfd.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"hardware.gpus"};
constexpr std::string_view kCarveoutCommands[] = {
    "cat /sys/bus/pci/devices/{bdf}/mem_info_vram_total "
    "/sys/bus/pci/devices/{bdf}/mem_info_gtt_total",
    "sudo dmesg | grep -E 'amdgpu: [0-9]+M of (VRAM|GTT) memory ready'  # needs root",
    "uname -r",
};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "hardware.apu.carveout_small",
     .severity = Status::kWarn,
     .title = "The APU's dedicated GPU memory (UMA carve-out) is too small for compute",
     .remediation =
         "On an APU the memory HIP reports as the GPU's is the firmware's dedicated carve-out "
         "(mem_info_vram_total), 512 MiB by default on most boards. Frameworks then skip or "
         "starve the GPU: ollama ignores an iGPU under 1 GiB ('unsupported Radeon iGPU detected "
         "skipping'), PyTorch fails with 'GPU 0 has a total capacity of 512.00 MiB'. Raise the "
         "carve-out in the firmware setup (UMA Frame Buffer Size, also called 'UMA buffer' or "
         "'iGPU memory': 4 GiB or more for models), or run Linux 6.10 or later, where amdkfd "
         "places an APU's device allocations in GTT (system RAM the GPU maps, "
         "mem_info_gtt_total; its size is set with ttm.pages_limit in 4 KiB pages - "
         "amdgpu.gttsize is deprecated - and with amdgpu-dkms, amdttm.pages_limit).",
     .commands = kCarveoutCommands,
     .requires_root = true},
    {.code = "hardware.apu.carveout_small_gtt",
     .severity = Status::kInfo,
     .title = "The APU's carve-out is small, but the kernel lets HIP allocate from GTT",
     .remediation =
         "The kernel (Linux 6.10 or later, drm/amdkfd 'Let VRAM allocations go to GTT domain on "
         "small APUs') places HIP's device allocations of this APU in GTT, so programs can use "
         "the GTT size. Tools that size the GPU by mem_info_vram_total alone still see the "
         "carve-out and may skip the GPU: ollama before its PR #13196 ('amd: use GTT on iGPUs "
         "on linux'). Update such tools, or raise UMA Frame Buffer Size in the firmware setup. "
         "The GTT ceiling is ttm.pages_limit (4 KiB pages; amdgpu.gttsize is deprecated; "
         "amdttm.pages_limit with amdgpu-dkms).",
     .commands = kCarveoutCommands,
     .requires_root = true},
};

constexpr CheckInfo kInfo{.id = "hardware.apu_memory",
                          .layer = Layer::kHardware,
                          .title = "APU memory",
                          .prerequisites = kPrereqs,
                          .findings = kFindings};

// What ollama requires of an iGPU (IGPUMemLimit, 1 GiB) and about what PyTorch's MNIST example
// needs (the commit's "can't even run a Basic MNIST Example with a default 512MB carveout").
constexpr std::uint64_t kEnoughCarveout = std::uint64_t{1} << 30;

// (major, minor) of a kernel release such as "6.14.0-1014-oem"; nullopt when it does not start
// with two numbers.
std::optional<std::pair<int, int>> KernelVersion(const std::string& release) {
  int parts[2] = {0, 0};
  std::size_t i = 0;
  for (int& part : parts) {
    const std::size_t start = i;
    while (i < release.size() && release[i] >= '0' && release[i] <= '9' && i - start < 4) {
      part = part * 10 + (release[i++] - '0');
    }
    if (i == start) return std::nullopt;
    if (&part == &parts[0]) {
      if (i >= release.size() || release[i] != '.') return std::nullopt;
      ++i;
    }
  }
  return std::make_pair(parts[0], parts[1]);
}

const PciDevice* PciOf(const CheckContext& ctx, const KfdNode& node) {
  const std::string bdf = node.PciBdf();
  for (const PciDevice& dev : ctx.facts.Pci().devices) {
    if (dev.bdf == bdf) return &dev;
  }
  return nullptr;
}

// Whether the loaded amdgpu places an APU's KFD allocations in GTT: an in-tree driver of Linux
// 6.10 or later. The DKMS driver (/sys/module/amdgpu/version exists) is built from AMD's own
// branch, whose base the kernel release does not tell: not known, so judged as not.
struct GttSpill {
  bool yes = false;
  std::string why;
  std::string source;
};
GttSpill SpillsToGtt(const KernelFacts& kernel) {
  if (kernel.amdgpu_version.known()) {
    return {false,
            "the DKMS amdgpu " + *kernel.amdgpu_version +
                " is loaded: whether it places APU allocations in GTT is not known",
            kernel.amdgpu_version.source};
  }
  if (!kernel.release.known()) return {false, "the kernel release is unknown", ""};
  const auto version = KernelVersion(*kernel.release);
  if (!version) return {false, "kernel " + *kernel.release + " (version not parsed)",
                        kernel.release.source};
  const bool yes = *version >= std::make_pair(6, 10);
  return {yes,
          "kernel " + *kernel.release + (yes ? " (6.10 or later: KFD allocates in GTT)"
                                             : " (before 6.10: KFD allocates in the carve-out)"),
          kernel.release.source};
}

CheckOutcome Run(const CheckContext& ctx) {
  const std::vector<const KfdNode*> gpus = ctx.facts.Kfd().GpuNodes();
  if (gpus.empty()) return CheckOutcome::Skip("no GPU in KFD topology");
  const env_parse::Visibility vis = libraries::HipVisibility(ctx.facts);
  std::vector<std::size_t> integrated;
  bool discrete_visible = false;
  for (std::size_t k : vis.hip) {
    if (IsIntegratedGpu(*gpus[k], ctx.facts.Pci(), ctx.facts.Table())) {
      integrated.push_back(k);
    } else {
      discrete_visible = true;
    }
  }
  if (integrated.empty()) return CheckOutcome::Skip("HIP uses no integrated GPU");

  std::vector<Finding> findings;
  std::vector<std::string> notes;
  for (std::size_t k : integrated) {
    const KfdNode& node = *gpus[k];
    const std::string label = "integrated " + node.GfxTarget() + " at " + node.PciBdf();
    const PciDevice* dev = PciOf(ctx, node);
    std::optional<std::uint64_t> carveout;
    std::string carveout_source;
    if (dev != nullptr && dev->vram_total_bytes.known()) {
      carveout = *dev->vram_total_bytes;
      carveout_source = dev->vram_total_bytes.source;
    } else if (node.vram_bytes > 0) {
      carveout = node.vram_bytes;  // the KFD mem bank (heap_type 1/2) when sysfs lacks the file
      carveout_source = node.source.substr(0, node.source.rfind('/')) + "/mem_banks";
    }
    if (!carveout) {
      notes.push_back(label + ": carve-out unknown (no mem_info_vram_total, no KFD mem bank)");
      continue;
    }
    std::optional<std::uint64_t> gtt;
    if (dev != nullptr && dev->gtt_total_bytes.known()) gtt = *dev->gtt_total_bytes;
    const std::string sizes = hardware::Mib(*carveout) + " carve-out" +
                              (gtt ? ", " + hardware::Gib(static_cast<double>(*gtt)) + " GTT"
                                   : std::string());
    if (discrete_visible) {
      notes.push_back(label + ": " + sizes + "; the discrete GPU computes");
      continue;
    }
    if (*carveout >= kEnoughCarveout) {
      notes.push_back(label + ": " + sizes);
      continue;
    }
    const GttSpill spill = SpillsToGtt(ctx.facts.Kernel());
    std::vector<Evidence> evidence{
        {carveout_source, hardware::Mib(*carveout) + " (mem_info_vram_total)",
         "at least " + hardware::Mib(kEnoughCarveout)}};
    if (dev != nullptr) {
      evidence.push_back(hardware::EvidenceOf(dev->gtt_total_bytes, [](std::uint64_t bytes) {
        return hardware::Gib(static_cast<double>(bytes)) + " (mem_info_gtt_total)";
      }));
    }
    evidence.push_back({spill.source.empty() ? "uname" : spill.source, spill.why,
                        "Linux 6.10 or later (KFD allocates in GTT)"});
    const bool gtt_helps = spill.yes && gtt && *gtt >= kEnoughCarveout;
    std::string message = "the " + label + " has a " + hardware::Mib(*carveout) +
                          " UMA carve-out, the memory HIP and frameworks size it by; ";
    if (gtt_helps) {
      message += spill.why + ", so HIP can allocate up to " +
                 hardware::Gib(static_cast<double>(*gtt)) +
                 " of GTT, but tools reading mem_info_vram_total (ollama before PR #13196) "
                 "skip an iGPU under 1 GiB";
    } else {
      message += spill.why + ": frameworks see " + hardware::Mib(*carveout) +
                 " in all (PyTorch 'total capacity of " + hardware::Mib(*carveout) +
                 "', ollama skips an iGPU under 1 GiB); raise UMA Frame Buffer Size in the "
                 "firmware setup";
      if (gtt) {
        message += ", or run Linux 6.10+ to allocate from the " +
                   hardware::Gib(static_cast<double>(*gtt)) + " of GTT";
      }
    }
    findings.push_back(MakeFinding(
        gtt_helps ? "hardware.apu.carveout_small_gtt" : "hardware.apu.carveout_small",
        std::move(message), std::move(evidence),
        {{"bdf", node.PciBdf()},
         {"carveout_mib", std::to_string(*carveout >> 20)},
         {"gtt_mib", gtt ? std::to_string(*gtt >> 20) : ""}}));
  }
  std::string summary;
  for (const std::string& n : notes) summary += (summary.empty() ? "" : "; ") + n;
  if (findings.empty()) return CheckOutcome::Pass(std::move(summary));
  return CheckOutcome::FromFindings(std::move(findings));
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
