// SPDX-License-Identifier: MIT
#pragma once
// Helpers shared by the frameworks checks: evidence from framework facts, what kind of GPU host
// this is, the live probe's failures, and the two check shapes every framework other than
// PyTorch uses (a static build check and a live check; framework_table.cpp holds their rows).
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rocm_doctor/check.h"
#include "rocm_doctor/facts/frameworks_facts.h"

namespace rocm_doctor::frameworks {

inline std::string Join(const std::vector<std::string>& items, std::string_view sep = ", ") {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : std::string(sep)) + s;
  return out;
}

// The lower links whose failure explains "the framework sees no GPU": no GPU, no access to
// /dev/kfd or the render node, the runtime's device mask or gfx override. The host's ROCm
// install is not among them - a framework wheel brings its own ROCm user space.
#define ROCMDOC_FRAMEWORK_GPU_PREREQS                                                      \
  "hardware.gpus", "driver.kfd_access", "driver.render_access", "runtime.visible_devices", \
      "runtime.gfx_override"

// "PyTorch is not installed in any of the 10 Python environments found" (frameworks.python
// names them).
inline std::string NotInstalled(const FrameworkFacts& facts, Framework framework) {
  const std::size_t n = facts.python.envs.size();
  if (n == 0) return std::string(DisplayName(framework)) + ": no Python interpreter found";
  if (n == 1) {
    return std::string(DisplayName(framework)) + " is not installed for " +
           facts.python.envs.front().executable + ", the one Python environment found";
  }
  return std::string(DisplayName(framework)) + " is not installed in any of the " +
         std::to_string(n) + " Python environments found";
}

// "/usr/bin/python3 (system Python 3.11)" plus how `python3` is that one, when it is.
inline Evidence EnvEvidence(const PythonEnvironment& env) {
  std::string observed = env.Describe();
  if (!env.found_by.empty()) observed += "; found as " + Join(env.found_by);
  if (env.active) observed += "; the active environment";
  return {env.interpreter, observed, ""};
}

inline std::vector<Evidence> CluesOf(const FrameworkInstall& install) {
  std::vector<Evidence> out;
  for (const BuildClue& c : install.clues) out.push_back({c.source, c.observed, ""});
  for (const std::string& note : install.notes) out.push_back({install.package_dir, note, ""});
  return out;
}

inline bool HasAmdGpu(const FactStore& facts) { return !facts.Pci().AmdGpus().empty(); }

inline bool HasNvidiaGpu(const FactStore& facts) {
  for (const PciDevice& d : facts.Pci().devices) {
    if (d.vendor_id.known() && *d.vendor_id == 0x10de && d.IsGpuClass()) return true;
  }
  return false;
}

// A CUDA build is the right one only on a host whose GPUs are NVIDIA and none AMD.
inline bool CudaIsRight(const FactStore& facts) { return HasNvidiaGpu(facts) && !HasAmdGpu(facts); }

// The interpreter a command in a remediation should use.
inline std::map<std::string, std::string> Params(const FrameworkInstall& install,
                                                 const PythonEnvironment& env) {
  return {{"python", env.executable},
          {"framework", std::string(ToString(install.framework))},
          {"distribution", install.distribution.empty() ? std::string(ToString(install.framework))
                                                        : install.distribution},
          {"package_dir", install.package_dir}};
}

// The finding for a probe that did not report (timeout, crash, no output), or nullopt.
inline std::optional<Finding> ProbeFailure(const FrameworkProbe& probe,
                                           const FrameworkInstall& install,
                                           const PythonEnvironment& env) {
  const std::string what = std::string(DisplayName(probe.framework)) + " probe (" + env.executable +
                           " importing " + std::string(ToString(probe.framework)) + ")";
  std::vector<Evidence> evidence{{probe.source, probe.detail, "a report within the deadline"}};
  if (!probe.stderr_tail.empty())
    evidence.push_back({probe.source + " stderr", probe.stderr_tail, ""});
  auto params = Params(install, env);
  switch (probe.state) {
    case ProbeState::kParsed:
    case ProbeState::kNotRecorded:
      return std::nullopt;
    case ProbeState::kTimedOut:
      return MakeFinding("frameworks.probe.timeout",
                         what + " did not finish within " +
                             std::to_string(probe.timeout_ms / 1000) + " s" +
                             (probe.stage.empty() ? "" : " (it was at: " + probe.stage + ")"),
                         std::move(evidence), std::move(params));
    case ProbeState::kSpawnFailed:
    case ProbeState::kCrashed:
    case ProbeState::kExitError:
    case ProbeState::kBadOutput:
      break;
  }
  return MakeFinding("frameworks.probe.failed", what + ": " + probe.detail, std::move(evidence),
                     std::move(params));
}

