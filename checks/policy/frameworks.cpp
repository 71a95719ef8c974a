// SPDX-License-Identifier: MIT
// policy.frameworks: each framework the policy's [frameworks] require names is installed in a
// Python environment and built for ROCm. Static facts only (files); whether it imports and sees
// the GPU is the frameworks layer's judgement. No prerequisites: a missing framework is a root
// cause of its own.
#include "rocm_doctor/facts/frameworks_facts.h"

#include <string>
#include <vector>

#include "policy_gpu.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kFrameworkCommands[] = {
    "python3 -m pip show {framework}", "python3 -m pip list 2>/dev/null | grep -i {framework}"};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "policy.framework.missing",
     .severity = Status::kFail,
     .title = "A framework the policy requires is not installed",
     .remediation =
         "The policy ({policy}) requires {framework}, and no Python environment the doctor found "
         "has it. Install its ROCm build into the environment your jobs use (for PyTorch, the "
         "wheel index of your ROCm release), or activate that environment before running the "
         "doctor.",
     .commands = kFrameworkCommands},
    {.code = "policy.framework.not_rocm",
     .severity = Status::kFail,
     .title = "A framework the policy requires is not built for ROCm",
     .remediation =
         "The policy ({policy}) requires {framework} built for ROCm; the one installed is a CPU "
         "or CUDA build (the frameworks layer's findings say which and why). Reinstall it from "
         "the ROCm wheel index of your ROCm release.",
     .commands = kFrameworkCommands},
    {.code = "policy.framework.unknown",
     .severity = Status::kUnknown,
     .title = "Whether a required framework is built for ROCm could not be told",
     .remediation =
         "Nothing the doctor read says which GPU platform {framework} is built for (its version "
         "files and bundled libraries are missing or unreadable). Check it from Python, or "
         "reinstall it from the ROCm wheel index.",
     .commands = kFrameworkCommands},
};

constexpr CheckInfo kInfo{.id = "policy.frameworks",
                          .layer = Layer::kPolicy,
                          .title = "Frameworks",
                          .findings = kFindings};

std::optional<Framework> FrameworkNamed(std::string_view name) {
  for (Framework f : kAllFrameworks) {
    if (ToString(f) == name) return f;
  }
  return std::nullopt;
}

CheckOutcome Run(const CheckContext& ctx) {
  const Policy* policy = ctx.options.policy.get();
  if (policy == nullptr) return CheckOutcome::Skip("no --policy given");
  if (policy->frameworks.empty()) return CheckOutcome::Skip("the policy requires no framework");
  const FrameworkFacts& facts = ctx.facts.Get<FrameworkFacts>();
  std::string label = policy_checks::PolicyLabel(*policy);
  std::string envs;
  for (const PythonEnvironment& env : facts.python.envs) {
    envs += (envs.empty() ? "" : ", ") + env.interpreter;
  }
  std::vector<Finding> findings;
  std::vector<std::string> good;
  for (const PolicyName& wanted : policy->frameworks) {
    std::optional<Framework> framework = FrameworkNamed(wanted.text);
    if (!framework) continue;  // cannot happen: ParsePolicy admits only kAllFrameworks
    std::string name(DisplayName(*framework));
    Evidence required{wanted.where.ToString(), "[frameworks] require \"" + wanted.text + "\"", ""};
    std::vector<const FrameworkInstall*> installs = facts.ToJudge(*framework);
    if (installs.empty()) {
      findings.push_back(MakeFinding(
          "policy.framework.missing",
          name + " is not installed in any Python environment found (" +
              (envs.empty() ? std::string("none found") : envs) + "); " + label + " requires it.",
          {{"Python environments", envs.empty() ? "none found" : envs, wanted.text + " installed"},
           required},
          {{"framework", wanted.text}, {"policy", label}}));
      continue;
    }
    const FrameworkInstall* rocm = nullptr;
    bool unknown = false;
    std::vector<Evidence> evidence;
    for (const FrameworkInstall* install : installs) {
      if (install->flavor == BuildFlavor::kRocm && rocm == nullptr) rocm = install;
      unknown |= install->flavor == BuildFlavor::kUnknown;
      std::string clue = install->clues.empty() ? "" : ": " + install->clues.front().observed;
      evidence.push_back(
          {install->clues.empty() ? install->package_dir : install->clues.front().source,
           install->Describe() + ", " + std::string(ToString(install->flavor)) + " build" + clue,
           "rocm build"});
    }
    if (rocm != nullptr) {
      good.push_back(rocm->Describe());
      continue;
    }
    evidence.push_back(required);
    std::string what = installs.front()->Describe() + " is a " +
                       std::string(ToString(installs.front()->flavor)) + " build";
    if (unknown) {
      findings.push_back(MakeFinding("policy.framework.unknown",
                                     "Whether " + name + " is built for ROCm could not be told (" +
                                         what + "); " + label + " requires a ROCm build.",
                                     std::move(evidence), {{"framework", wanted.text}}));
    } else {
      findings.push_back(MakeFinding(
          "policy.framework.not_rocm",
          what + ", not a ROCm build; " + label + " requires " + name + " built for ROCm.",
          std::move(evidence), {{"framework", wanted.text}, {"policy", label}}));
    }
  }
  if (findings.empty()) {
    std::string summary;
    for (const std::string& g : good) summary += (summary.empty() ? "" : ", ") + g;
    return CheckOutcome::Pass(summary + ": ROCm builds, as the policy requires");
  }
  return CheckOutcome::FromFindings(std::move(findings));
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
