// SPDX-License-Identifier: MIT
// The libraries checks' shared helpers (gpu_targets.h): gfx processor names and overrides, the
// GPUs HIP exposes, the library directories to judge.
#include "gpu_targets.h"

namespace rocm_doctor::libraries {

std::string ProcessorFromOverride(std::string_view text) {
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

std::string OverrideFromProcessor(std::string_view processor) {
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

std::string OverrideCandidate(std::string_view processor, const std::set<std::string>& covered) {
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

env_parse::Visibility HipVisibility(const FactStore& facts) {
  std::vector<std::uint64_t> ids;
  for (const KfdNode* n : facts.Kfd().GpuNodes()) ids.push_back(n->Get("unique_id").value_or(0));
  return env_parse::ResolveVisibility(facts.Get<RuntimeEnvFacts>(), ids);
}

std::vector<GpuTarget> GpuTargets(const FactStore& facts, const LibraryFacts& libs) {
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

std::string DiscreteRocrDevices(const FactStore& facts) {
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

std::string HipDevices(const GpuTarget& t) {
  std::string out = t.hip_devices.size() == 1 ? "HIP device " : "HIP devices ";
  for (std::size_t i = 0; i < t.hip_devices.size(); ++i) {
    out += (i == 0 ? "" : ", ") + std::to_string(t.hip_devices[i]);
  }
  return out;
}

std::string Describe(const GpuTarget& t, const LibraryFacts& libs) {
  if (t.processor == t.real) return t.real;
  return t.real + " (reported as " + t.processor +
         " through HSA_OVERRIDE_GFX_VERSION=" + *libs.override_gfx + ")";
}

std::vector<const LibraryDir*> DirsToJudge(const FactStore& facts, const LibraryFacts& libs,
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

std::string_view BaseNameOf(std::string_view path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

std::string Join(const std::vector<std::string>& items, std::string_view sep) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : std::string(sep)) + s;
  return out;
}

std::string Join(const std::set<std::string>& items, std::string_view sep) {
  return Join(std::vector<std::string>(items.begin(), items.end()), sep);
}

}  // namespace rocm_doctor::libraries