inline Finding ImportFailed(const FrameworkProbe& probe, const FrameworkInstall& install,
                            const PythonEnvironment& env) {
  const ProbeError error = probe.report.import_error.value_or(ProbeError{});
  std::string message = "import " + std::string(ToString(probe.framework)) + " fails in " +
                        env.executable + ": " + error.type + ": " + error.message;
  std::vector<Evidence> evidence{
      {probe.source, error.type + ": " + error.message, "the import succeeds"}};
  if (!error.traceback.empty())
    evidence.push_back({probe.source + " traceback", error.traceback, ""});
  if (!install.bundles_hip_runtime && install.framework == Framework::kTorch &&
      error.message.find("libamdhip64") != std::string::npos) {
    message += " (this torch uses the host's ROCm: " + install.lib_dir + " has no libamdhip64)";
  }
  evidence.push_back(EnvEvidence(env));
  return MakeFinding("frameworks.import.failed", std::move(message), std::move(evidence),
                     Params(install, env));
}

inline std::string ProbeWarnings(const FrameworkProbeReport& r) {
  std::vector<std::string> parts;
  for (const auto& [step, e] : r.errors) parts.push_back(step + ": " + e.type + ": " + e.message);
  for (const std::string& w : r.warnings) parts.push_back(w);
  return Join(parts, "; ");
}

// On WSL2 (`wsl`) the advice is WSL's (frameworks.gpu.not_visible_wsl): there is no /dev/kfd and
// no render group to join there.
inline Finding NotVisible(const FrameworkProbe& probe, const FrameworkInstall& install,
                          const PythonEnvironment& env, const std::string& what,
                          const std::string& check_snippet, bool wsl) {
  const std::string warnings = ProbeWarnings(probe.report);
  std::vector<Evidence> evidence{{probe.source, what, "at least one GPU"}};
  if (!warnings.empty()) evidence.push_back({probe.source + " warnings", warnings, ""});
  auto params = Params(install, env);
  params["check"] = check_snippet;
  return MakeFinding(wsl ? "frameworks.gpu.not_visible_wsl" : "frameworks.gpu.not_visible",
                     install.Describe() + " is built for ROCm but sees no GPU" +
                         (wsl ? " under WSL2: " : ": ") + what +
                         (warnings.empty() ? "" : " (" + warnings + ")"),
                     std::move(evidence), std::move(params));
}

inline std::optional<Finding> OpFailed(const FrameworkProbe& probe, const FrameworkInstall& install,
                                       const PythonEnvironment& env,
                                       const std::string& op_snippet) {
  if (!probe.report.op || probe.report.op->ok()) return std::nullopt;
  const ProbeOp& op = *probe.report.op;
  std::string observed = op.error ? op.error->type + ": " + op.error->message
                                  : "result " + (op.result ? std::to_string(*op.result) : "none");
  auto params = Params(install, env);
  params["op"] = op_snippet;
  return MakeFinding("frameworks.gpu.op_failed",
                     install.Describe() + ": a tensor operation on " + op.device + " " +
                         (op.error ? "failed: " + observed : "gave a wrong " + observed),
                     {{probe.source, observed, "result " + std::to_string(op.expected)}},
                     std::move(params));
}

// The summary of a probe that worked: "sees 1 GPU (AMD Radeon RX 7900 XTX, gfx1100); a tensor
// op on cuda:0 gave 256 (import 2.1 s)".
inline std::string LiveSummary(const FrameworkProbe& probe, const FrameworkInstall& install) {
  const FrameworkProbeReport& r = probe.report;
  std::string text = install.Describe() + " in " + r.python_executable.value_or("?");
  if (r.device_count) {
    std::vector<std::string> names;
    for (const ProbeDevice& d : r.devices) {
      if (names.size() == 3) {
        names.push_back("...");
        break;
      }
      std::string name = d.name.value_or("?");
      if (d.arch) name += ", " + d.arch->substr(0, d.arch->find(':'));
      names.push_back(name);
    }
    text += " sees " + std::to_string(*r.device_count) + (*r.device_count == 1 ? " GPU" : " GPUs") +
            (names.empty() ? "" : " (" + Join(names, "; ") + ")");
  }
  if (r.op && r.op->ok()) text += "; a tensor op on " + r.op->device + " gave the right result";
  if (r.import_seconds) {
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.1f", *r.import_seconds);
    text += std::string(" (import ") + seconds + " s)";
  }
  return text;
}

