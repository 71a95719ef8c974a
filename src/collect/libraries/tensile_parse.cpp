// SPDX-License-Identifier: MIT
#include "collect/libraries/tensile_parse.h"

#include <cctype>

namespace rocm_doctor::tensile {
namespace {

bool IsAlnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }
bool IsDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

bool EndsWith(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

// "gfx" then digits/lower-case hex (gfx90a, gfx1030, gfx942), optionally "-N-generic"/"-generic"
// (LLVM's generic processors gfx9-generic, gfx10-3-generic, gfx11-generic).
std::string ProcessorAt(std::string_view name, std::size_t at) {
  std::size_t end = at + 3;
  while (end < name.size() && IsAlnum(name[end]) &&
         !std::isupper(static_cast<unsigned char>(name[end]))) {
    ++end;
  }
  if (end == at + 3 || !IsDigit(name[at + 3])) return {};
  std::string_view rest = name.substr(end);
  constexpr std::string_view kGeneric = "-generic";
  if (rest.substr(0, kGeneric.size()) == kGeneric) {
    end += kGeneric.size();
  } else if (rest.size() > 2 && rest[0] == '-' && IsDigit(rest[1]) &&
             rest.substr(2, kGeneric.size()) == kGeneric) {
    end += 2 + kGeneric.size();
  }
  return std::string(name.substr(at, end - at));
}

}  // namespace

std::string ProcessorInName(std::string_view name) {
  for (std::size_t at = name.find("gfx"); at != std::string_view::npos;
       at = name.find("gfx", at + 1)) {
    if (at > 0 && IsAlnum(name[at - 1])) continue;  // "xgfx..." is not a token start
    std::string processor = ProcessorAt(name, at);
    if (!processor.empty()) return processor;
  }
  return {};
}

Coverage Parse(const std::vector<std::string>& names) {
  Coverage out;
  for (const std::string& name : names) {
    const bool library =
        name.rfind("TensileLibrary", 0) == 0 && (EndsWith(name, ".dat") || EndsWith(name, ".yaml"));
    const bool code = EndsWith(name, ".co") || EndsWith(name, ".hsaco");
    if (!library && !code) continue;
    ++out.tensile_files;
    if (library && (name == "TensileLibrary.dat" || name == "TensileLibrary.yaml")) {
      out.combined_library = true;
      continue;
    }
    std::string processor = ProcessorInName(name);
    if (processor.empty()) continue;
    (library ? out.library_targets : out.code_targets).insert(std::move(processor));
  }
  return out;
}

}  // namespace rocm_doctor::tensile
