// SPDX-License-Identifier: MIT
#include "report/terminal_layout.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdlib>

#include "report/terminal_style.h"

namespace rocm_doctor::terminal {
namespace {

std::size_t Clamp(std::size_t width) {
  if (width < kMinWidth) return kMinWidth;
  if (width > kMaxWidth) return kMaxWidth;
  return width;
}

}  // namespace

std::size_t PageWidth(const char* columns, int fd) {
  if (columns != nullptr && *columns != '\0') {
    // Digits only, at most 6 of them: "80", not "80x", "-1", " 80" or an overflow.
    std::size_t value = 0;
    std::size_t digits = 0;
    const char* c = columns;
    for (; *c >= '0' && *c <= '9' && digits < 7; ++c, ++digits) value = value * 10 + (*c - '0');
    if (*c == '\0' && digits > 0 && digits <= 6 && value > 0) return Clamp(value);
  }
  struct winsize size {};
  if (ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return Clamp(size.ws_col);
  return kDefaultWidth;
}

std::size_t ProcessPageWidth() { return PageWidth(std::getenv("COLUMNS"), STDOUT_FILENO); }

std::string Wrap(std::string_view raw, std::size_t width, std::size_t first_column,
                 std::string_view indent) {
  // Machine text on one line: a newline in a file name or a message would start a line of the
  // page that looks like the doctor's own (a fake "Fix:" or a bare `rm -rf ~`).
  std::string text(raw);
  for (char& c : text) {
    if (c == '\n' || c == '\t') c = ' ';
  }
  std::string out;
  std::size_t column = first_column;
  bool line_empty = true;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find(' ', pos);
    if (end == std::string::npos) end = text.size();
    const std::string_view word = std::string_view(text).substr(pos, end - pos);
    const std::size_t cols = Columns(word);
    if (!line_empty && column + 1 + cols > width) {
      out += '\n';
      out += indent;
      column = Columns(indent);
    } else if (!line_empty) {
      out += ' ';
      ++column;
    }
    out += word;
    column += cols;
    line_empty = false;
    pos = end + 1;
  }
  return out;
}

}  // namespace rocm_doctor::terminal
