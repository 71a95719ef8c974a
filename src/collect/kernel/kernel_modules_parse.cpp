// SPDX-License-Identifier: MIT
#include "collect/kernel/kernel_modules_parse.h"

#include "base/text_parse.h"

namespace rocm_doctor::parse {
namespace {

std::string_view FileName(std::string_view path) {
  std::size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

}  // namespace

std::optional<ProcModuleEntry> FindProcModule(std::string_view proc_modules,
                                              std::string_view name) {
  for (std::string_view line : Lines(proc_modules)) {
    std::vector<std::string_view> words = SplitWhitespace(line);
    if (words.empty() || words[0] != name) continue;
    ProcModuleEntry entry{std::string(words[0]), {}};
    if (words.size() >= 5) entry.state = std::string(words[4]);
    return entry;
  }
  return std::nullopt;
}

bool IsModuleFile(std::string_view file_name, std::string_view name) {
  if (!StartsWith(file_name, name)) return false;
  std::string_view rest = file_name.substr(name.size());
  if (rest == ".ko") return true;
  // One compression suffix after ".ko": ".ko.xz", ".ko.zst", ".ko.gz" (kmod accepts these).
  if (!StartsWith(rest, ".ko.")) return false;
  std::string_view suffix = rest.substr(4);
  if (suffix.empty()) return false;
  for (char c : suffix) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) return false;
  }
  return true;
}

bool IsOutOfTreeModulePath(std::string_view path) {
  return StartsWith(path, "updates/") || StartsWith(path, "extra/") || Contains(path, "/dkms/") ||
         StartsWith(path, "dkms/");
}

bool ModulesBuiltinHas(std::string_view modules_builtin, std::string_view name) {
  for (std::string_view line : Lines(modules_builtin)) {
    if (IsModuleFile(FileName(Trim(line)), name)) return true;
  }
  return false;
}

std::optional<std::string> ModulesDepFind(std::string_view modules_dep, std::string_view name) {
  std::optional<std::string> found;
  for (std::string_view line : Lines(modules_dep)) {
    std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    std::string_view path = Trim(line.substr(0, colon));
    if (!IsModuleFile(FileName(path), name)) continue;
    if (IsOutOfTreeModulePath(path)) return std::string(path);
    if (!found) found = std::string(path);
  }
  return found;
}

}  // namespace rocm_doctor::parse
