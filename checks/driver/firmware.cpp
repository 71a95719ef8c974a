// driver.firmware: amdgpu firmware that failed to load, from the kernel log. A failure counts
// when its GPU did not come up; an optional blob (PSP trusted applications, *_ta.bin) or a GPU
// that initialised anyway is only noted (ROCm/ROCm#912: vega20_ta.bin missing is harmless).
#include <map>
#include <string>

#include "amdgpu_module_info.h"
#include "rocm_doctor/check.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"hardware.gpus"};
constexpr CheckInfo kInfo{.id = "driver.firmware",
                          .layer = Layer::kDriver,
                          .title = "GPU firmware",
                          .prerequisites = kPrereqs};

// PSP trusted-application firmware ("vega20_ta.bin", "psp_13_0_0_ta.bin"): amdgpu continues
// without it; only content protection / RAS TA features are lost.
bool IsOptionalFirmware(const std::string& name) {
  return parse::Contains(name, "_ta.bin") || parse::Contains(name, "_ta_");
}

bool CameUp(const PciDevice& gpu) {
  return gpu.driver.known() && *gpu.driver == "amdgpu" && !gpu.drm_cards.empty();
}

CheckOutcome Run(const CheckContext& ctx) {
  const KernelLogFacts& log = ctx.facts.KernelLog();
  if (log.not_recorded) return CheckOutcome::Skip("not recorded in this capture");
  if (!log.readable) {
    std::string source = log.source.empty() ? "the kernel log" : log.source;
    return CheckOutcome::FromFindings({MakeFinding(
        "driver.firmware.unknown",
        "Cannot tell whether amdgpu firmware loaded: " + source + " is unreadable (" + log.error +
            ")",
        {{source, log.error, "readable"}})});
  }
  std::map<std::string, const PciDevice*> by_bdf;
  bool all_up = true;
  std::vector<const PciDevice*> gpus = ctx.facts.Pci().AmdGpus();
  for (const PciDevice* gpu : gpus) {
    by_bdf[gpu->bdf] = gpu;
    all_up &= CameUp(*gpu);
  }
  std::vector<Finding> findings;
  for (const KernelLogEvent* e :
       driver::EventsFor(log, KernelLogEvent::Kind::kFirmwareLoadFailed, "")) {
    std::string firmware = e->firmware.empty() ? "amdgpu/" : e->firmware;
    std::map<std::string, std::string> params{{"firmware", firmware},
                                              {"bdf", e->bdf.empty() ? "amdgpu" : e->bdf}};
    std::vector<Evidence> evidence{{log.source, e->line, ""}};
    auto it = by_bdf.find(e->bdf);
    bool up = it != by_bdf.end() ? CameUp(*it->second) : (e->bdf.empty() && all_up && !gpus.empty());
    std::string who = e->bdf.empty() ? "amdgpu" : e->bdf;
    if (IsOptionalFirmware(firmware) || up) {
      std::string why = up ? who + " initialised anyway" : "it is optional (PSP trusted application)";
      findings.push_back(MakeFinding("driver.firmware.optional_missing",
                                     "Firmware " + firmware + " did not load for " + who + "; " + why,
                                     std::move(evidence), std::move(params)));
      continue;
    }
    if (it != by_bdf.end()) {
      evidence.push_back({it->second->driver.source,
                          it->second->driver.known() && !it->second->driver->empty()
                              ? *it->second->driver
                              : "no driver",
                          "amdgpu"});
    }
    findings.push_back(MakeFinding(
        "driver.firmware.missing",
        "amdgpu could not load firmware " + firmware + " for " + who +
            " and the GPU did not come up: the firmware package (or the initramfs copy of it) "
            "lacks this file",
        std::move(evidence), std::move(params)));
  }
  if (findings.empty()) {
    return CheckOutcome::Pass("no firmware load failures in " + std::to_string(log.line_count) +
                              " log lines");
  }
  return CheckOutcome::FromFindings(std::move(findings));
}

}  // namespace

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace rocm_doctor
