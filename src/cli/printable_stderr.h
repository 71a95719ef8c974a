// SPDX-License-Identifier: MIT
#pragma once
// Everything rocm-doctor writes to std::cerr is made printable on its way out (issue 13, item
// 4): error messages quote paths, arguments, probe output and report fields, and an escape
// sequence in any of them (an OSC 52 clipboard write, a clear screen, ESC[8m concealed text in a
// --policy path) must reach the terminal as text. One filter at the stream instead of a call at
// each of the dozens of sites that build messages. The doctor's own control sequences on stderr
// (the bench progress line's "\r\033[K") go through RawStderr().
#include <ostream>

namespace rocm_doctor::cli {

// Installs the filter on std::cerr (once, in main): each line is passed through
// report_text::Printable (valid UTF-8; C0/C1 controls, DEL and bidi controls as '?'); newlines
// and tabs are kept.
void MakeStderrPrintable();

// The unfiltered stderr, for the doctor's own terminal control codes only.
std::ostream& RawStderr();

}  // namespace rocm_doctor::cli
