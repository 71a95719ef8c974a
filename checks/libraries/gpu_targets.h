// SPDX-License-Identifier: MIT
#pragma once
// Helpers shared by the libraries checks: the gfx processors the HIP runtime reports for this
// host's GPUs, which library directory programs load from, and the override suggestion.
// Header-only on purpose: every .cpp under checks/ counts as one check (the registry-count test).
#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "knowledge/env_parse.h"
#include "knowledge/support_matrix.h"
#include "rocm_doctor/check.h"
#include "rocm_doctor/facts/libraries.h"
#include "rocm_doctor/facts/rocm.h"
#include "rocm_doctor/facts/runtime_env.h"

namespace rocm_doctor::libraries {

// "gfx1030" from HSA_OVERRIDE_GFX_VERSION "10.3.0", "gfx90a" from "9.0.10": ROCr builds the ISA
// name from major, minor and stepping, the stepping printed as one hex digit; "" when malformed.
inline std::string ProcessorFromOverride(std::string_view text) {
  int parts[3] = {-1, -1, -1};
  std::size_t part = 0;
  for (char c : text) {
    if (c == '.') {
      if (++part >= 3) return {};
      continue;
    }
    if (c < '0' || c > '9') return {};
    parts[part] = (parts[part] < 0 ? 0 : parts[part] * 10) + (c - '0');
    if (parts[part] > 99) return {};
  }
  if (part != 2 || parts[0] <= 0 || parts[1] < 0 || parts[1] > 9 || parts[2] < 0 || parts[2] > 15) {
    return {};
  }
  static constexpr char kHex[] = "0123456789abcdef";
  return "gfx" + std::to_string(parts[0]) + kHex[parts[1]] + kHex[parts[2]];
}

// "10.3.0" for gfx1030, "9.0.10" for gfx90a; "" for a name that is not gfx<major><minor><step>.
inline std::string OverrideFromProcessor(std::string_view processor) {
  if (processor.substr(0, 3) != "gfx" || processor.size() < 6) return {};
  std::string_view digits = processor.substr(3);
  auto hex = [](char c) { return c >= 'a' && c <= 'f' ? c - 'a' + 10 : c - '0'; };
  for (char c : digits) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return {};
  }
  const std::string_view major = digits.substr(0, digits.size() - 2);
  for (char c : major) {
    if (c < '0' || c > '9') return {};
  }
  return std::string(major) + "." + std::to_string(hex(digits[digits.size() - 2])) + "." +
         std::to_string(hex(digits.back()));
}

// A covered processor an override can stand in for `processor`: the same RDNA family, i.e. the
// same major and minor (gfx1031..gfx1036 -> gfx1030, gfx1101..gfx1103 -> gfx1100, gfx1012 ->
// gfx1010), and gfx115x -> gfx1100, as the support matrix's override rows (checks/data/
// rocm_support.csv). Never for GCN/CDNA (gfx9xx), where one major spans unrelated ISAs, nor
// for RDNA4, where overrides caused MES failures.
inline std::string OverrideCandidate(std::string_view processor,
                                     const std::set<std::string>& covered) {
  const std::string version = OverrideFromProcessor(processor);
  const std::size_t dot = version.find('.');
  if (dot == std::string::npos) return {};
  const std::string major = version.substr(0, dot);
  if (major != "10" && major != "11") return {};
  const std::string minor = version.substr(dot + 1, version.find('.', dot + 1) - dot - 1);
  std::string best;
  for (const std::string& c : covered) {
    const std::string cv = OverrideFromProcessor(c);
    const std::size_t cdot = cv.find('.');
    if (cdot == std::string::npos || cv.substr(0, cdot) != major || c == processor) continue;
    const std::string cminor = cv.substr(cdot + 1, cv.find('.', cdot + 1) - cdot - 1);
    const bool family = cminor == minor || (major == "11" && minor == "5" && cminor == "0");
    if (!family) continue;
    // Prefer the family's first part (stepping 0): gfx1030, gfx1100.
    if (best.empty() || cv.back() == '0') best = c;
  }
  return best;
}

// Which KFD GPUs HIP exposes under this host's ROCR_VISIBLE_DEVICES / HIP_VISIBLE_DEVICES,
// as positions in the KFD GPU order (GpuNodes()).
inline env_parse::Visibility HipVisibility(const FactStore& facts) {
  std::vector<std::uint64_t> ids;
  for (const KfdNode* n : facts.Kfd().GpuNodes()) ids.push_back(n->Get("unique_id").value_or(0));
  return env_parse::ResolveVisibility(facts.Get<RuntimeEnvFacts>(), ids);
}

