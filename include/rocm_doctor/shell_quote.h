// SPDX-License-Identifier: MIT
#pragma once
// Shell quoting for the fix commands the doctor prints. Their values (file names, user and group
// names, paths, PCI addresses) come from the machine, and the commands are copied into a root
// shell: `x$(curl evil|sh)` must stay a word, and a newline in a file name must not start a
// second command. Used by the catalog for every "{name}" placeholder and by the checks that build
// whole command fragments ("{!name}" placeholders).
#include <string>
#include <string_view>

namespace rocm_doctor {

// True when `word` is non-empty and made only of bytes no shell (bash, dash, zsh) treats
// specially anywhere in a word: A-Z a-z 0-9 and _ @ % + = : , . / -
bool IsShellSafeWord(std::string_view word);

// `value` as one shell word that bash reads back byte for byte:
//   - a safe word (alice, 0000:03:00.0, /etc/modprobe.d/blacklist-amdgpu.conf) as it is;
//   - otherwise in single quotes, ' written as '\'';
//   - a value holding a control byte (newline, ESC, DEL, C1), an invalid UTF-8 byte or a bidi
//     control (U+202A-202E, U+2066-2069, U+200E/F, U+061C, which reorder what the terminal
//     shows) as ANSI-C $'...' with those bytes as \xHH, so the command stays on one line and
//     shows what it runs.
// The empty string is ''.
std::string ShellQuote(std::string_view value);

// `value` for the inside of a single-quoted string ('import {framework}'): as it is when it has
// no ' and no byte ShellQuote escapes; otherwise ' becomes '\'' and the escaped bytes close the
// quote, add a $'\xHH' word and reopen it.
std::string ShellQuoteInSingleQuotes(std::string_view value);

// `words` each ShellQuote'd, separated by one space (a package list, an argv).
template <class Range>
std::string ShellQuoteWords(const Range& words) {
  std::string out;
  for (const auto& w : words) {
    if (!out.empty()) out += ' ';
    out += ShellQuote(w);
  }
  return out;
}

}  // namespace rocm_doctor