// Static build check of TensorFlow, JAX, ONNX Runtime, vLLM: `code` when the build is not for
// ROCm on a host that needs one.
inline CheckOutcome StaticBuildCheck(const CheckContext& ctx, Framework framework,
                                     std::string_view code, std::string_view not_rocm_text) {
  const FrameworkFacts& facts = ctx.facts.Get<FrameworkFacts>();
  const std::vector<const FrameworkInstall*> installs = facts.ToJudge(framework);
  if (installs.empty()) return CheckOutcome::Skip(NotInstalled(facts, framework));
  std::vector<Finding> findings;
  std::vector<std::string> good;
  for (const FrameworkInstall* install : installs) {
    const PythonEnvironment& env = facts.EnvOf(*install);
    std::vector<Evidence> evidence = CluesOf(*install);
    evidence.push_back(EnvEvidence(env));
    switch (install->flavor) {
      case BuildFlavor::kRocm:
        good.push_back(
            install->Describe() + ": ROCm build" +
            (install->rocm_release.empty() ? "" : " (ROCm " + install->rocm_release + ")"));
        continue;
      case BuildFlavor::kCuda:
        if (CudaIsRight(ctx.facts)) {
          good.push_back(install->Describe() + ": CUDA build, and this host's GPUs are NVIDIA");
          continue;
        }
        [[fallthrough]];
      case BuildFlavor::kCpu: {
        const std::string flavor =
            install->flavor == BuildFlavor::kCuda ? "a CUDA build" : "CPU-only";
        findings.push_back(MakeFinding(std::string(code),
                                       install->Describe() + " in " + env.executable + " is " +
                                           flavor + std::string(not_rocm_text),
                                       std::move(evidence), Params(*install, env)));
        continue;
      }
      case BuildFlavor::kUnknown:
        findings.push_back(MakeFinding(
            "frameworks.build.unknown",
            install->Describe() + ": its files do not say whether it is built for ROCm" +
                (install->notes.empty() ? "" : " (" + Join(install->notes, "; ") + ")"),
            std::move(evidence), Params(*install, env)));
        continue;
    }
  }
  if (findings.empty()) return CheckOutcome::Pass(Join(good, "; "));
  return CheckOutcome::FromFindings(std::move(findings));
}

// The install and environment a probe ran for.
struct ProbeTarget {
  const FrameworkProbe* probe;
  const FrameworkInstall* install;
  const PythonEnvironment* env;
};

// The recorded probes of `framework`; `skip` is set when there is nothing to judge.
inline std::vector<ProbeTarget> ProbesOf(const CheckContext& ctx, Framework framework,
                                         std::optional<CheckOutcome>* skip) {
  const FrameworkFacts& facts = ctx.facts.Get<FrameworkFacts>();
  if (facts.ToJudge(framework).empty()) {
    *skip = CheckOutcome::Skip(NotInstalled(facts, framework));
    return {};
  }
  const FrameworkProbeFacts& probes = ctx.facts.Get<FrameworkProbeFacts>();
  std::vector<ProbeTarget> out;
  std::string not_recorded;
  for (const FrameworkProbe* p : probes.For(framework)) {
    if (p->state == ProbeState::kNotRecorded) {
      not_recorded = p->detail;
      continue;
    }
    if (p->install >= facts.installs.size() || p->env >= facts.python.envs.size()) continue;
    out.push_back({p, &facts.installs[p->install], &facts.python.envs[p->env]});
  }
  if (out.empty()) {
    *skip = CheckOutcome::Skip(not_recorded.empty() ? "no probe ran" : not_recorded);
  }
  return out;
}

// Live check of TensorFlow, JAX, ONNX Runtime, vLLM. `not_rocm(report, install)` says why the
// running framework is not a ROCm build (nullopt: it is, or the report does not say) and
// `gpus(report)` how many GPUs it computes on (nullopt: it cannot tell, e.g. ONNX Runtime only
// lists its providers).
template <class NotRocm, class GpusSeen>
CheckOutcome LiveCheck(const CheckContext& ctx, Framework framework, std::string_view not_rocm_code,
                       NotRocm not_rocm, GpusSeen gpus, const std::string& check_snippet,
                       const std::string& op_snippet) {
  std::optional<CheckOutcome> skip;
  std::vector<ProbeTarget> targets = ProbesOf(ctx, framework, &skip);
  if (skip) return *skip;
  std::vector<Finding> findings;
  std::vector<std::string> good;
  for (const ProbeTarget& t : targets) {
    if (auto failure = ProbeFailure(*t.probe, *t.install, *t.env)) {
      findings.push_back(std::move(*failure));
      continue;
    }
    const FrameworkProbeReport& r = t.probe->report;
    if (!r.imported) {
      findings.push_back(ImportFailed(*t.probe, *t.install, *t.env));
      continue;
    }
    if (const std::optional<std::string> why = not_rocm(r, *t.install);
        why && !CudaIsRight(ctx.facts)) {
      findings.push_back(
          MakeFinding(std::string(not_rocm_code),
                      t.install->Describe() + " running in " + t.env->executable + ": " + *why,
                      {{t.probe->source, *why, "a ROCm build"}}, Params(*t.install, *t.env)));
      continue;
    }
    const std::optional<std::int64_t> count = gpus(r);
    if (count && *count == 0) {
      findings.push_back(NotVisible(*t.probe, *t.install, *t.env, "no GPU device", check_snippet,
                                    ctx.facts.Platform().wsl));
      continue;
    }
    if (auto op = OpFailed(*t.probe, *t.install, *t.env, op_snippet)) {
      findings.push_back(std::move(*op));
      continue;
    }
    good.push_back(LiveSummary(*t.probe, *t.install));
  }
  if (findings.empty()) return CheckOutcome::Pass(Join(good, "; "));
  return CheckOutcome::FromFindings(std::move(findings));
}

}  // namespace rocm_doctor::frameworks
