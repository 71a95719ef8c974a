// SPDX-License-Identifier: MIT
#include "gate/shell_quote.h"

namespace rocm_doctor::gate {
namespace {

bool NeedsQuotes(const std::string& word) {
  if (word.empty()) return true;
  for (char c : word) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                       c == '-' || c == '_' || c == '.' || c == '/' || c == '=' || c == ':' ||
                       c == ',' || c == '+' || c == '@';
    if (!plain) return true;
  }
  return false;
}

}  // namespace

std::string ShellQuote(const std::vector<std::string>& argv) {
  std::string line;
  for (const std::string& word : argv) {
    if (!line.empty()) line += ' ';
    if (!NeedsQuotes(word)) {
      line += word;
      continue;
    }
    line += '\'';
    for (char c : word) {
      if (c == '\'') {
        line += "'\\''";
      } else {
        line += c;
      }
    }
    line += '\'';
  }
  return line;
}

}  // namespace rocm_doctor::gate
