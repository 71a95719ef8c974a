// SPDX-License-Identifier: MIT
// runtime.rocm: is a ROCm/HIP runtime installed, and is it one release (or one of the HCC era,
// before 3.5, that the doctor cannot check)? Sees every install the
// collector found (/opt/rocm -> /opt/rocm-X.Y.Z, /opt/rocm-*, $ROCM_PATH, $HIP_PATH,
// $LD_LIBRARY_PATH, ld.so.conf, distribution packages) and the libamdhip64 the loader picks.
// No prerequisite: a missing runtime is worth knowing even when the GPU is broken too.
#include <map>
#include <string>
#include <vector>

#include "knowledge/support_matrix.h"
#include "rocm_doctor/check.h"
#include "rocm_doctor/facts/rocm.h"
#include "rocm_doctor/shell_quote.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kNotInstalledCommands[] = {"{!install}", "{!then}"};
constexpr std::string_view kTooOldCommands[] = {"{!install}", "{!then}"};
constexpr std::string_view kMixedCommands[] = {"{!fix}", "ls -ld /opt/rocm /opt/rocm-*"};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "runtime.rocm.not_installed",
     .severity = Status::kFail,
     .title = "No ROCm/HIP runtime (libamdhip64) is installed",
     .remediation = "No libamdhip64 was found in /opt/rocm, /opt/rocm-*, $ROCM_PATH, $HIP_PATH, "
                    "$LD_LIBRARY_PATH, the ld.so.conf directories or the distribution's library "
                    "directories, so no HIP program can run. Install the ROCm runtime: AMD's "
                    "amdgpu-install on Ubuntu, RHEL and SLES (repo.radeon.com), or the "
                    "distribution's own packages (Debian, Fedora, Arch). The install guide is "
                    "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/.",
     .commands = kNotInstalledCommands,
     .requires_root = true},
    {.code = "runtime.rocm.too_old",
     .severity = Status::kWarn,
     .title = "The installed ROCm predates the HIP runtime the doctor checks (HCC era, before 3.5)",
     .remediation = "ROCm releases before 3.5 shipped HIP built on the HCC compiler as "
                    "hip/lib/libhip_hcc.so instead of libamdhip64. AMD no longer supports them, "
                    "current frameworks and libraries are not built for them, and the doctor "
                    "cannot load or judge their HIP runtime or GPU support. Install a current "
                    "ROCm release that supports the GPU (the install guide is "
                    "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/).",
     .commands = kTooOldCommands,
     .requires_root = true},
    {.code = "runtime.rocm.mixed_versions",
     .severity = Status::kFail,
     .title = "Several ROCm releases are mixed",
     .remediation = "A program would load libraries of one ROCm release while /opt/rocm (or the "
                    "HIP runtime itself) belongs to another: LD_LIBRARY_PATH, ROCM_PATH or an "
                    "ld.so.conf entry points at another release's directory, or libamdhip64 and "
                    "libhsa-runtime64 come from different releases. ROCm's libraries are only "
                    "tested with the same release's runtime; mixing them gives undefined-symbol "
                    "errors, hipErrorNoBinaryForGpu or silent crashes. Point every variable at "
                    "one release (or unset them) and keep HIP and HSA from one release.",
     .commands = kMixedCommands},
};

constexpr CheckInfo kInfo{
    .id = "runtime.rocm", .layer = Layer::kRuntime, .title = "ROCm install", .findings = kFindings};

bool FoundBy(const RocmInstall& install, std::string_view how) {
  for (const std::string& f : install.found_by) {
    if (f == how) return true;
  }
  return false;
}

std::string VersionOf(const RocmInstall& install) {
  return install.version.known() ? *install.version : "(version unknown)";
}

std::string Where(const RocmInstall& install, const HostFacts& host) {
  if (install.root != "/usr") return "at " + install.root;
  std::string distro = "distribution";
  if (host.os_id.known() && *host.os_id == "debian") distro = "Debian";
  if (host.os_id.known() && *host.os_id == "ubuntu") distro = "Ubuntu";
  if (host.os_id.known() && *host.os_id == "fedora") distro = "Fedora";
  return "from " + distro + " packages (" + install.lib_dir + ")";
}

// "ROCm 6.2.0 at /opt/rocm-6.2.0 (HIP 6.2.60200)"; "ROCm 5.2.3 from Debian packages (...)".
std::string Summary(const RocmInstall& install, const HostFacts& host) {
  std::string out = "ROCm " + VersionOf(install) + " " + Where(install, host);
  if (install.root != "/usr" && install.hip_version.known()) {
    out += " (HIP " + *install.hip_version + ")";
  }
  return out;
}

