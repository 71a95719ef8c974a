// SPDX-License-Identifier: MIT
// runtime.env_info: the ROCm tuning and debugging variables that are set (HSA_ENABLE_SDMA,
// AMD_LOG_LEVEL, HSA_XNACK, AMD_SERIALIZE_KERNEL, ...), each as an informational finding with
// what it does, so a report shows what the program ran with.
#include <string>

#include "knowledge/env_parse.h"
#include "base/text_parse.h"
#include "rocm_doctor/check.h"
#include "rocm_doctor/facts/runtime_env.h"

namespace rocm_doctor {
namespace {

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "runtime.env.setting",
     .severity = Status::kInfo,
     .title = "A runtime tuning or debugging variable is set",
     .remediation = "Informational: the variable changes how the ROCm runtime behaves. Unset it "
                    "when you are not debugging ({name} is set to \"{value}\")."},
};

constexpr CheckInfo kInfo{.id = "runtime.env_info",
                          .layer = Layer::kRuntime,
                          .title = "Runtime variables",
                          .findings = kFindings};

std::string_view EffectOf(const std::string& name) {
  for (const env_parse::InformationalVariable& var : env_parse::kInformationalVariables) {
    if (var.name == name) return var.effect;
  }
  return "";
}

// The variables looked for, the first few by name and the rest as a count.
std::string VariablesRead() {
  constexpr std::size_t kNamed = 4;
  std::string out;
  std::size_t i = 0;
  for (const env_parse::InformationalVariable& var : env_parse::kInformationalVariables) {
    if (i++ == kNamed) break;
    out += (out.empty() ? "" : ", ") + std::string(var.name);
  }
  const std::size_t total = std::size(env_parse::kInformationalVariables);
  if (total > kNamed) out += " and " + std::to_string(total - kNamed) + " more";
  return out;
}

CheckOutcome Run(const CheckContext& ctx) {
  const RuntimeEnvFacts& env = ctx.facts.Get<RuntimeEnvFacts>();
  if (env.informational.empty()) {
    return CheckOutcome::Pass("none of the " +
                                  std::to_string(std::size(env_parse::kInformationalVariables)) +
                                  " tuning/debugging variables is set",
                              {{env.source.empty() ? "environment" : env.source,
                                "unset: " + VariablesRead(), ""}});
  }
  std::vector<Finding> findings;
  std::string summary;
  for (const EnvSetting& s : env.informational) {
    const std::string value = parse::Printable(s.value, 80);
    summary += (summary.empty() ? "" : ", ") + s.name + "=" + value;
    findings.push_back(MakeFinding(
        "runtime.env.setting", s.name + "=\"" + value + "\": " + std::string(EffectOf(s.name)),
        {{"$" + s.name, "\"" + value + "\"", ""}}, {{"name", s.name}, {"value", value}}));
  }
  return CheckOutcome::Pass("set: " + summary, std::move(findings));
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
