// SPDX-License-Identifier: MIT
#pragma once
// Text escaping for the reporters. Report text comes from a machine (file contents, command
// output), so it may hold anything: invalid UTF-8, control bytes, markup. Each format escapes it
// so the document stays valid and shows the text as it was.
#include <string>
#include <string_view>

namespace rocm_doctor::report_text {

// `text` with every invalid UTF-8 sequence replaced by U+FFFD.
std::string ValidUtf8(std::string_view text);

// XML 1.0 character data and attribute values: & < > " ' as entities; characters XML 1.0
// cannot carry at all (C0 controls but tab, newline and carriage return; U+FFFE, U+FFFF) as
// U+FFFD; newlines kept (attribute values: as &#10;).
std::string XmlText(std::string_view text);
std::string XmlAttribute(std::string_view text);

// A rendered terminal page, safe to print: valid UTF-8; newlines and tabs kept; the doctor's
// own colour codes (written by PainterCode, never by data) turned into SGR sequences; every
// other C0/C1 control (ESC of any sequence, including a colour change that came with the data
// such as ESC[8m, "concealed", which would hide text that is still copied; BEL, CR, backspace,
// DEL, U+0080..U+009F, whose U+009B is a CSI on some terminals) and every bidi control
// (U+202A-202E, U+2066-2069, U+200E/F, U+061C: they reorder what the terminal shows) as '?'.
// Report text comes from the machine, and an escape sequence in a file must not reach the
// terminal.
std::string TerminalText(std::string_view rendered);

// The colour change `sgr` ("\033[31m", an ESC [ digits/; m sequence) as the doctor's own styling
// in a page for TerminalText: ESC is replaced by a marker drawn at random once per process, so
// no machine file, report or argument (all written before the process started) can hold it.
std::string PainterCode(std::string_view sgr);

// One value from a machine, probe, report or argument, safe to show on one line anywhere (an
// error message, a code block): valid UTF-8, every control character (newline and tab too)
// and bidi control as '?'.
std::string Printable(std::string_view text);

// A Prometheus text-format label value: \ " and newline escaped, valid UTF-8.
std::string PromLabel(std::string_view text);

// Markdown that GitHub renders as the literal text: markup characters backslash-escaped, HTML
// special characters as entities, newlines as spaces (MarkdownCell: as <br>, and | escaped).
std::string MarkdownText(std::string_view text);
std::string MarkdownCell(std::string_view text);
// A code span `text` that survives backticks inside the text; `in_table` escapes | (GitHub ends
// a table cell at | even inside a code span, and renders \| there as |).
std::string MarkdownCode(std::string_view text, bool in_table = false);
// The fence (``` or longer) for a code block holding `text`.
std::string MarkdownFence(std::string_view text);

}  // namespace rocm_doctor::report_text
