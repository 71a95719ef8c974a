// SPDX-License-Identifier: MIT
// frameworks.torch: is the PyTorch the user runs built for ROCm, and for a ROCm release this host
// can run? Judged from files (torch/version.py, the wheel's METADATA, torch/lib), so it answers
// offline, in basic mode, and before any import.
//
// No prerequisites, on purpose: a CPU-only or CUDA build is a root cause of its own - the user
// never gets a GPU with it, even once a broken driver below is fixed - so it is reported beside
// a lower-layer root cause, not hidden under it.
//
// The ROCm release, reasoned per kind of build:
// - A wheel from PyTorch's ROCm index bundles its ROCm user space (torch/lib/libamdhip64.so,
//   librocblas, libMIOpen ...): the host's /opt/rocm does not matter, the kernel driver does.
//   With the out-of-tree amdgpu-dkms (/sys/module/amdgpu/version) the driver's series is looked
//   up in the support matrix (checks/data/rocm_kernels.csv: amdgpu_driver, kmd_compat rows) and
//   must be one the wheel's ROCm release lists. The in-tree driver has no version to compare:
//   not judged.
// - A build without libamdhip64 in torch/lib (a source build, a distribution package) loads the
//   host's HIP runtime: its ROCm major.minor must be the host's (another major does not load -
//   the soname changes; another minor is a warning).
#include <algorithm>

#include "framework_checks.h"
#include "knowledge/kernel_support.h"
#include "knowledge/support_matrix.h"
#include "rocm_doctor/facts/rocm.h"

namespace rocm_doctor {
namespace {

using frameworks::CluesOf;
using frameworks::EnvEvidence;
using frameworks::Join;

constexpr std::string_view kTorchRocmCommands[] = {
    "python3 -m venv ~/rocm-venv && ~/rocm-venv/bin/pip install --force-reinstall torch "
    "--index-url https://download.pytorch.org/whl/{index}  # replaces a torch already there",
    "~/rocm-venv/bin/python -c 'import torch; print(torch.version.hip, "
    "torch.cuda.is_available())'",
};
constexpr std::string_view kMismatchCommands[] = {
    "ls {lib_dir}",
    "cat /opt/rocm/.info/version",
};
constexpr std::string_view kDriverCommands[] = {
    "cat /sys/module/amdgpu/version",
    "dkms status amdgpu",
};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "frameworks.torch.cpu_build",
     .severity = Status::kFail,
     .title = "The PyTorch in use was built without GPU support",
     .remediation =
         "This PyTorch is a CPU-only build: torch.version.hip and torch.version.cuda are both "
         "None, so it never uses a GPU, however healthy the driver and ROCm are. Distribution "
         "packages (Debian and Ubuntu's python3-torch) and the +cpu wheels are CPU-only. "
         "Install a ROCm build from PyTorch's ROCm package index into the environment you run "
         "(pick the index of a ROCm release that supports your GPU: "
         "https://pytorch.org/get-started/locally/); a venv keeps it apart from the "
         "distribution's copy.",
     .commands = kTorchRocmCommands},
    {.code = "frameworks.torch.cuda_build",
     .severity = Status::kFail,
     .title = "The PyTorch in use is a CUDA build on an AMD GPU host",
     .remediation =
         "This PyTorch is built for NVIDIA CUDA (torch.version.cuda is set, torch.version.hip "
         "is None): `pip install torch` from PyPI gives this build on Linux. On an AMD GPU it "
         "finds no device and runs on the CPU. Install a ROCm build from PyTorch's ROCm package "
         "index instead.",
     .commands = kTorchRocmCommands},
    {.code = "frameworks.torch.rocm_mismatch",
     .severity = Status::kFail,
     .title = "PyTorch uses the host's ROCm and was built for another release",
     .remediation =
         "This PyTorch does not bundle a ROCm user space (torch/lib has libtorch_hip.so but no "
         "libamdhip64.so: a source build or a distribution package), so it loads the host's "
         "HIP runtime, and it was built for another ROCm release than the one installed. HIP's "
         "soname changes with the major release (libamdhip64.so.5, .6, .7), so a build for "
         "another major does not load at all; one for another minor may miss symbols or "
         "misbehave. Rebuild PyTorch against the installed ROCm, install the release it was "
         "built for, or use a wheel from PyTorch's ROCm index (those bundle their ROCm user "
         "space and need only a compatible kernel driver).",
     .commands = kMismatchCommands},
    {.code = "frameworks.torch.driver_unsupported",
     .severity = Status::kWarn,
     .title = "The ROCm release a PyTorch wheel bundles does not list this amdgpu driver",
     .remediation =
         "A PyTorch wheel for ROCm carries its own ROCm user space (libamdhip64, rocBLAS, "
         "MIOpen, ... in torch/lib), so the host's /opt/rocm does not matter to it - but the "
         "kernel driver does. The amdgpu-dkms driver loaded is from a series that the wheel's "
         "ROCm release does not list as compatible (AMD's user-space / kernel-driver "
         "compatibility matrix). Install a PyTorch wheel for a ROCm release that lists this "
         "driver, or the amdgpu-dkms of a release the wheel's ROCm supports.",
     .commands = kDriverCommands},
};

