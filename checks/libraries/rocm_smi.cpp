// SPDX-License-Identifier: MIT
// libraries.rocm_smi: does rocm-smi-lib (librocm_smi64) load, initialise, and see the GPUs that
// the kernel's KFD exposes? rocm-smi, the Kubernetes device plugin, Slurm's RSMI plugin and hwloc
// all go through it. The probe runs in a child (`rocm-doctor probe-smi`, docs/probes.md). A
// symptom check: it runs when a lower layer failed, so that "rsmi_init failed" is shown as a
// consequence of, say, no AMD GPU, not as a root cause of its own.
#include "rocm_doctor/facts/rocm_smi_facts.h"

#include <cstdio>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "rocm_doctor/check.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"hardware.gpus", "driver.kfd_topology"};
constexpr std::string_view kLoadFailedCommands[] = {
    "ldd {library} | grep 'not found'",
    "rocm-doctor probe-smi {library}",
};
constexpr std::string_view kInitFailedCommands[] = {
    "rocm-doctor probe-smi {library}",
    "ls -l /dev/shm | grep -i rocm_smi",
    "ls /sys/class/drm/ /sys/class/kfd/kfd/topology/nodes/",
};
constexpr std::string_view kCountCommands[] = {
    "rocm-smi --showbus",
    "grep -H . /sys/class/kfd/kfd/topology/nodes/*/gpu_id",
    "sudo dmesg | grep -iE 'kfd|amdgpu.*(skipped|atomics)'  # needs root",
};
constexpr std::string_view kProbeFailedCommands[] = {"rocm-doctor probe-smi {library}"};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "libraries.rocm_smi.load_failed",
     .severity = Status::kWarn,
     .title = "rocm-smi-lib is installed but cannot be loaded",
     .remediation =
         "dlopen() of librocm_smi64 failed; the loader's message (the evidence) names the "
         "missing library or symbol (often libdrm or a libstdc++ older than the library needs, "
         "or a dangling link). rocm-smi, amd-smi's ROCm backend, the Kubernetes device plugin "
         "and job schedulers' GPU plugins cannot monitor the GPUs until it loads. Reinstall the "
         "rocm-smi-lib package of the installed ROCm release.",
     .commands = kLoadFailedCommands},
    {.code = "libraries.rocm_smi.init_failed",
     .severity = Status::kWarn,
     .title = "rocm-smi-lib does not initialise",
     .remediation =
         "rsmi_init() returned the status in the message, so every tool built on rocm-smi-lib "
         "fails the same way. RSMI_STATUS_INIT_ERROR with \"Failed to initialize RSMI device "
         "mutex\" means a crashed rocm-smi program left its mutex in /dev/shm: stop all "
         "rocm-smi users and delete /dev/shm/rocm_smi_* (rocm_smi_lib#88). \"Failed to get ... "
         "properties files for kfd node\" means the library is newer than the kernel's KFD "
         "(see runtime.driver_compat). With no AMD GPU or no amdgpu driver the failure is "
         "expected: it follows from the root cause above it.",
     .commands = kInitFailedCommands},
    {.code = "libraries.rocm_smi.device_count_mismatch",
     .severity = Status::kWarn,
     .title = "rocm-smi-lib and the kernel's KFD see different GPUs",
     .remediation =
         "rocm-smi-lib enumerates the amdgpu DRM devices; compute programs see the GPUs of the "
         "KFD topology. More in rocm-smi-lib means amdgpu drives a GPU that KFD refused (the "
         "kernel log says why: missing PCIe atomics, an unsupported chip); fewer means the "
         "library could not read some devices (permissions on sysfs, a library older than the "
         "GPU), so monitoring and schedulers miss them.",
     .commands = kCountCommands,
     .requires_root = true},
    {.code = "libraries.rocm_smi.probe_failed",
     .severity = Status::kUnknown,
     .title = "Could not tell what rocm-smi-lib reports",
     .remediation =
         "The child process that loads rocm-smi-lib could not be started, was killed (a crash "
         "or a hang in rsmi_init) or gave no readable answer; the evidence says which. Run it "
         "by hand to see the library's own messages.",
     .commands = kProbeFailedCommands},
};

constexpr CheckInfo kInfo{.id = "libraries.rocm_smi",
                          .layer = Layer::kLibraries,
                          .title = "rocm-smi-lib",
                          .prerequisites = kPrereqs,
                          .cost = Cost::kProbe,
                          // The probe's own deadline (10 s) plus margin.
                          .deadline = std::chrono::seconds(15),
                          .runs_when_blocked = true,
                          .findings = kFindings};

std::string Join(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : ", ") + item;
  return out;
}

bool Contains(const std::string& text, std::string_view what) {
  return text.find(what) != std::string::npos;
}

