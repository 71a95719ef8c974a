// SPDX-License-Identifier: MIT
#pragma once
// Helpers shared by the hardware checks: how a GPU is named, and how facts become evidence.
// Header-only on purpose: every .cpp under checks/ counts as one check (the registry-count test).
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "base/short_list.h"
#include "rocm_doctor/check.h"
#include "rocm_doctor/facts/gpu_table.h"
#include "rocm_doctor/facts/pci.h"

namespace rocm_doctor::hardware {

inline std::string Hex(std::uint64_t value, int digits) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%0*llx", digits, static_cast<unsigned long long>(value));
  return buf;
}

inline std::string Fixed(double value, int decimals) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
  return buf;
}

inline std::string Mib(std::uint64_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

inline std::string Gib(double bytes) {
  return Fixed(bytes / (1024.0 * 1024.0 * 1024.0), 1) + " GiB";
}

// The table row for a PCI function, or nullptr when its device ID is not in the table.
inline const GpuModel* ModelOf(const CheckContext& ctx, const PciDevice& dev) {
  if (!dev.device_id.known()) return nullptr;
  std::optional<std::uint8_t> revision;
  if (dev.revision.known()) revision = *dev.revision;
  return ctx.facts.Table().Find(*dev.device_id, revision);
}

// "AMD Instinct MI300X (gfx942)"; "AMD GPU 0x1234 (not in the GPU table)".
inline std::string GpuLabel(const PciDevice& dev, const GpuModel* model) {
  if (model == nullptr) {
    std::string id = dev.device_id.known() ? Hex(*dev.device_id, 4) : "with unknown device ID";
    return "AMD GPU " + id + " (not in the GPU table)";
  }
  std::string label = model->name;
  if (!model->gfx_target.empty()) label += " (" + model->gfx_target + ")";
  return label;
}

inline std::string Describe(const PciDevice& dev, const CheckContext& ctx) {
  return GpuLabel(dev, ModelOf(ctx, dev)) + " at " + dev.bdf;
}

inline bool IsApu(const CheckContext& ctx, const PciDevice& dev) {
  const GpuModel* model = ModelOf(ctx, dev);
  return model != nullptr && model->apu;
}

// A fact as evidence: the value as `shown`, or the reason it is unknown.
template <class T, class Show>
Evidence EvidenceOf(const Fact<T>& fact, Show shown, std::string expected = {}) {
  std::string observed = fact.known() ? shown(*fact) : "unknown: " + fact.error;
  return Evidence{fact.source, observed, std::move(expected)};
}

// What a per-GPU pass read, kept short on a host with many GPUs (issue 15, "output scales"):
// the lines of the first kShownGpus GPUs, then one line for the rest, each in brief
// ("4 more GPUs: 16.0 GT/s x16 on each (0000:c1:00.0, ...)"). The driver checks use it too.
class GpuPassEvidence {
 public:
  static constexpr std::size_t kShownGpus = 4;

  void Add(const std::string& bdf, std::vector<Evidence> lines, std::string brief) {
    if (shown_ < kShownGpus) {
      ++shown_;
      for (Evidence& e : lines) lines_.push_back(std::move(e));
      return;
    }
    rest_.emplace_back(bdf, std::move(brief));
  }

  // `unit`: what was judged, "GPU" or "GPU node" (a partitioned GPU has several KFD nodes).
  std::vector<Evidence> Take(const std::string& unit = "GPU") {
    if (!rest_.empty()) {
      bool same = true;
      for (const auto& r : rest_) same = same && r.second == rest_.front().second;
      std::vector<std::string> items;
      for (const auto& [bdf, brief] : rest_) items.push_back(same ? bdf : bdf + " " + brief);
      std::string more =
          std::to_string(rest_.size()) + " more " + unit + (rest_.size() == 1 ? "" : "s");
      lines_.push_back({more,
                        same ? rest_.front().second + " on each (" + text::ShortList(items) + ")"
                             : text::ShortList(items),
                        ""});
      rest_.clear();
    }
    return std::move(lines_);
  }

 private:
  std::size_t shown_ = 0;
  std::vector<Evidence> lines_;
  std::vector<std::pair<std::string, std::string>> rest_;  // BDF, brief
};

}  // namespace rocm_doctor::hardware
