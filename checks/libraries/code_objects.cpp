// SPDX-License-Identifier: MIT
// libraries.code_objects: does each installed ROCm library carry device code for each GPU? The
// collector lists the target ids in the library's .hip_fatbin offload bundles; the HIP runtime
// picks a code object by the rule of CodeObjectServes (facts/libraries.h): same processor or a
// generic one covering it, and xnack/sramecc equal to the device's mode where the code object
// names them. The device's XNACK mode is off unless HSA_XNACK=1 (ROCr flag.h; rocminfo keeps
// reporting gfx90a:xnack- otherwise); its SRAMECC mode is not known here, so any serves.
// Missing code is hipErrorNoBinaryForGpu (failure-modes #45). GPUs hidden from HIP are not
// judged; an integrated GPU's missing code beside a discrete GPU is a warning (hide the iGPU,
// ROCm/ROCm#3401), the discrete GPU's a failure.
#include "device_code_inventory.h"
#include "gpu_targets.h"
#include "rocm_doctor/shell_quote.h"

namespace rocm_doctor {
namespace {

// Not driver.kfd_topology: without a GPU there is still an inventory to report (a build host,
// an image being prepared), device_code_inventory.h.
constexpr std::string_view kPrereqs[] = {"runtime.rocm"};
constexpr std::string_view kCodeObjectCommands[] = {
    "{!fix}",
    "roc-obj-ls {path} | awk '{print $2}' | sort -u",
};
constexpr std::string_view kCodeObjectUnknownCommands[] = {
    "roc-obj-ls {path} | awk '{print $2}' | sort -u",
    "AMD_LOG_LEVEL=1 ./your-program 2>&1 | grep -E 'Bundled Code Objects|Missing CO'  # your "
    "program in place of ./your-program",
};

constexpr std::string_view kIgpuCommands[] = {
    "export ROCR_VISIBLE_DEVICES={devices}  # the discrete GPUs, in KFD order",
};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "libraries.code_object.missing_gfx",
     .severity = Status::kFail,
     .title = "A ROCm library has no device code for the GPU's gfx target",
     .remediation =
         "The library's .hip_fatbin offload bundles carry code objects for other targets only, "
         "so the HIP runtime fails with 'hipErrorNoBinaryForGpu: Unable to find code object for "
         "all current devices!' or 'invalid device function' when the library is used. A code "
         "object serves a GPU when its processor is the GPU's (or a generic one covering it, "
         "such as gfx10-3-generic) and its xnack/sramecc features, where named, match the GPU's "
         "mode (gfx90a:xnack+ code does not serve a gfx90a running with XNACK off). Install a "
         "build of the library that includes the target, or, for a same-family target, use "
         "HSA_OVERRIDE_GFX_VERSION (unofficial).",
     .commands = kCodeObjectCommands},
    {.code = "libraries.code_object.igpu_missing_gfx",
     .severity = Status::kWarn,
     .title = "A ROCm library has no device code for the integrated GPU beside the discrete one",
     .remediation =
         "The integrated GPU (a Ryzen iGPU) has no code object in the library, while the node "
         "computes on its discrete GPU. A program that runs on the iGPU - device 0 when KFD "
         "enumerates it first, or any device for programs that use every one - fails with "
         "'HIP error: invalid device function' or hipErrorNoBinaryForGpu. Hide it with "
         "ROCR_VISIBLE_DEVICES naming the discrete GPUs by their position in the KFD GPU order "
         "(computed here from this host's enumeration), or disable the iGPU in the firmware "
         "setup.",
     .commands = kIgpuCommands},
    {.code = "libraries.code_object.unknown",
     .severity = Status::kUnknown,
     .title = "The device code targets of a ROCm library cannot be told",
     .remediation = "The library could not be read or parsed, or its offload bundles are "
                    "compressed (ROCm 6.2+ 'CCOB' bundles list their targets only inside the "
                    "compressed data), so whether it has code for this GPU is not known. "
                    "roc-obj-ls lists the targets; AMD_LOG_LEVEL=1 makes the HIP runtime print "
                    "them when the library loads.",
     .commands = kCodeObjectUnknownCommands},
    libraries::kInventoryFinding,
};