// Copy-paste install commands for the distribution in os-release.
std::map<std::string, std::string> InstallParams(const HostFacts& host) {
  std::string id = host.os_id.known() ? *host.os_id : "";
  std::string version = host.os_version_id.known() ? *host.os_version_id : "";
  if (id == "debian") {
    return {{"install", "sudo apt install libamdhip64-dev hipcc rocminfo  # needs root; Debian's own ROCm"},
            {"then", "rocminfo   # lists the GPU as an agent when the runtime works"}};
  }
  if (id == "ubuntu") {
    std::string codename = version == "20.04"   ? "focal"
                           : version == "22.04" ? "jammy"
                           : version == "24.04" ? "noble"
                                                : "<codename>";
    return {{"install",
             "sudo apt install ./amdgpu-install_*_all.deb  # needs root; from "
             "https://repo.radeon.com/amdgpu-install/latest/ubuntu/" +
                 codename + "/"},
            {"then", "sudo amdgpu-install --usecase=rocm  # needs root; then reboot"}};
  }
  if (id == "fedora") {
    return {{"install", "sudo dnf install rocm-hip rocminfo  # needs root"},
            {"then", "rocminfo   # lists the GPU as an agent when the runtime works"}};
  }
  if (id == "arch") {
    return {{"install", "sudo pacman -S rocm-hip-runtime rocminfo  # needs root"},
            {"then", "rocminfo   # lists the GPU as an agent when the runtime works"}};
  }
  return {{"install", "# see https://rocm.docs.amd.com/projects/install-on-linux/en/latest/"},
          {"then", "rocminfo   # lists the GPU as an agent when the runtime works"}};
}

Finding NotInstalled(const RocmFacts& rocm, const HostFacts& host) {
  std::vector<Evidence> evidence;
  evidence.push_back(
      {"/opt/rocm",
       rocm.opt_rocm_target.known() ? *rocm.opt_rocm_target : rocm.opt_rocm_target.error,
       "a ROCm install"});
  for (const RocmInstall& install : rocm.installs) {
    evidence.push_back({install.lib_dir, "no libamdhip64.so*", "libamdhip64.so.N"});
  }
  evidence.push_back(
      {rocm.loader_hip_path.source,
       rocm.loader_hip_path.known() ? *rocm.loader_hip_path : rocm.loader_hip_path.error,
       "libamdhip64.so.N"});
  std::string message = "no libamdhip64 (the HIP runtime) in any known location";
  if (!rocm.installs.empty()) {
    message += "; " + rocm.installs.front().root + " (" + rocm.installs.front().found_by.front() +
               ") holds no HIP library";
  }
  return MakeFinding("runtime.rocm.not_installed", std::move(message), std::move(evidence),
                     InstallParams(host));
}

// No libamdhip64, but an HCC-era HIP (libhip_hcc.so): ROCm is installed, only too old to check.
const RocmInstall* HccEra(const RocmFacts& rocm) {
  for (const RocmInstall& install : rocm.installs) {
    if (install.hip.empty() && install.hcc_hip.known()) return &install;
  }
  return nullptr;
}

Finding TooOld(const RocmInstall& install, const HostFacts& host) {
  std::vector<std::string> covered = SupportMatrix::Builtin().Releases();
  std::string oldest = covered.empty() ? "" : covered.front();
  std::string hip = install.hip_version.known() ? "HIP " + *install.hip_version : "HIP";
  std::string message = "ROCm " + VersionOf(install) + " " + Where(install, host) +
                        " is an HCC-era release: its " + hip + " is " + *install.hcc_hip +
                        ", not the libamdhip64 of ROCm 3.5 and later; the doctor cannot load or "
                        "judge that runtime";
  if (!oldest.empty()) message += ", and its support data starts at ROCm " + oldest;
  std::vector<Evidence> evidence{{install.hcc_hip.source, *install.hcc_hip, "libamdhip64.so.N"}};
  if (install.version.known()) {
    evidence.push_back({install.version.source, *install.version,
                        oldest.empty() ? "" : oldest + " or later"});
  }
  if (install.hip_version.known()) {
    evidence.push_back({install.hip_version.source, *install.hip_version, ""});
  }
  return MakeFinding("runtime.rocm.too_old", std::move(message), std::move(evidence),
                     InstallParams(host));
}