constexpr CheckInfo kInfo{.id = "frameworks.torch",
                          .layer = Layer::kFrameworks,
                          .title = "PyTorch build",
                          .findings = kFindings};

std::string MajorOf(std::string_view release) {
  return std::string(release.substr(0, release.find('.')));
}

// "rocm6.2" for PyTorch's package index from the host's ROCm release; "rocm<X.Y>" when unknown
// (a placeholder that fails loudly rather than a guess that installs the wrong one).
std::string IndexFor(const FactStore& facts) {
  const Fact<std::string> host = InstalledRocmRelease(facts.Get<RocmFacts>());
  if (host.known()) {
    const std::size_t first = host->find('.');
    const std::size_t second = host->find('.', first + 1);
    if (first != std::string::npos) return "rocm" + host->substr(0, second);
  }
  return "rocm<X.Y>";
}

struct ReleaseVerdict {
  std::optional<Finding> finding;
  std::string note;  // for the pass summary: "bundles ROCm 6.2", "driver not judged: ..."
};

ReleaseVerdict JudgeRelease(const CheckContext& ctx, const FrameworkInstall& install,
                            const PythonEnvironment& env) {
  ReleaseVerdict out;
  const std::string& release = install.rocm_release;
  if (release.empty()) {
    out.note = "ROCm release not stated";
    return out;
  }
  auto params = frameworks::Params(install, env);
  params["lib_dir"] = install.lib_dir;
  params["release"] = release;
  const bool host_runtime =
      !install.bundles_hip_runtime &&
      std::any_of(install.lib_files.begin(), install.lib_files.end(),
                  [](const std::string& f) { return f.rfind("libtorch_hip", 0) == 0; });
  if (host_runtime) {
    const Fact<std::string> host = InstalledRocmRelease(ctx.facts.Get<RocmFacts>());
    std::vector<Evidence> evidence = CluesOf(install);
    evidence.push_back({install.lib_dir, "libtorch_hip.so without libamdhip64.so",
                        "the host's HIP runtime of ROCm " + release});
    if (!host.known()) {
      evidence.push_back({host.source, host.error, "ROCm " + release});
      out.finding = MakeFinding("frameworks.torch.rocm_mismatch",
                                install.Describe() + " is built for ROCm " + release +
                                    " and uses the host's ROCm, but " + host.error,
                                std::move(evidence), std::move(params));
      return out;
    }
    const std::string host_minor = host->substr(0, host->find('.', host->find('.') + 1));
    evidence.push_back({host.source, "ROCm " + *host, "ROCm " + release});
    if (host_minor == release) {
      out.note = "built for ROCm " + release + ", uses the host's ROCm " + *host;
      return out;
    }
    Finding f = MakeFinding(
        "frameworks.torch.rocm_mismatch",
        install.Describe() + " is built for ROCm " + release +
            " and uses the host's HIP runtime, which is ROCm " + *host +
            (MajorOf(release) != MajorOf(*host) ? ": another major release, libamdhip64.so." +
                                                      MajorOf(release) + " is not there to load"
                                                : ": another minor release"),
        std::move(evidence), std::move(params));
    if (MajorOf(release) == MajorOf(*host)) f.status = Status::kWarn;
    out.finding = std::move(f);
    return out;
  }
  if (!install.bundles_hip_runtime) {
    out.note = "built for ROCm " + release;
    return out;
  }
  out.note = "bundles its ROCm " + release + " user space";
  const KernelFacts& kernel = ctx.facts.Kernel();
  if (!kernel.amdgpu_version.known()) {
    out.note += "; the in-tree amdgpu has no version to judge against it";
    return out;
  }
  const SupportMatrix& matrix = SupportMatrix::Builtin();
  auto match = matrix.MatchRelease(release + ".0");
  if (!match) {
    out.note += "; driver not judged: " + match.error();
    return out;
  }
  const kernel_support::DriverSeriesResult driver =
      kernel_support::SeriesOfDriver(matrix, *kernel.amdgpu_version);
  const std::vector<const KernelRow*> compat =
      kernel_support::CompatRows(matrix.KernelRowsFor(match->release));
  if (!driver.series || compat.empty()) {
    out.note += "; amdgpu-dkms " + *kernel.amdgpu_version + " not judged: " +
                (driver.series ? "ROCm " + match->release + " lists no driver" : driver.why_not);
    return out;
  }
  const std::string& series = driver.series->series;
  std::vector<std::string> compatible;
  for (const KernelRow* row : compat) compatible.push_back(row->version);
  if (kernel_support::PlaceSeries(series, compat) == kernel_support::SeriesPosition::kListed) {
    out.note += "; amdgpu-dkms " + *kernel.amdgpu_version + " (" + series + ") is supported";
    return out;
  }
  const std::string row_source = driver.series->row->source;
  std::vector<Evidence> evidence = CluesOf(install);
  evidence.push_back({install.lib_dir, "libamdhip64 bundled", ""});
  evidence.push_back(
      {kernel.amdgpu_version.source,
       *kernel.amdgpu_version + " (the driver of ROCm " + series + ": " + row_source + ")",
       "a driver ROCm " + match->release + " supports: " + Join(compatible)});
  params["driver"] = *kernel.amdgpu_version;
  out.finding =
      MakeFinding("frameworks.torch.driver_unsupported",
                  install.Describe() + " bundles ROCm " + release +
                      ", which does not list the amdgpu-dkms " + *kernel.amdgpu_version +
                      " driver (ROCm " + series + ") as compatible; it lists " + Join(compatible),
                  std::move(evidence), std::move(params));
  return out;
}

