// SPDX-License-Identifier: MIT
// CollectFacts<RuntimeEnvFacts>: the ROCm-relevant variables of the environment, parsed as the
// runtime parses them (src/knowledge/env_parse.h).
#include <algorithm>

#include "knowledge/env_parse.h"
#include "rocm_doctor/facts/runtime_env.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kGfxOverride = "HSA_OVERRIDE_GFX_VERSION";

std::optional<EnvSetting> Setting(const SystemView& view, std::string_view name) {
  auto value = view.GetEnv(name);
  if (!value) return std::nullopt;
  return EnvSetting{std::string(name), *value};
}

GfxOverride MakeOverride(std::string name, std::string value, std::optional<int> node) {
  GfxOverride o;
  o.name = std::move(name);
  o.value = std::move(value);
  o.node = node;
  Result<GfxVersion> parsed = env_parse::ParseGfxVersion(o.value);
  if (parsed) {
    o.version = *parsed;
  } else {
    o.error = parsed.error();
  }
  return o;
}

}  // namespace

const GfxOverride* RuntimeEnvFacts::OverrideFor(int node) const {
  for (const GfxOverride& o : node_gfx_overrides) {
    if (o.node == node) return &o;
  }
  return gfx_override ? &*gfx_override : nullptr;
}

template <>
RuntimeEnvFacts CollectFacts<RuntimeEnvFacts>(const SystemView& view) {
  RuntimeEnvFacts facts;
  facts.source = view.IsReplay() ? ".rocm-doctor/machine.json env" : "environment";
  facts.rocr_visible_devices = Setting(view, "ROCR_VISIBLE_DEVICES");
  facts.hip_visible_devices = Setting(view, "HIP_VISIBLE_DEVICES");
  facts.cuda_visible_devices = Setting(view, "CUDA_VISIBLE_DEVICES");
  facts.gpu_device_ordinal = Setting(view, "GPU_DEVICE_ORDINAL");
  facts.hip_platform = Setting(view, "HIP_PLATFORM");
  if (auto value = view.GetEnv(kGfxOverride)) {
    facts.gfx_override = MakeOverride(std::string(kGfxOverride), *value, std::nullopt);
  }
  for (const auto& [name, value] : view.Environment()) {
    if (auto node = env_parse::OverrideNode(name)) {
      facts.node_gfx_overrides.push_back(MakeOverride(name, value, node));
    }
  }
  std::sort(facts.node_gfx_overrides.begin(), facts.node_gfx_overrides.end(),
            [](const GfxOverride& a, const GfxOverride& b) { return a.node < b.node; });
  for (const env_parse::InformationalVariable& var : env_parse::kInformationalVariables) {
    if (auto setting = Setting(view, var.name)) facts.informational.push_back(*setting);
  }
  return facts;
}

}  // namespace rocm_doctor
