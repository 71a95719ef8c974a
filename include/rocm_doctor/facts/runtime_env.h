// SPDX-License-Identifier: MIT
#pragma once
// The environment a ROCm program inherits, as the runtime reads it: device selection
// (ROCR_VISIBLE_DEVICES in ROCr, then HIP_VISIBLE_DEVICES / CUDA_VISIBLE_DEVICES in HIP,
// GPU_DEVICE_ORDINAL in OpenCL), gfx overrides (libhsakmt topology.c), HIP_PLATFORM (hipcc) and
// the tuning/debug variables that change behaviour. Semantics: docs/research/failure-modes.md
// "Key facts" and "Environment variables that matter". On a live host this is the doctor's own
// environment; in a machine directory, machine.json "env".
// Collected by src/collect/runtime_env/runtime_env_collector.cpp; checks use ctx.facts.Get<RuntimeEnvFacts>().
#include <optional>
#include <string>
#include <vector>

#include "rocm_doctor/fact_store.h"

namespace rocm_doctor {

// A variable that is set (possibly to the empty string, which is not the same as unset).
struct EnvSetting {
  std::string name;
  std::string value;
};

// HSA_OVERRIDE_GFX_VERSION=major.minor.stepping, decimal ("9.0.10" is gfx90a).
struct GfxVersion {
  unsigned major = 0;
  unsigned minor = 0;
  unsigned stepping = 0;
  // The LLVM processor name ("gfx%u%x%x"), or "" when minor or stepping do not fit one hex digit
  // (no such ISA exists).
  std::string Target() const;
  std::string Text() const;  // "10.3.0"
  bool operator==(const GfxVersion&) const = default;
};

// One HSA_OVERRIDE_GFX_VERSION or HSA_OVERRIDE_GFX_VERSION_<node> as set.
struct GfxOverride {
  std::string name;         // "HSA_OVERRIDE_GFX_VERSION" / "HSA_OVERRIDE_GFX_VERSION_1"
  std::string value;        // as set, byte for byte
  std::optional<int> node;  // the KFD topology node index (CPU nodes count) of a per-node one
  std::optional<GfxVersion> version;  // nullopt: libhsakmt rejects the value
  std::string error;                  // why it is rejected
};

struct RuntimeEnvFacts {
  std::string source;  // "environment" or ".rocm-doctor/machine.json env"
  std::optional<EnvSetting> rocr_visible_devices;
  std::optional<EnvSetting> hip_visible_devices;
  std::optional<EnvSetting> cuda_visible_devices;
  std::optional<EnvSetting> gpu_device_ordinal;
  std::optional<GfxOverride> gfx_override;      // the global one
  std::vector<GfxOverride> node_gfx_overrides;  // per-node ones, sorted by node
  std::optional<EnvSetting> hip_platform;
  // The tuning/debug variables of kInformationalVariables (src/knowledge/env_parse.h) that are
  // set, in that table's order.
  std::vector<EnvSetting> informational;

  // The override libhsakmt applies to KFD node `node`: the per-node one first, then the global.
  const GfxOverride* OverrideFor(int node) const;
};

template <>
RuntimeEnvFacts CollectFacts<RuntimeEnvFacts>(const SystemView& view);

}  // namespace rocm_doctor
