// SPDX-License-Identifier: MIT
// runtime.visible_devices: which of the GPUs KFD exposes the runtimes let a program see, in which
// order, after ROCR_VISIBLE_DEVICES (ROCr), HIP_VISIBLE_DEVICES / CUDA_VISIBLE_DEVICES (HIP) and
// GPU_DEVICE_ORDINAL (OpenCL). Semantics: src/knowledge/env_parse.h; real cases: Parsl#3858
// (ROCR=1 and CUDA=1 -> no device), ollama's "-1 forces the CPU".
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "base/short_list.h"
#include "knowledge/env_parse.h"
#include "rocm_doctor/check.h"
#include "rocm_doctor/facts/runtime_env.h"
#include "rocm_doctor/shell_quote.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"driver.kfd_topology"};
constexpr std::string_view kHiddenCommands[] = {"{!fix}", "rocminfo | grep -E 'Uuid|Name: +gfx'"};
constexpr std::string_view kFixCommand[] = {"{!fix}"};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "runtime.env.devices_hidden",
     .severity = Status::kFail,
     .title = "Device-selection variables leave no usable GPU",
     .remediation =
         "ROCR_VISIBLE_DEVICES filters the GPUs first (in KFD order, CPUs excluded; set but empty "
         "selects none); HIP_VISIBLE_DEVICES (or CUDA_VISIBLE_DEVICES when HIP's is empty) then "
         "indexes into what ROCr left, and HIP stops at the first invalid token (-1, an index out "
         "of range, an unknown GPU-<uuid>). Schedulers, launchers and shell profiles often set "
         "them. Unset them, or use one mechanism only (ROCR_VISIBLE_DEVICES on Linux) with "
         "indices that exist.",
     .commands = kHiddenCommands},
    {.code = "runtime.env.devices_truncated",
     .severity = Status::kWarn,
     .title = "A device-selection variable has a token the runtime ignores, with the rest",
     .remediation =
         "The runtime stops reading the list at the first invalid token (an index out of range "
         "or repeated, a UUID that matches no GPU, text), so it and every device after it are "
         "dropped. Remember that HIP indices count the GPUs ROCR_VISIBLE_DEVICES left, not the "
         "physical ones. Write only the devices that exist.",
     .commands = kFixCommand},
};

constexpr CheckInfo kInfo{.id = "runtime.visible_devices",
                          .layer = Layer::kRuntime,
                          .title = "Visible devices",
                          .prerequisites = kPrereqs,
                          .findings = kFindings};

using env_parse::Selection;

std::string Label(const KfdNode& node) {
  std::string gfx = node.GfxTarget();
  return (gfx.empty() ? "GPU" : gfx) + " at " + node.PciBdf();
}

std::string Count(std::size_t n) { return std::to_string(n) + (n == 1 ? " GPU" : " GPUs"); }

// "0 = gfx1100 at 0000:03:00.0, 1 = ..."
// `shown`: how many a summary names (text::ShortList); the evidence lists them all.
std::string Listing(const std::vector<std::size_t>& order,
                    const std::vector<const KfdNode*>& gpus, std::size_t shown = SIZE_MAX) {
  std::vector<std::string> items;
  for (std::size_t i = 0; i < order.size(); ++i) {
    items.push_back(std::to_string(i) + " = " + Label(*gpus[order[i]]));
  }
  return text::ShortList(items, shown);
}

std::string Assignment(const EnvSetting& s) { return s.name + "=\"" + s.value + "\""; }

// Why a selection ended where it did: "token \"-1\" is a negative index".
std::string StopText(const Selection& s) {
  if (s.stopped_at.empty()) return "";
  return "token \"" + s.stopped_at + "\": " + s.why;
}

// The tokens the runtime did use, as a value to export.
std::string UsedPrefix(const std::string& value, const Selection& s) {
  std::size_t keep = s.tokens - s.unused;
  std::string out;
  std::size_t start = 0;
  for (std::size_t i = 0; i < keep; ++i) {
    std::size_t comma = value.find(',', start);
    out += (i ? "," : "") + value.substr(start, comma - start);
    start = comma == std::string::npos ? value.size() : comma + 1;
  }
  return out;
}

std::string UnsetCommand(const RuntimeEnvFacts& env) {
  std::string out = "unset";
  for (const auto* s : {&env.rocr_visible_devices, &env.hip_visible_devices,
                        &env.cuda_visible_devices, &env.gpu_device_ordinal}) {
    if (*s) out += " " + (*s)->name;
  }
  return out;
}

