// SPDX-License-Identifier: MIT
#include "cli/printable_stderr.h"

#include <iostream>
#include <streambuf>
#include <string>

#include "report/text_escape.h"

namespace rocm_doctor::cli {
namespace {

// Collects a line, then writes it printable. A flush without a newline (a prompt, a progress
// text) writes what it has; a UTF-8 sequence cut there prints as U+FFFD.
class PrintableLineBuf : public std::streambuf {
 public:
  explicit PrintableLineBuf(std::streambuf* out) : out_(out) {}

 protected:
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    Put(traits_type::to_char_type(c));
    return c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    for (std::streamsize i = 0; i < n; ++i) Put(s[i]);
    return n;
  }
  int sync() override {
    Emit();
    return out_->pubsync();
  }

 private:
  void Put(char c) {
    if (c == '\n' || c == '\t') {
      Emit();
      out_->sputc(c);
    } else {
      pending_ += c;
    }
  }
  void Emit() {
    if (pending_.empty()) return;
    const std::string text = report_text::Printable(pending_);
    out_->sputn(text.data(), static_cast<std::streamsize>(text.size()));
    pending_.clear();
  }

  std::streambuf* out_;
  std::string pending_;
};

std::streambuf* g_raw = nullptr;

}  // namespace

void MakeStderrPrintable() {
  if (g_raw != nullptr) return;
  g_raw = std::cerr.rdbuf();
  static PrintableLineBuf filter(g_raw);
  std::cerr.rdbuf(&filter);
  // std::cerr is unit-buffered: every << ends in a flush, so a message never waits in `filter`.
}

std::ostream& RawStderr() {
  static std::ostream raw(g_raw != nullptr ? g_raw : std::cerr.rdbuf());
  return raw;
}

}  // namespace rocm_doctor::cli
