// SPDX-License-Identifier: MIT
#include "collect/kernel/modprobe_parse.h"

#include <string>

#include "base/text_parse.h"

namespace rocm_doctor::parse {
namespace {

constexpr std::string_view kModule = "amdgpu";

// kmod compares module names with '-' and '_' equal.
bool SameModule(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i] == '-' ? '_' : a[i];
    char y = b[i] == '-' ? '_' : b[i];
    if (x != y) return false;
  }
  return true;
}

// An install command that does nothing, so the module never loads.
bool IsNoopCommand(const std::vector<std::string_view>& words) {
  if (words.size() < 3) return false;
  std::string_view cmd = words[2];
  std::size_t slash = cmd.rfind('/');
  std::string_view base = slash == std::string_view::npos ? cmd : cmd.substr(slash + 1);
  if (base != "false" && base != "true") return false;
  // "install amdgpu /bin/true; /sbin/modprobe --ignore-install amdgpu" still loads it.
  for (std::size_t i = 3; i < words.size(); ++i) {
    if (Contains(words[i], "modprobe") || Contains(words[i], "insmod")) return false;
  }
  return !Contains(cmd, ";") && !Contains(cmd, "&&");
}

bool OptionsDisableModeset(const std::vector<std::string_view>& words) {
  for (std::size_t i = 2; i < words.size(); ++i) {
    std::string_view w = words[i];
    std::size_t eq = w.find('=');
    if (eq == std::string_view::npos) continue;
    if (!SameModule(w.substr(0, eq), "modeset")) continue;
    std::string_view value = w.substr(eq + 1);
    if (value.size() >= 2 && value.front() == '"' && value.back() == '"') {
      value = value.substr(1, value.size() - 2);
    }
    if (auto v = Int(value); v.has_value() && *v == 0) return true;
  }
  return false;
}

}  // namespace

std::vector<ModprobeRule> ParseModprobeConf(std::string_view text, std::string_view file) {
  std::vector<ModprobeRule> rules;
  std::vector<std::string_view> lines = Lines(text);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    int first_line = static_cast<int>(i + 1);
    std::string logical;
    std::string written;
    while (true) {
      std::string_view physical = lines[i];
      if (!physical.empty() && physical.back() == '\r') physical.remove_suffix(1);
      if (!written.empty()) written += ' ';
      written += Trim(physical);
      if (!physical.empty() && physical.back() == '\\' && i + 1 < lines.size()) {
        physical.remove_suffix(1);
        logical += physical;
        logical += ' ';
        ++i;
        continue;
      }
      logical += physical;
      break;
    }
    std::string_view content = Trim(logical);
    if (content.empty() || content.front() == '#') continue;
    // Not kmod syntax, but an inline "# ..." is never part of these three commands' meaning.
    if (std::size_t hash = content.find(" #"); hash != std::string_view::npos) {
      content = Trim(content.substr(0, hash));
    }
    std::vector<std::string_view> words = SplitWhitespace(content);
    if (words.size() < 2 || !SameModule(words[1], kModule)) continue;
    bool blocks = false;
    if (words[0] == "blacklist") {
      blocks = true;
    } else if (words[0] == "install") {
      blocks = IsNoopCommand(words);
    } else if (words[0] == "options") {
      blocks = OptionsDisableModeset(words);
    }
    if (blocks) {
      rules.push_back(ModprobeRule{std::string(file), first_line, Printable(written, 300)});
    }
  }
  return rules;
}

}  // namespace rocm_doctor::parse