std::vector<Evidence> StderrEvidence(const RocmSmiFacts& smi) {
  if (smi.stderr_tail.empty()) return {};
  return {{smi.source + " (stderr)", smi.stderr_tail, ""}};
}

std::string Library(const RocmSmiFacts& smi) {
  if (!smi.report.library.empty()) return smi.report.library;
  return smi.candidates.empty() ? std::string("librocm_smi64.so") : smi.candidates.front();
}

Finding ProbeFailed(const RocmSmiFacts& smi) {
  std::string message = "the rocm-smi probe failed: " + smi.detail;
  if (!smi.stderr_tail.empty()) message += "; stderr: " + smi.stderr_tail;
  std::vector<Evidence> evidence{{smi.source, smi.detail, "exit 0 with the probe's JSON"}};
  for (Evidence& e : StderrEvidence(smi)) evidence.push_back(std::move(e));
  return MakeFinding("libraries.rocm_smi.probe_failed", std::move(message), std::move(evidence),
                     {{"library", Library(smi)}});
}

Finding LoadFailed(const RocmSmiFacts& smi) {
  const RocmSmiReport& r = smi.report;
  std::vector<Evidence> evidence;
  std::string message;
  if (!r.library.empty()) {
    message = r.library + " loads but lacks " + Join(r.missing_symbols) +
              ": not a rocm-smi-lib build the doctor can use";
    evidence.push_back({"dlsym " + r.library, "missing: " + Join(r.missing_symbols),
                        "rsmi_init, rsmi_num_monitor_devices, rsmi_shut_down"});
  } else {
    for (const RsmiLoadAttempt& a : r.attempts) {
      evidence.push_back({"dlopen " + a.library, a.error, "loads"});
    }
    message = r.attempts.empty() ? "no rocm-smi-lib candidate was given to the probe"
                                 : "dlopen(" + r.attempts.front().library +
                                       ") failed: " + r.attempts.front().error;
    if (r.attempts.size() > 1) {
      message += " (and " + std::to_string(r.attempts.size() - 1) + " more candidates failed)";
    }
  }
  return MakeFinding("libraries.rocm_smi.load_failed", std::move(message), std::move(evidence),
                     {{"library", Library(smi)}});
}

// Why rsmi_init fails here, from the library's own stderr and what the lower layers found.
std::string InitCause(const CheckContext& ctx, const RocmSmiFacts& smi) {
  const std::string& err = smi.stderr_tail;
  if (Contains(err, "Failed to initialize RSMI device mutex")) {
    return "a rocm-smi program that did not shut down cleanly left its mutex in /dev/shm "
           "(rocm_smi_lib#88)";
  }
  if (Contains(err, "properties files for kfd node") || Contains(err, "properity")) {
    return "the library reads a KFD node property this kernel's driver does not provide: the "
           "library is newer than the kernel's KFD";
  }
  if (ctx.facts.Pci().AmdGpus().empty()) {
    return "expected here: this host has no AMD GPU for it to monitor";
  }
  if (!ctx.facts.Kfd().present) {
    return std::string("expected here: ") + std::string(paths::kKfdTopologyNodes) +
           " is absent (amdgpu is not loaded, or has no compute support for the GPU)";
  }
  if (Contains(err, "Failed to open drm root directory")) {
    return "it cannot read the DRM devices under /sys/class/drm";
  }
  return "see the library's stderr";
}

Finding InitFailed(const CheckContext& ctx, const RocmSmiFacts& smi, const RsmiStatus& status,
                   const std::string& call) {
  std::string observed = status.name + " (" + std::to_string(status.code) + ")";
  std::string message = call + " of " + smi.report.library;
  if (smi.report.library_version) message += " (rocm-smi-lib " + *smi.report.library_version + ")";
  message += " returned " + observed;
  if (!status.message.empty()) message += ", \"" + status.message + "\"";
  message += ": " + InitCause(ctx, smi);
  std::vector<Evidence> evidence{{smi.source, call + ": " + observed, "RSMI_STATUS_SUCCESS"}};
  for (Evidence& e : StderrEvidence(smi)) evidence.push_back(std::move(e));
  return MakeFinding("libraries.rocm_smi.init_failed", std::move(message), std::move(evidence),
                     {{"library", Library(smi)}});
}

// "0000:03:00.0 (0x744c, VBIOS 113-D70401-00, power cap 327 W)"
std::string DescribeDevice(const RsmiDevice& d) {
  std::string text = d.pci_bdf.value_or("device " + std::to_string(d.index));
  std::vector<std::string> parts;
  if (d.device_id) {
    char id[16];
    std::snprintf(id, sizeof id, "0x%04llx", static_cast<unsigned long long>(*d.device_id));
    parts.push_back(id);
  }
  if (d.vbios_version && !d.vbios_version->empty()) parts.push_back("VBIOS " + *d.vbios_version);
  if (d.power_cap_uw)
    parts.push_back("power cap " + std::to_string(*d.power_cap_uw / 1000000) + " W");
  if (d.ecc_umc) {
    parts.push_back("UMC ECC " + std::to_string(d.ecc_umc->correctable) + " corrected, " +
                    std::to_string(d.ecc_umc->uncorrectable) + " uncorrected");
  }
  return parts.empty() ? text : text + " (" + Join(parts) + ")";
}

