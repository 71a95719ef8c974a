// SPDX-License-Identifier: MIT
// runtime.hip_platform: HIP_PLATFORM picks hipcc's back end (HIPCC env docs); nvidia (or the
// older nvcc) on a host whose GPUs are AMD builds programs that cannot use them.
#include <string>

#include "knowledge/env_parse.h"
#include "base/text_parse.h"
#include "rocm_doctor/check.h"
#include "rocm_doctor/facts/runtime_env.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"hardware.gpus"};
constexpr std::string_view kPlatformCommands[] = {"export HIP_PLATFORM=amd"};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "runtime.env.hip_platform_nvidia",
     .severity = Status::kFail,
     .title = "HIP_PLATFORM selects NVIDIA on a host whose GPUs are AMD",
     .remediation =
         "With HIP_PLATFORM=nvidia (or the older nvcc) hipcc and CMake's HIP support build for "
         "the CUDA back end, so programs are compiled for NVIDIA GPUs and cannot use the AMD GPU. "
         "Set it to amd or unset it.",
     .commands = kPlatformCommands},
    {.code = "runtime.env.hip_platform_invalid",
     .severity = Status::kWarn,
     .title = "HIP_PLATFORM has a value hipcc does not know",
     .remediation = "hipcc accepts HIP_PLATFORM=amd or nvidia. Set it to amd or unset it.",
     .commands = kPlatformCommands},
};

constexpr CheckInfo kInfo{.id = "runtime.hip_platform",
                          .layer = Layer::kRuntime,
                          .title = "HIP platform",
                          .prerequisites = kPrereqs,
                          .findings = kFindings};

constexpr std::uint16_t kNvidiaVendor = 0x10de;

CheckOutcome Run(const CheckContext& ctx) {
  const RuntimeEnvFacts& env = ctx.facts.Get<RuntimeEnvFacts>();
  if (!env.hip_platform) {
    return CheckOutcome::Pass("HIP_PLATFORM not set (hipcc builds for amd unless it finds nvcc)",
                              {{env.source.empty() ? "environment" : env.source,
                                "HIP_PLATFORM unset", "amd or unset"}});
  }
  const std::string value = parse::Printable(env.hip_platform->value, 40);
  const Evidence evidence{"$HIP_PLATFORM", "\"" + value + "\"", "amd or unset"};
  switch (env_parse::ParseHipPlatform(env.hip_platform->value)) {
    case env_parse::HipPlatform::kAmd:
      return CheckOutcome::Pass("HIP_PLATFORM=" + value, {evidence});
    case env_parse::HipPlatform::kOther:
      return CheckOutcome::FromFindings(
          {MakeFinding("runtime.env.hip_platform_invalid",
                       "HIP_PLATFORM=\"" + value + "\" is neither amd nor nvidia; hipcc rejects it",
                       {evidence})});
    case env_parse::HipPlatform::kNvidia:
      break;
  }
  std::size_t amd = ctx.facts.Pci().AmdGpus().size();
  std::string nvidia;
  for (const PciDevice& dev : ctx.facts.Pci().devices) {
    if (dev.vendor_id.known() && *dev.vendor_id == kNvidiaVendor && dev.IsGpuClass()) {
      nvidia = dev.bdf;
      break;
    }
  }
  if (!nvidia.empty()) {
    return CheckOutcome::Pass(
        "HIP_PLATFORM=" + value + ": HIP builds target the NVIDIA GPU at " + nvidia +
            ", not the AMD ones",
        {{evidence.source, evidence.observed, ""},
         {std::string(paths::kPciDevices) + "/" + nvidia + "/vendor", "0x10de (NVIDIA)", ""}});
  }
  return CheckOutcome::FromFindings({MakeFinding(
      "runtime.env.hip_platform_nvidia",
      "HIP_PLATFORM=" + value + " makes hipcc build for CUDA, but this host has " +
          std::to_string(amd) + (amd == 1 ? " AMD GPU" : " AMD GPUs") + " and no NVIDIA GPU",
      {evidence})});
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
