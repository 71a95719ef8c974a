// SPDX-License-Identifier: MIT
#include "collect/kernel/cmdline_parse.h"

#include <cstdint>

#include "base/text_parse.h"

namespace rocm_doctor::parse {
namespace {

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\0'; }

// The kernel treats '-' and '_' in parameter names as the same (kernel/params.c parameq()).
std::string NormaliseName(std::string_view name) {
  std::string out(name);
  for (char& c : out) {
    if (c == '-') c = '_';
  }
  return out;
}

std::string Unquote(std::string_view value) {
  std::string out;
  for (char c : value) {
    if (c != '"') out += c;
  }
  return out;
}

// True when a comma-separated module list names amdgpu itself ("nouveau,amdgpu"), not a
// module that merely starts with it.
bool ListNamesAmdgpu(std::string_view list, std::string_view wanted) {
  while (true) {
    std::size_t comma = list.find(',');
    std::string_view item = Trim(list.substr(0, comma));
    if (NormaliseName(item) == wanted) return true;
    if (comma == std::string_view::npos) return false;
    list.remove_prefix(comma + 1);
  }
}

}  // namespace

std::vector<std::string> SplitCmdline(std::string_view text) {
  std::vector<std::string> tokens;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && IsSpace(text[i])) ++i;
    if (i >= text.size()) break;
    std::size_t start = i;
    bool in_quote = false;
    while (i < text.size() && (in_quote || !IsSpace(text[i]))) {
      if (text[i] == '"') in_quote = !in_quote;
      ++i;
    }
    tokens.emplace_back(text.substr(start, i - start));
  }
  return tokens;
}

CmdlineInfo ParseCmdline(std::string_view text) {
  CmdlineInfo info;
  info.tokens = SplitCmdline(text);
  bool nomodeset = false;
  std::string nomodeset_token;
  // amdgpu_init() (amdgpu_drv.c, 5.17+): with nomodeset and modeset left at -1 it sets
  // modeset = 0 and refuses to load; any other explicit amdgpu.modeset (1) overrides nomodeset.
  // The last value given wins, as in parse_args().
  std::optional<std::int64_t> modeset;  // nullopt: not given or not a number (auto)
  std::string modeset_token;
  for (const std::string& token : info.tokens) {
    std::size_t eq = token.find('=');
    std::string name = NormaliseName(std::string_view(token).substr(0, eq));
    std::string value = eq == std::string::npos ? std::string() : Unquote(token.substr(eq + 1));
    if (name == "nomodeset") {
      nomodeset = true;
      nomodeset_token = token;
    } else if (StartsWith(name, "amdgpu.")) {
      info.amdgpu_params.push_back(token);
      if (name == "amdgpu.modeset") {
        modeset = Int(value);
        modeset_token = token;
      }
    } else if (name == "modprobe.blacklist" || name == "module_blacklist" ||
               name == "rd.driver.blacklist") {
      if (ListNamesAmdgpu(value, "amdgpu")) info.blocks.push_back(CmdlineBlock{token});
    } else if (name == "initcall_blacklist") {
      if (ListNamesAmdgpu(value, "amdgpu_init")) info.blocks.push_back(CmdlineBlock{token});
    } else if (name == "iommu" || name == "amd_iommu") {
      if (value == "pt") {
        info.iommu_passthrough = true;
        info.iommu_token = token;
      } else if (value == "nopt") {
        info.iommu_passthrough = false;
        info.iommu_token = token;
      }
    } else if (name == "iommu.passthrough") {
      std::string_view v = Trim(value);
      if (v == "1" || v == "y" || v == "Y" || v == "on") {
        info.iommu_passthrough = true;
        info.iommu_token = token;
      } else if (v == "0" || v == "n" || v == "N" || v == "off") {
        info.iommu_passthrough = false;
        info.iommu_token = token;
      }
    }
  }
  if (modeset.has_value() && *modeset == 0) {
    info.blocks.push_back(CmdlineBlock{modeset_token});
  } else if (nomodeset && !(modeset.has_value() && *modeset != -1)) {
    info.blocks.push_back(CmdlineBlock{nomodeset_token});
  }
  return info;
}

}  // namespace rocm_doctor::parse
