// SPDX-License-Identifier: MIT
#include "rocm_doctor/fix_marks.h"

#include <vector>

#include "rocm_doctor/shell_quote.h"

namespace rocm_doctor {
namespace {

enum class QuoteContext { kWord, kSingleQuoted, kAnsiC, kDoubleQuoted };

// Unquoted, unescaped, these end a word: a '#' after one starts a comment.
bool EndsWord(char c) { return std::string_view(" \t;|&()<>").find(c) != std::string_view::npos; }

// "needs root" or "then reboot" at text[at] as whole words (the comment ends, or ';', ',' or a
// space follows); the position after it, or npos.
std::size_t MarkAt(std::string_view text, std::size_t at, std::string_view mark) {
  if (text.substr(at, mark.size()) != mark) return std::string_view::npos;
  const std::size_t end = at + mark.size();
  if (end < text.size() && text[end] != ';' && text[end] != ' ' && text[end] != ',') {
    return std::string_view::npos;
  }
  return end;
}

std::size_t SkipSeparator(std::string_view text, std::size_t at) {
  if (at < text.size() && text[at] == ';') ++at;
  while (at < text.size() && text[at] == ' ') ++at;
  return at;
}

}  // namespace

std::size_t ShellCommentStart(std::string_view command) {
  std::vector<QuoteContext> stack{QuoteContext::kWord};
  bool word_start = true;  // in kWord: the previous byte ended a word (or there was none)
  for (std::size_t i = 0; i < command.size(); ++i) {
    const char c = command[i];
    const bool at_word_start = word_start;
    word_start = false;
    const bool next_paren = i + 1 < command.size() && command[i + 1] == '(';
    switch (stack.back()) {
      case QuoteContext::kSingleQuoted:
        if (c == '\'') stack.pop_back();
        break;
      case QuoteContext::kAnsiC:  // $'...': \' does not end it
        if (c == '\\') {
          ++i;
        } else if (c == '\'') {
          stack.pop_back();
        }
        break;
      case QuoteContext::kDoubleQuoted:
        if (c == '\\') {
          ++i;
        } else if (c == '"') {
          stack.pop_back();
        } else if (c == '$' && next_paren) {
          ++i;
          stack.push_back(QuoteContext::kWord);
        }
        break;
      case QuoteContext::kWord:
        if (c == '\\') {
          ++i;  // an escaped space or '#' is part of the word
        } else if (c == '$' && i + 1 < command.size() && command[i + 1] == '\'') {
          ++i;
          stack.push_back(QuoteContext::kAnsiC);
        } else if (c == '\'') {
          stack.push_back(QuoteContext::kSingleQuoted);
        } else if (c == '"') {
          stack.push_back(QuoteContext::kDoubleQuoted);
        } else if (c == '$' && next_paren) {
          ++i;
          stack.push_back(QuoteContext::kWord);
        } else if (c == ')' && stack.size() > 1) {
          stack.pop_back();
        } else if (c == '#' && stack.size() == 1 && at_word_start) {
          return i;
        } else {
          word_start = EndsWord(c);
        }
        break;
    }
  }
  return std::string_view::npos;
}

CommandMarks ReadCommandMarks(std::string_view command) {
  CommandMarks marks;
  const std::size_t hash = ShellCommentStart(command);
  if (hash == std::string_view::npos) return marks;
  std::size_t at = hash + 1;
  while (at < command.size() && command[at] == ' ') ++at;
  if (std::size_t end = MarkAt(command, at, "needs root"); end != std::string_view::npos) {
    marks.requires_root = true;
    at = SkipSeparator(command, end);
  }
  if (MarkAt(command, at, "then reboot") != std::string_view::npos) marks.reboot_required = true;
  return marks;
}

std::string OverrideWorkaroundNote(std::string_view runs_as) {
  return "  # workaround, not a fix: the GPU then runs kernels built for " + ShellQuote(runs_as) +
         "; where the two ISAs differ that gives wrong results, hangs or crashes";
}

}  // namespace rocm_doctor
