// SPDX-License-Identifier: MIT
#pragma once
// The width of a terminal page and word wrapping to it (issue 15, "output scales"). Fix commands
// are never wrapped: a command split over two lines does not paste.
#include <cstddef>
#include <string>
#include <string_view>

namespace rocm_doctor::terminal {

inline constexpr std::size_t kDefaultWidth = 100;
// Narrower than this, wrapping would make one word a line; a wider COLUMNS is taken as asked
// up to kMaxWidth (a hostile or mistyped COLUMNS=99999999 must not make one endless line).
inline constexpr std::size_t kMinWidth = 40;
inline constexpr std::size_t kMaxWidth = 1000;

// The page width: `columns` (the COLUMNS variable, nullptr when unset) when it is a plain
// decimal number, else the size of the terminal on `fd` (TIOCGWINSZ), else kDefaultWidth;
// clamped to [kMinWidth, kMaxWidth].
std::size_t PageWidth(const char* columns, int fd);
// PageWidth(getenv("COLUMNS"), STDOUT_FILENO).
std::size_t ProcessPageWidth();

// Word-wraps `text` (one line: newlines and tabs become spaces) so that no line passes `width`
// columns when its first line starts at column `first_column`; every following line starts with
// `indent`. A word longer than a line stays whole on its own line.
std::string Wrap(std::string_view text, std::size_t width, std::size_t first_column,
                 std::string_view indent);

}  // namespace rocm_doctor::terminal