CheckOutcome Run(const CheckContext& ctx) {
  const FrameworkFacts& facts = ctx.facts.Get<FrameworkFacts>();
  const std::vector<const FrameworkInstall*> installs = facts.ToJudge(Framework::kTorch);
  if (installs.empty())
    return CheckOutcome::Skip(frameworks::NotInstalled(facts, Framework::kTorch));
  std::vector<Finding> findings;
  std::vector<std::string> good;
  for (const FrameworkInstall* install : installs) {
    const PythonEnvironment& env = facts.EnvOf(*install);
    std::vector<Evidence> evidence = CluesOf(*install);
    evidence.push_back(EnvEvidence(env));
    auto params = frameworks::Params(*install, env);
    params["index"] = IndexFor(ctx.facts);
    const std::string where = install->Describe() + " in " + env.executable;
    switch (install->flavor) {
      case BuildFlavor::kCpu: {
        std::string message = where +
                              " is a CPU-only build (torch.version.hip and "
                              "torch.version.cuda are None)";
        if (install->site_dir == "/usr/lib/python3/dist-packages") {
          message += "; it is the distribution's package (Debian/Ubuntu python3-torch)";
        }
        findings.push_back(MakeFinding("frameworks.torch.cpu_build", std::move(message),
                                       std::move(evidence), std::move(params)));
        break;
      }
      case BuildFlavor::kCuda:
        if (frameworks::CudaIsRight(ctx.facts)) {
          good.push_back(where + ": CUDA " + install->cuda_release +
                         " build, and this host's GPUs are NVIDIA");
          break;
        }
        findings.push_back(
            MakeFinding("frameworks.torch.cuda_build",
                        where + " is a CUDA" +
                            (install->cuda_release.empty() ? "" : " " + install->cuda_release) +
                            " build (torch.version.hip is None)" +
                            (frameworks::HasAmdGpu(ctx.facts) ? "; this host's GPUs are AMD" : ""),
                        std::move(evidence), std::move(params)));
        break;
      case BuildFlavor::kRocm: {
        ReleaseVerdict verdict = JudgeRelease(ctx, *install, env);
        if (verdict.finding) {
          findings.push_back(std::move(*verdict.finding));
        } else {
          good.push_back(where + ": ROCm build, " + verdict.note);
        }
        break;
      }
      case BuildFlavor::kUnknown:
        findings.push_back(
            MakeFinding("frameworks.build.unknown",
                        where + ": its files do not say whether it is built for ROCm" +
                            (install->notes.empty() ? "" : " (" + Join(install->notes, "; ") + ")"),
                        std::move(evidence), std::move(params)));
        break;
    }
  }
  if (findings.empty()) return CheckOutcome::Pass(Join(good, "; "));
  return CheckOutcome::FromFindings(std::move(findings));
}

}  // namespace

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace rocm_doctor