constexpr CheckInfo kInfo{.id = "libraries.code_objects",
                          .layer = Layer::kLibraries,
                          .title = "Library device code",
                          .prerequisites = kPrereqs,
                          .cost = Cost::kProbe,
                          .deadline = std::chrono::milliseconds(60000),
                          .findings = kFindings};

bool Judged(const std::vector<const LibraryDir*>& dirs, const CodeObjectScan& scan) {
  for (const LibraryDir* d : dirs) {
    for (const InstalledLibrary& l : d->libraries) {
      if (l.path == scan.path) return true;
    }
  }
  return false;
}

Finding Unknown(const CodeObjectScan& scan) {
  std::string why =
      scan.state == CodeObjectScan::State::kCompressed
          ? std::to_string(scan.compressed) + " compressed offload bundles (CCOB): targets unknown"
          : scan.error;
  return MakeFinding("libraries.code_object.unknown", scan.library + " " + scan.path + ": " + why,
                     {{scan.source, why, "uncompressed __CLANG_OFFLOAD_BUNDLE__ entries"}},
                     {{"path", scan.path}, {"library", scan.library}});
}

Finding Missing(const CodeObjectScan& scan, const libraries::GpuTarget& gpu,
                const LibraryFacts& libs, std::optional<bool> xnack) {
  std::string message = scan.library + " " + scan.path + " has no code object for " +
                        libraries::Describe(gpu, libs) + "; it carries " +
                        libraries::Join(scan.targets);
  std::set<std::string> same_processor;
  for (const std::string& t : scan.targets) {
    if (ProcessorOf(t) == gpu.processor) same_processor.insert(t);
  }
  if (!same_processor.empty()) {
    message += " (" + libraries::Join(same_processor) + " only, the GPU runs with XNACK " +
               (xnack.value_or(false) ? "on" : "off") + ")";
  }
  std::set<std::string> processors;
  for (const std::string& t : scan.targets) processors.insert(std::string(ProcessorOf(t)));
  const std::string candidate = libraries::OverrideCandidate(gpu.processor, processors);
  std::string fix;
  if (!same_processor.empty()) {
    fix = xnack.value_or(false) ? "unset HSA_XNACK  # the library has only XNACK-off code"
                                : "# install a " + ShellQuote(scan.library) + " build with " +
                                      ShellQuote(gpu.processor) + " or " +
                                      ShellQuote(gpu.processor + ":xnack-") + " code";
  } else if (!candidate.empty()) {
    const std::string version = libraries::OverrideFromProcessor(candidate);
    message += "; " + candidate + " is of the same family: HSA_OVERRIDE_GFX_VERSION=" + version +
               " (unofficial)";
    fix = "export HSA_OVERRIDE_GFX_VERSION=" + ShellQuote(version) +
          OverrideWorkaroundNote(candidate);
  } else {
    fix = "# install a " + ShellQuote(scan.library) + " built for " + ShellQuote(gpu.processor) +
          " (a newer ROCm release, or -DAMDGPU_TARGETS=" + ShellQuote(gpu.processor) + ")";
  }
  return MakeFinding(
      "libraries.code_object.missing_gfx", std::move(message),
      {{gpu.source, "GPU " + libraries::Describe(gpu, libs), ""},
       {scan.source,
        libraries::Join(scan.targets) + " in " + std::to_string(scan.bundles) +
            (scan.bundles == 1 ? " bundle" : " bundles") +
            (scan.complete ? "" : " (the part read)"),
        "a code object for " + gpu.processor}},
      {{"path", scan.path}, {"library", scan.library}, {"gfx", gpu.processor}, {"fix", fix}});
}

Finding IgpuMissing(const CodeObjectScan& scan, const libraries::GpuTarget& gpu,
                    const LibraryFacts& libs, const std::string& devices) {
  return MakeFinding(
      "libraries.code_object.igpu_missing_gfx",
      scan.library + " " + scan.path + " has no code object for the integrated " +
          libraries::Describe(gpu, libs) + " at " + libraries::Join(gpu.bdfs) + " (" +
          libraries::HipDevices(gpu) + "); the discrete GPUs compute: hide the iGPU with "
          "ROCR_VISIBLE_DEVICES=" + devices,
      {{gpu.source,
        "GPU " + libraries::Describe(gpu, libs) + " (integrated), " + libraries::HipDevices(gpu),
        "hidden from HIP"},
       {scan.source, libraries::Join(scan.targets), "a code object for " + gpu.processor}},
      {{"path", scan.path}, {"library", scan.library}, {"gfx", gpu.processor},
       {"devices", devices}});
}