struct GpuTarget {
  std::string processor;  // what the runtime reports: the override's, else the GPU's own
  std::string real;       // from KFD gfx_target_version
  std::vector<std::string> bdfs;
  std::string source;  // the KFD properties file of the first GPU node
  // Every GPU of this target is integrated (the GPU table's apu column for its PCI id, else a
  // KFD node with CPU cores): an iGPU beside a discrete GPU is not what the node computes on.
  bool integrated = true;
  // Every GPU of this target is hidden from HIP by ROCR_VISIBLE_DEVICES / HIP_VISIBLE_DEVICES
  // (ROCr and CLR's own parsing, env_parse::ResolveVisibility): its coverage does not matter.
  bool hidden = true;
  std::vector<std::size_t> hip_devices;  // HIP device numbers of its visible GPUs
};

// One entry per distinct processor the HIP runtime would report, in KFD node order.
inline std::vector<GpuTarget> GpuTargets(const FactStore& facts, const LibraryFacts& libs) {
  std::string forced;
  if (libs.override_gfx.known()) forced = ProcessorFromOverride(*libs.override_gfx);
  const std::vector<const KfdNode*> nodes = facts.Kfd().GpuNodes();
  const env_parse::Visibility vis = HipVisibility(facts);
  std::vector<GpuTarget> out;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const KfdNode* node = nodes[i];
    const std::string real = node->GfxTarget();
    if (real.empty()) continue;
    const std::string processor = forced.empty() ? real : forced;
    GpuTarget* target = nullptr;
    for (GpuTarget& t : out) {
      if (t.processor == processor && t.real == real) target = &t;
    }
    if (target == nullptr) {
      GpuTarget fresh;
      fresh.processor = processor;
      fresh.real = real;
      fresh.source = node->source;
      out.push_back(std::move(fresh));
      target = &out.back();
    }
    target->bdfs.push_back(node->PciBdf());
    target->integrated &= IsIntegratedGpu(*node, facts.Pci(), facts.Table());
    const auto pos = std::find(vis.hip.begin(), vis.hip.end(), i);
    if (pos != vis.hip.end()) {
      target->hidden = false;
      target->hip_devices.push_back(static_cast<std::size_t>(pos - vis.hip.begin()));
    }
  }
  return out;
}

// ROCR_VISIBLE_DEVICES naming the discrete GPUs HIP sees, as positions in the KFD GPU order
// (what ROCr numbers; the iGPU is not always device 0: ROCm/ROCm#3401 had it first,
// llama.cpp#8618 second). "" when HIP sees no discrete GPU.
inline std::string DiscreteRocrDevices(const FactStore& facts) {
  const std::vector<const KfdNode*> nodes = facts.Kfd().GpuNodes();
  const env_parse::Visibility vis = HipVisibility(facts);
  std::vector<std::size_t> discrete;
  for (std::size_t k : vis.hip) {
    if (!IsIntegratedGpu(*nodes[k], facts.Pci(), facts.Table())) discrete.push_back(k);
  }
  std::sort(discrete.begin(), discrete.end());
  std::string out;
  for (std::size_t k : discrete) out += (out.empty() ? "" : ",") + std::to_string(k);
  return out;
}

// "HIP device 0" / "HIP devices 0, 1" of a target's visible GPUs.
inline std::string HipDevices(const GpuTarget& t) {
  std::string out = t.hip_devices.size() == 1 ? "HIP device " : "HIP devices ";
  for (std::size_t i = 0; i < t.hip_devices.size(); ++i) {
    out += (i == 0 ? "" : ", ") + std::to_string(t.hip_devices[i]);
  }
  return out;
}

// "gfx1031 (via HSA_OVERRIDE_GFX_VERSION=10.3.0: gfx1030)" or "gfx1030".
inline std::string Describe(const GpuTarget& t, const LibraryFacts& libs) {
  if (t.processor == t.real) return t.real;
  return t.real + " (reported as " + t.processor +
         " through HSA_OVERRIDE_GFX_VERSION=" + *libs.override_gfx + ")";
}

// The library directories to judge: the one of the install programs use, when it has the
// library; otherwise every directory that has it.
inline std::vector<const LibraryDir*> DirsToJudge(const FactStore& facts, const LibraryFacts& libs,
                                                  std::string_view library) {
  auto has = [&](const LibraryDir& d) {
    for (const InstalledLibrary& l : d.libraries) {
      if (l.name == library) return true;
    }
    return false;
  };
  std::vector<const LibraryDir*> out;
  const RocmInstall* in_use = facts.Get<RocmFacts>().InUse();
  for (const LibraryDir& d : libs.dirs) {
    if (in_use != nullptr && d.dir == in_use->lib_dir && has(d)) return {&d};
  }
  for (const LibraryDir& d : libs.dirs) {
    if (has(d)) out.push_back(&d);
  }
  return out;
}

inline std::string_view BaseNameOf(std::string_view path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

inline std::string Join(const std::vector<std::string>& items, std::string_view sep = ", ") {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : std::string(sep)) + s;
  return out;
}

inline std::string Join(const std::set<std::string>& items, std::string_view sep = ", ") {
  return Join(std::vector<std::string>(items.begin(), items.end()), sep);
}

}  // namespace rocm_doctor::libraries