std::optional<Finding> JudgeCount(const RocmSmiFacts& smi, const KfdTopology& kfd) {
  if (!kfd.present || !smi.report.device_count) return std::nullopt;
  const std::vector<const KfdNode*> gpus = kfd.GpuNodes();
  const auto seen = static_cast<std::size_t>(*smi.report.device_count);
  if (seen == gpus.size()) return std::nullopt;
  std::set<std::string> kfd_bdfs;
  for (const KfdNode* node : gpus) kfd_bdfs.insert(node->PciBdf());
  std::set<std::string> smi_bdfs;
  for (const RsmiDevice& d : smi.report.devices) {
    if (d.pci_bdf) smi_bdfs.insert(*d.pci_bdf);
  }
  std::vector<std::string> only_smi;
  std::vector<std::string> only_kfd;
  for (const std::string& b : smi_bdfs) {
    if (!kfd_bdfs.count(b)) only_smi.push_back(b);
  }
  for (const std::string& b : kfd_bdfs) {
    if (!b.empty() && !smi_bdfs.empty() && !smi_bdfs.count(b)) only_kfd.push_back(b);
  }
  std::string message =
      "rocm-smi-lib reports " + std::to_string(seen) + (seen == 1 ? " device" : " devices") +
      ", KFD has " + std::to_string(gpus.size()) + (gpus.size() == 1 ? " GPU node" : " GPU nodes");
  if (!only_smi.empty()) message += "; not in KFD: " + Join(only_smi);
  if (!only_kfd.empty()) message += "; not in rocm-smi-lib: " + Join(only_kfd);
  std::string kfd_list =
      gpus.empty() ? std::string("no GPU node") : Join({kfd_bdfs.begin(), kfd_bdfs.end()});
  return MakeFinding(
      "libraries.rocm_smi.device_count_mismatch", std::move(message),
      {{smi.source,
        std::to_string(seen) + " devices" +
            (smi_bdfs.empty() ? "" : " (" + Join({smi_bdfs.begin(), smi_bdfs.end()}) + ")"),
        std::to_string(gpus.size()) + " devices"},
       {std::string(paths::kKfdTopologyNodes), kfd_list, ""}},
      {{"library", Library(smi)}});
}

CheckOutcome Judge(const CheckContext& ctx, const RocmSmiFacts& smi) {
  const RocmSmiReport& r = smi.report;
  if (r.library.empty() || !r.missing_symbols.empty()) {
    return CheckOutcome::FromFindings({LoadFailed(smi)});
  }
  if (!r.init) return CheckOutcome::FromFindings({ProbeFailed(smi)});
  if (!r.init->ok())
    return CheckOutcome::FromFindings({InitFailed(ctx, smi, *r.init, "rsmi_init")});
  if (r.count_error) {
    return CheckOutcome::FromFindings(
        {InitFailed(ctx, smi, *r.count_error, "rsmi_num_monitor_devices")});
  }
  std::string summary = "rocm-smi-lib";
  if (r.library_version) summary += " " + *r.library_version;
  summary += " (" + r.library + "): ";
  const std::int64_t count = r.device_count.value_or(0);
  summary += std::to_string(count) + (count == 1 ? " device" : " devices");
  std::vector<std::string> devices;
  for (const RsmiDevice& d : r.devices) devices.push_back(DescribeDevice(d));
  if (!devices.empty()) summary += ": " + Join(devices);
  if (std::optional<Finding> f = JudgeCount(smi, ctx.facts.Kfd())) {
    return CheckOutcome::FromFindings({std::move(*f)});
  }
  return CheckOutcome::Pass(std::move(summary));
}

CheckOutcome Run(const CheckContext& ctx) {
  const RocmSmiFacts& smi = ctx.facts.Get<RocmSmiFacts>();
  switch (smi.state) {
    case RocmSmiState::kNotRecorded:
      return CheckOutcome::Skip(smi.detail);
    case RocmSmiState::kNoLibrary:
      return CheckOutcome::Skip("rocm-smi-lib (librocm_smi64) is not installed (looked in " +
                                Join(smi.searched) + ")");
    case RocmSmiState::kError:
    case RocmSmiState::kTimedOut:
    case RocmSmiState::kCrashed:
    case RocmSmiState::kBadOutput:
      return CheckOutcome::FromFindings({ProbeFailed(smi)});
    case RocmSmiState::kParsed:
      break;
  }
  return Judge(ctx, smi);
}

}  // namespace

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace rocm_doctor
