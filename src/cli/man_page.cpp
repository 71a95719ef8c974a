// SPDX-License-Identifier: MIT
#include "cli/man_page.h"

#include <fmt/format.h>

#include <cctype>
#include <cstdint>

namespace rocm_doctor::cli {
namespace {

// One UTF-8 sequence at `at` as a code point; advances `at`. An invalid byte reads as U+FFFD.
char32_t NextCodePoint(std::string_view text, std::size_t& at) {
  const auto byte = static_cast<unsigned char>(text[at]);
  const int length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1;
  if (byte < 0xC0 || byte > 0xF4 || at + length > text.size()) {
    ++at;
    return 0xFFFD;
  }
  char32_t code = byte & (0x7F >> length);
  for (int i = 1; i < length; ++i) {
    const auto next = static_cast<unsigned char>(text[at + i]);
    if ((next & 0xC0) != 0x80) {
      ++at;
      return 0xFFFD;
    }
    code = (code << 6) | (next & 0x3F);
  }
  at += length;
  return code;
}

// "rocm-doctor: tells why ..." (the app's description, as --help starts) as a sentence.
std::string Sentence(std::string_view summary) {
  if (summary.rfind("rocm-doctor: ", 0) == 0) summary.remove_prefix(13);
  std::string text(summary);
  if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text + ".";
}

std::string Bold(std::string_view text) { return "\\fB" + RoffText(text) + "\\fR"; }
std::string Italic(std::string_view text) { return "\\fI" + RoffText(text) + "\\fR"; }

// "-o, --output TEXT" for a .TP tag; the choices of a --format follow the value.
std::string OptionTag(const OptionModel& option) {
  if (option.names.empty()) {
    return Italic(option.positional) + (option.repeatable ? " ..." : "");
  }
  std::string tag;
  for (const std::string& name : option.names) tag += (tag.empty() ? "" : ", ") + Bold(name);
  if (option.takes_value) tag += " " + Italic(option.value_name.empty() ? "VALUE" : option.value_name);
  if (!option.choices.empty()) {
    std::string set;
    for (const std::string& c : option.choices) set += (set.empty() ? "" : ", ") + Bold(c);
    tag += " (" + set + ")";
  }
  if (option.repeatable) tag += " ...";
  return tag;
}

std::string Synopsis(const CommandModel& command) {
  std::string line = ".B rocm\\-doctor";
  for (const std::string& word : command.path) line += " " + RoffText(word);
  line += "\n[\\fIOPTIONS\\fR]";
  for (const OptionModel& option : command.options) {
    if (!option.names.empty()) continue;
    line += " [" + Italic(option.positional) + (option.repeatable ? " ...]" : "]");
  }
  if (!command.subcommands.empty()) line += " \\fISUBCOMMAND\\fR";
  return line + "\n";
}

std::string ExitList(std::span<const ExitCodeLine> codes) {
  std::string out;
  for (const ExitCodeLine& line : codes) {
    out += fmt::format(".TP\n.B {}\n{}\n", ToInt(line.code), RoffText(line.meaning));
  }
  return out;
}

std::string OptionList(const CommandModel& command) {
  std::string out;
  for (const OptionModel& option : command.options) {
    out += ".TP\n" + OptionTag(option) + "\n" + RoffText(option.help) + "\n";
  }
  return out;
}

// A command and, below it, its subcommands (fleet summarize).
std::string CommandSection(const CommandModel& command) {
  std::string title;
  for (const std::string& word : command.path) title += (title.empty() ? "" : " ") + word;
  std::string out = ".SS \"" + RoffText(title) + "\"\n" + RoffText(command.summary) + "\n.PP\n" +
                    Synopsis(command) + OptionList(command);
  if (!command.subcommands.empty()) {
    out += ".PP\nSubcommands:\n.RS\n";
    for (const CommandModel& sub : command.subcommands) {
      out += ".TP\n" + Bold(sub.path.back()) + "\n" + RoffText(sub.summary) + "\n";
    }
    out += ".RE\n";
  }
  if (!command.exit_codes.empty()) out += ".PP\nExit status:\n.RS\n" + ExitList(command.exit_codes) + ".RE\n";
  for (const CommandModel& sub : command.subcommands) out += CommandSection(sub);
  return out;
}

}  // namespace

std::string RoffText(std::string_view text) {
  std::string out;
  bool line_start = true;
  for (std::size_t at = 0; at < text.size();) {
    const char c = text[at];
    if (line_start && (c == '.' || c == '\'')) out += "\\&";
    // A line that starts with blanks is a break in roff: the blanks are dropped instead.
    if (line_start && c == ' ') {
      ++at;
      continue;
    }
    line_start = false;
    if (static_cast<unsigned char>(c) >= 0x80) {
      const char32_t code = NextCodePoint(text, at);
      out += fmt::format("\\[u{:04X}]", static_cast<std::uint32_t>(code));
      continue;
    }
    ++at;
    if (c == '\\') {
      out += "\\e";
    } else if (c == '-') {
      out += "\\-";
    } else if (c == '\n') {
      out += '\n';
      line_start = true;
    } else if (static_cast<unsigned char>(c) >= 0x20 && c != 0x7F) {
      out += c;
    } else if (c == '\t') {
      out += ' ';
    }
  }
  return out;
}

std::string ManPage(const CommandModel& program, std::span<const ExitCodeLine> program_exits,
                    const ManPagePaths& paths) {
  std::string page =
      ".\\\" Generated by `rocm-doctor man` from the command table; do not edit.\n"
      ".TH ROCM\\-DOCTOR 1 \"" ROCMDOC_MAN_DATE "\" \"rocm\\-doctor " ROCMDOC_VERSION "\" \"User Commands\"\n"
      ".SH NAME\nrocm\\-doctor \\- tells why an AMD ROCm GPU stack does not work, and proves it "
      "when it does\n.SH SYNOPSIS\n.B rocm\\-doctor\n[\\fICOMMAND\\fR] [\\fIOPTIONS\\fR]\n"
      ".SH DESCRIPTION\n" +
      RoffText(Sentence(program.summary)) +
      "\n.PP\nWithout a command, \\fBrocm\\-doctor\\fR runs \\fBcheck\\fR. Every finding a report "
      "names by its code is explained by \\fBrocm\\-doctor explain\\fR \\fICODE\\fR (the catalog is "
      "in the program; \\fBexplain \\-\\-all\\fR lists every code). The help of a command, "
      "\\fBrocm\\-doctor help\\fR \\fICOMMAND\\fR, says what this page says about it.\n"
      ".SH OPTIONS\n" +
      OptionList(program) + ".SH COMMANDS\n";
  for (const CommandModel& command : program.subcommands) page += CommandSection(command);
  page += ".SH EXIT STATUS\n" + ExitList(program_exits) +
          ".PP\nEach command's own list is under its entry in COMMANDS.\n";
  page += ".SH FILES\n.TP\n" + Italic(paths.helper) +
          "\nThe GPU probe helper the doctor runs (it looks next to its own binary first, in "
          "\\fI../libexec/rocm\\-doctor/\\fR).\n.TP\n" +
          Italic(std::string(paths.doc_dir) + "/findings.md") +
          "\nEvery finding code with its explanation and fix, as \\fBrocm\\-doctor explain "
          "\\-\\-all \\-\\-format markdown\\fR prints it.\n.TP\n" +
          Italic(std::string(paths.doc_dir) + "/report.schema.json") +
          "\nThe JSON report's schema (\\fBcheck \\-\\-format json\\fR).\n";
  page += ".SH SEE ALSO\n\\fBrocm\\-doctor explain \\-\\-all\\fR, \\fBlspci\\fR(8), "
          "\\fBdmesg\\fR(1), \\fBmodprobe.d\\fR(5); the documents in \\fI" +
          RoffText(paths.doc_dir) + "\\fR.\n";
  return page;
}

}  // namespace rocm_doctor::cli
