// SPDX-License-Identifier: MIT
#include <algorithm>
#include <cctype>

#include "rocm_doctor/policy.h"

namespace rocm_doctor {
namespace {

std::string Lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// "gfx90a:xnack-" -> "gfx90a": a rule names the ISA, not its feature settings.
std::string BaseIsa(std::string_view gfx) { return Lower(gfx.substr(0, gfx.find(':'))); }

}  // namespace

bool Matches(const GpuModelRule& rule, const GpuIdentity& gpu) {
  switch (rule.kind) {
    case GpuModelRule::Kind::kName: {
      if (!gpu.name) return false;
      std::string name = Lower(*gpu.name);
      std::string want = Lower(rule.text);
      // The end of the name on a word boundary: "MI300X" matches "AMD Instinct MI300X", not
      // "AMD Instinct MI300X VF" (a virtual function is another product) nor "...MI300".
      if (name == want) return true;
      return name.size() > want.size() &&
             name.compare(name.size() - want.size(), want.size(), want) == 0 &&
             name[name.size() - want.size() - 1] == ' ';
    }
    case GpuModelRule::Kind::kGfx:
      return gpu.gfx && BaseIsa(*gpu.gfx) == BaseIsa(rule.text);
    case GpuModelRule::Kind::kPciId:
      return gpu.vendor_id && *gpu.vendor_id == 0x1002 && gpu.device_id &&
             *gpu.device_id == rule.device_id;
  }
  return false;
}

}  // namespace rocm_doctor