CheckOutcome Run(const CheckContext& ctx) {
  const LibraryFacts& libs = ctx.facts.Get<LibraryFacts>();
  std::vector<const LibraryDir*> dirs;
  for (const LibraryDir& d : libs.dirs) {
    if (!d.libraries.empty()) dirs.push_back(&d);
  }
  if (dirs.empty()) return CheckOutcome::Skip("no ROCm libraries installed");
  const std::vector<libraries::GpuTarget> gpus = libraries::GpuTargets(ctx.facts, libs);
  if (gpus.empty()) return libraries::DeviceCodeInventory(dirs, ctx.facts.Get<CodeObjectFacts>());
  // Only the install programs use is judged when it has libraries (an older release beside it
  // may well lack a newer GPU).
  const RocmInstall* in_use = ctx.facts.Get<RocmFacts>().InUse();
  for (const LibraryDir* d : dirs) {
    if (in_use != nullptr && d->dir == in_use->lib_dir) dirs = {d};
  }
  const std::optional<bool> xnack = libs.hsa_xnack.known() && *libs.hsa_xnack == "1";
  const bool any_visible =
      std::any_of(gpus.begin(), gpus.end(), [](const auto& g) { return !g.hidden; });
  const std::string discrete = libraries::DiscreteRocrDevices(ctx.facts);

  std::vector<Finding> findings;
  std::vector<std::string> served;
  std::size_t placeholders = 0;
  std::size_t without_code = 0;
  for (const CodeObjectScan& scan : ctx.facts.Get<CodeObjectFacts>().scans) {
    if (!Judged(dirs, scan)) continue;
    switch (scan.state) {
      case CodeObjectScan::State::kPlaceholder:
        ++placeholders;
        continue;
      case CodeObjectScan::State::kNoDeviceCode:
        ++without_code;
        continue;
      case CodeObjectScan::State::kCompressed:
      case CodeObjectScan::State::kUnreadable:
        findings.push_back(Unknown(scan));
        continue;
      case CodeObjectScan::State::kTargets:
        break;
    }
    bool all = true;
    for (const libraries::GpuTarget& gpu : gpus) {
      if (any_visible && gpu.hidden) continue;
      bool ok = false;
      for (const std::string& t : scan.targets) ok |= CodeObjectServes(t, gpu.processor, xnack, {});
      if (!ok) {
        findings.push_back(gpu.integrated && !discrete.empty()
                               ? IgpuMissing(scan, gpu, libs, discrete)
                               : Missing(scan, gpu, libs, xnack));
        all = false;
      }
    }
    if (all) served.push_back(scan.library);
  }
  std::vector<std::string> processors;
  for (const libraries::GpuTarget& g : gpus) {
    if (!(any_visible && g.hidden)) processors.push_back(g.processor);
  }
  std::vector<std::string> parts;
  if (!served.empty()) {
    parts.push_back(libraries::Join(served) + " carry code for " + libraries::Join(processors));
  }
  if (without_code > 0) parts.push_back(std::to_string(without_code) + " without device code");
  if (placeholders > 0) {
    parts.push_back(std::to_string(placeholders) +
                    (placeholders == 1 ? " empty placeholder file" : " empty placeholder files") +
                    " not judged");
  }
  std::string summary =
      parts.empty() ? "no library with device code" : libraries::Join(parts, "; ");
  // Only placeholders or libraries without device code: nothing was judged, so no pass
  // (issue 15: "1 empty placeholder not judged" is information).
  if (findings.empty() && served.empty()) {
    CheckOutcome info;  // field by field: CheckOutcome gains fields (-Wmissing-field-initializers)
    info.status = Status::kInfo;
    info.summary = std::move(summary);
    return info;
  }
  if (findings.empty()) return CheckOutcome::Pass(std::move(summary));
  return CheckOutcome::FromFindings(std::move(findings));
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