CheckOutcome Run(const CheckContext& ctx) {
  const RuntimeEnvFacts& env = ctx.facts.Get<RuntimeEnvFacts>();
  const std::vector<const KfdNode*> gpus = ctx.facts.Kfd().GpuNodes();
  if (gpus.empty()) return CheckOutcome::Skip("KFD exposes no GPU");
  std::vector<std::uint64_t> ids;
  for (const KfdNode* n : gpus) ids.push_back(n->Get("unique_id").value_or(0));
  const env_parse::Visibility vis = env_parse::ResolveVisibility(env, ids);

  std::vector<Evidence> evidence;
  for (const auto* s : {&env.rocr_visible_devices, &env.hip_visible_devices,
                        &env.cuda_visible_devices, &env.gpu_device_ordinal}) {
    if (*s) evidence.push_back({"$" + (*s)->name, "\"" + (*s)->value + "\"", "unset"});
  }
  std::vector<std::size_t> kfd_order;
  for (std::size_t i = 0; i < gpus.size(); ++i) kfd_order.push_back(i);
  evidence.push_back({ctx.facts.Kfd().source,
                      Count(gpus.size()) + " in KFD order: " + Listing(kfd_order, gpus), ""});

  if (!vis.AnyVariableSet()) {
    std::string summary = "no device-selection variable set: all " + Count(gpus.size()) +
                          " visible (" + Listing(vis.hip, gpus, text::kSummaryItems) + ")";
    if (env.hip_visible_devices || env.cuda_visible_devices) {
      summary += "; HIP/CUDA_VISIBLE_DEVICES set but empty (HIP ignores an empty value)";
    }
    return CheckOutcome::Pass(std::move(summary), std::move(evidence));
  }

  std::vector<Finding> findings;
  const std::map<std::string, std::string> hidden_params{{"fix", UnsetCommand(env)}};
  if (vis.rocr_selection && vis.rocr.empty()) {
    std::string message = env.rocr_visible_devices->value.empty()
                              ? "ROCR_VISIBLE_DEVICES is set but empty: ROCr exposes none of the " +
                                    Count(gpus.size()) + " KFD has"
                              : Assignment(*env.rocr_visible_devices) + " selects none of the " +
                                    Count(gpus.size()) + " (" + StopText(*vis.rocr_selection) + ")";
    findings.push_back(MakeFinding("runtime.env.devices_hidden",
                                   message + "; HIP reports hipErrorNoDevice", evidence,
                                   hidden_params));
  } else if (vis.hip_selection && vis.hip.empty()) {
    std::string message = vis.hip_variable + "=\"" + vis.hip_value + "\" leaves HIP no GPU (" +
                          StopText(*vis.hip_selection) + ")";
    if (vis.rocr_selection) {
      message += "; its indices count the " + Count(vis.rocr.size()) + " " +
                 Assignment(*env.rocr_visible_devices) + " left, not the physical ones";
    }
    findings.push_back(MakeFinding("runtime.env.devices_hidden",
                                   message + ": HIP reports hipErrorNoDevice", evidence,
                                   hidden_params));
  } else if (vis.ordinal && vis.ordinal->empty() && !vis.rocr.empty()) {
    findings.push_back(MakeFinding("runtime.env.devices_hidden",
                                   Assignment(*env.gpu_device_ordinal) +
                                       " leaves OpenCL programs (and tools that honour "
                                       "it, such as ollama) no GPU (" +
                                       StopText(*vis.ordinal_selection) + ")",
                                   evidence, hidden_params));
  }

  // A list the runtime stopped reading early, while some GPUs remain.
  auto truncated = [&](const EnvSetting& s, const Selection& sel, const std::string& who) {
    if (sel.stopped_at.empty() || sel.selected.empty()) return;
    findings.push_back(MakeFinding(
        "runtime.env.devices_truncated",
        Assignment(s) + ": " + who + " uses only the first " +
            std::to_string(sel.tokens - sel.unused) + " of " + std::to_string(sel.tokens) +
            " tokens (" + StopText(sel) + ")",
        evidence, {{"fix", "export " + s.name + "=" + ShellQuote(UsedPrefix(s.value, sel))}}));
  };
  if (vis.rocr_selection) truncated(*env.rocr_visible_devices, *vis.rocr_selection, "ROCr");
  if (vis.hip_selection) {
    const EnvSetting& s = vis.hip_variable == "HIP_VISIBLE_DEVICES" ? *env.hip_visible_devices
                                                                    : *env.cuda_visible_devices;
    truncated(s, *vis.hip_selection, "HIP");
  }
  if (vis.ordinal_selection) truncated(*env.gpu_device_ordinal, *vis.ordinal_selection, "OpenCL");

  std::string summary = "HIP sees " + std::to_string(vis.hip.size()) + " of " + Count(gpus.size());
  if (!vis.hip.empty()) summary += ": " + Listing(vis.hip, gpus, text::kSummaryItems);
  std::string set;
  for (const Evidence& e : evidence) {
    if (e.source[0] == '$')
      set += (set.empty() ? "" : ", ") + e.source.substr(1) + "=" + e.observed;
  }
  summary += " (" + set + ")";
  if (findings.empty()) return CheckOutcome::Pass(std::move(summary));
  // A warning keeps the summary of what remains visible; a failure says what hides everything.
  if (findings.front().status == Status::kFail) summary.clear();
  return CheckOutcome::FromFindings(std::move(findings), std::move(summary));
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