// An install named by a variable (or picked by the loader) that is another release than
// /opt/rocm's target.
void CheckAgainstOptRocm(const RocmFacts& rocm, std::vector<Finding>& out) {
  const RocmInstall* opt = nullptr;
  for (const RocmInstall& install : rocm.installs) {
    if (rocm.opt_rocm_target.known() && install.root == *rocm.opt_rocm_target) opt = &install;
  }
  if (opt == nullptr || !opt->version.known()) return;
  const RocmInstall* selected = rocm.Selected();
  for (const RocmInstall& install : rocm.installs) {
    if (&install == opt || !install.version.known() || *install.version == *opt->version) continue;
    std::string how;
    for (std::string_view var : {"LD_LIBRARY_PATH", "ROCM_PATH", "HIP_PATH", "ld.so.conf"}) {
      if (FoundBy(install, var)) {
        how = std::string(var);
        break;
      }
    }
    if (how.empty() && &install == selected) how = "the loader";
    if (how.empty()) continue;
    std::string what = how == "ld.so.conf"   ? "an /etc/ld.so.conf entry points at"
                       : how == "the loader" ? "the dynamic loader picks"
                                             : how + " points at";
    std::string fix = how == "LD_LIBRARY_PATH" ? "export LD_LIBRARY_PATH=/opt/rocm/lib"
                      : how == "ROCM_PATH"     ? "export ROCM_PATH=/opt/rocm"
                      : how == "HIP_PATH"      ? "export HIP_PATH=/opt/rocm"
                      : how == "ld.so.conf"    ? "grep -r " + ShellQuote(install.root) +
                                                  " /etc/ld.so.conf /etc/ld.so.conf.d/"
                                            : "export LD_LIBRARY_PATH=/opt/rocm/lib";
    std::vector<Evidence> evidence{
        {install.version.source, *install.version, *opt->version},
        {opt->version.source, *opt->version, ""},
    };
    if (how == "LD_LIBRARY_PATH" && rocm.ld_library_path.known()) {
      evidence.insert(evidence.begin(),
                      {"$LD_LIBRARY_PATH", *rocm.ld_library_path, "/opt/rocm/lib"});
    } else if (how == "ROCM_PATH" && rocm.rocm_path_env.known()) {
      evidence.insert(evidence.begin(), {"$ROCM_PATH", *rocm.rocm_path_env, "/opt/rocm"});
    } else if (how == "HIP_PATH" && rocm.hip_path_env.known()) {
      evidence.insert(evidence.begin(), {"$HIP_PATH", *rocm.hip_path_env, "/opt/rocm"});
    } else if (how == "the loader" && rocm.loader_hip_path.known()) {
      evidence.insert(evidence.begin(), {rocm.loader_hip_path.source, *rocm.loader_hip_path, ""});
    }
    out.push_back(
        MakeFinding("runtime.rocm.mixed_versions",
                    what + " ROCm " + *install.version + " (" + install.root +
                        ") while /opt/rocm is ROCm " + *opt->version + " (" + opt->root + ")",
                    std::move(evidence),
                    {{"fix", fix}, {"release", *install.version}, {"opt_release", *opt->version}}));
  }
}

// libamdhip64 and libhsa-runtime64 of the install in use from different releases.
void CheckHipAgainstHsa(const RocmInstall& install, std::vector<Finding>& out) {
  if (!install.hip_release.known() || !install.hsa_release.known()) return;
  if (*install.hip_release == *install.hsa_release) return;
  out.push_back(MakeFinding(
      "runtime.rocm.mixed_versions",
      "in " + install.lib_dir + " libamdhip64 is from ROCm " + *install.hip_release +
          " but libhsa-runtime64 from ROCm " + *install.hsa_release,
      {{install.hip_release.source, *install.hip_release, *install.hsa_release},
       {install.hsa_release.source, *install.hsa_release, *install.hip_release}},
      {{"fix", "sudo apt install --reinstall hip-runtime-amd hsa-rocr  # needs root; both of ROCm " +
                   ShellQuote(*install.hip_release)},
       {"release", *install.hip_release},
       {"opt_release", *install.hsa_release}}));
}

CheckOutcome Run(const CheckContext& ctx) {
  const RocmFacts& rocm = ctx.facts.Get<RocmFacts>();
  const HostFacts& host = ctx.facts.Host();
  const RocmInstall* in_use = rocm.InUse();
  if (in_use == nullptr) {
    if (const RocmInstall* hcc = HccEra(rocm)) {
      return CheckOutcome::FromFindings({TooOld(*hcc, host)});
    }
    return CheckOutcome::FromFindings({NotInstalled(rocm, host)});
  }
  std::vector<Finding> findings;
  CheckAgainstOptRocm(rocm, findings);
  CheckHipAgainstHsa(*in_use, findings);
  if (!findings.empty()) return CheckOutcome::FromFindings(std::move(findings));
  std::string summary = Summary(*in_use, host);
  std::size_t others = 0;
  for (const RocmInstall& install : rocm.installs) {
    if (&install != in_use && !install.hip.empty()) ++others;
  }
  if (others > 0) {
    summary += "; " + std::to_string(others) + " other install" + (others > 1 ? "s" : "");
  }
  std::vector<Evidence> evidence{{in_use->version.source.empty() ? in_use->root
                                                                 : in_use->version.source,
                                  VersionOf(*in_use), ""}};
  if (in_use->hip_version.known()) {
    evidence.push_back({in_use->hip_version.source, "HIP " + *in_use->hip_version, ""});
  }
  return CheckOutcome::Pass(std::move(summary), std::move(evidence));
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
