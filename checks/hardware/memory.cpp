// SPDX-License-Identifier: MIT
// hardware.memory: enough system RAM for the GPUs present (CheckOptions ram_gib_*: where the
// rule comes from and why it is in GiB is said there).
#include <string>

#include "gpu_label.h"
#include "rocm_doctor/check.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"hardware.gpus"};
constexpr std::string_view kMemoryCommands[] = {"free -g"};
constexpr std::string_view kMemoryReadCommands[] = {"ls -l /proc/meminfo", "head -3 /proc/meminfo"};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "hardware.memory.low",
     .severity = Status::kWarn,
     .title = "Less system RAM than recommended for the GPUs present",
     .remediation =
         "ROCm frameworks pin host memory and stage data and model weights through system RAM. "
         "Add RAM (the usual advice: at least 32 GB for one GPU and 16 GB more for each further "
         "GPU, and not less than the total VRAM for large models), or lower the thresholds if "
         "your workloads are small.",
     .commands = kMemoryCommands},
    {.code = "hardware.memory.unknown",
     .severity = Status::kUnknown,
     .title = "System RAM could not be read",
     .remediation = "rocm-doctor reads MemTotal from /proc/meminfo; make it readable.",
     .commands = kMemoryReadCommands},
};

constexpr CheckInfo kInfo{.id = "hardware.memory",
                          .layer = Layer::kHardware,
                          .title = "System memory",
                          .prerequisites = kPrereqs,
                          .findings = kFindings};

// MemTotal is the installed RAM minus what firmware and the kernel reserve at boot (typically
// 2-5%): a host with 32 GiB of DIMMs shows about 31 GiB. Accept that much below the advice.
constexpr double kMemTotalSlack = 0.94;
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

CheckOutcome Run(const CheckContext& ctx) {
  std::size_t gpus = ctx.facts.Pci().AmdGpus().size();
  if (gpus == 0) return CheckOutcome::Skip("no AMD GPU to size system memory for");
  const Fact<std::uint64_t>& mem = ctx.facts.Host().mem_total_bytes;
  if (!mem.known()) {
    return CheckOutcome::FromFindings(
        {MakeFinding("hardware.memory.unknown", "System RAM could not be read: " + mem.error + ".",
                     {{mem.source, "unknown: " + mem.error, "a 'MemTotal: N kB' line"}})});
  }
  double want_gib = ctx.options.ram_gib_first_gpu +
                    ctx.options.ram_gib_per_extra_gpu * static_cast<double>(gpus - 1);
  double have_gib = static_cast<double>(*mem) / kGiB;
  std::string have = hardware::Gib(static_cast<double>(*mem));
  std::string want = hardware::Fixed(want_gib, 0) + " GiB";
  std::string for_gpus = std::to_string(gpus) + " GPU" + (gpus == 1 ? "" : "s");
  if (have_gib >= want_gib * kMemTotalSlack) {
    return CheckOutcome::Pass(have + " RAM (" + want + " recommended for " + for_gpus + ")",
                              {{mem.source, "MemTotal: " + std::to_string(*mem / 1024) + " kB",
                                "at least " + want + " for " + for_gpus}});
  }
  return CheckOutcome::FromFindings({MakeFinding(
      "hardware.memory.low",
      "System RAM is " + have + " (MemTotal), below the " + want + " recommended for " + for_gpus +
          " (" + hardware::Fixed(ctx.options.ram_gib_first_gpu, 0) + " GiB for the first, " +
          hardware::Fixed(ctx.options.ram_gib_per_extra_gpu, 0) + " GiB for each further GPU).",
      {{mem.source, "MemTotal " + std::to_string(*mem / 1024) + " kB (" + have + ")",
        "at least " + want}},
      {{"have_gib", hardware::Fixed(have_gib, 1)}, {"want_gib", hardware::Fixed(want_gib, 0)}})});
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
