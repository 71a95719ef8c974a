// SPDX-License-Identifier: MIT
#include "report/text_escape.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <exception>
#include <random>

namespace rocm_doctor::report_text {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// Decodes one UTF-8 sequence at `at`; returns its length, or 0 when it is invalid (overlong,
// surrogate, above U+10FFFF, truncated).
std::size_t SequenceAt(std::string_view text, std::size_t at, std::uint32_t& code) {
  auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[at + i]); };
  unsigned char lead = byte(0);
  std::size_t length = 0;
  if (lead < 0x80) {
    code = lead;
    return 1;
  }
  if ((lead & 0xE0) == 0xC0) {
    length = 2;
    code = lead & 0x1F;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3;
    code = lead & 0x0F;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4;
    code = lead & 0x07;
  } else {
    return 0;
  }
  if (at + length > text.size()) return 0;
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(i) & 0xC0) != 0x80) return 0;
    code = (code << 6) | (byte(i) & 0x3F);
  }
  static constexpr std::uint32_t kMinimum[] = {0, 0, 0x80, 0x800, 0x10000};
  if (code < kMinimum[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return 0;
  return length;
}

// Calls `emit(code, bytes)` for each character of valid UTF-8, U+FFFD for each invalid byte.
template <class Emit>
void ForEachCharacter(std::string_view text, Emit emit) {
  for (std::size_t at = 0; at < text.size();) {
    std::uint32_t code = 0;
    std::size_t length = SequenceAt(text, at, code);
    if (length == 0) {
      emit(0xFFFD, kReplacement);
      ++at;
    } else {
      emit(code, text.substr(at, length));
      at += length;
    }
  }
}

// Characters no report format shows as themselves: C0 controls, DEL, C1 controls (U+009B is a
// CSI on some terminals) and the bidi controls that reorder the displayed text around them
// ("Trojan Source": a line that reads one way and runs another).
bool Unprintable(std::uint32_t code) {
  return code < 0x20 || code == 0x7F || (code >= 0x80 && code <= 0x9F) ||
         (code >= 0x202A && code <= 0x202E) || (code >= 0x2066 && code <= 0x2069) ||
         code == 0x200E || code == 0x200F || code == 0x061C;
}

// What the painter writes instead of ESC: DEL and 32 hex digits drawn once per process. Data
// reaching a page was written before this process drew them, so it cannot carry the marker;
// TerminalText turns the marker back into ESC and every other ESC into '?'.
const std::string& Marker() {
  static const std::string marker = [] {
    std::uint64_t halves[2] = {0, 0};
    try {
      std::random_device device;
      for (std::uint64_t& h : halves) h = (std::uint64_t{device()} << 32) ^ device();
    } catch (const std::exception&) {
      // No entropy source: the clock and an address still differ from run to run.
      halves[0] = static_cast<std::uint64_t>(
          std::chrono::high_resolution_clock::now().time_since_epoch().count());
      halves[1] = reinterpret_cast<std::uintptr_t>(&halves) ^ (halves[0] >> 7);
    }
    static constexpr char kHex[] = "0123456789abcdef";
    std::string m = "\x7f";
    for (std::uint64_t h : halves) {
      for (int shift = 60; shift >= 0; shift -= 4) m += kHex[(h >> shift) & 0xF];
    }
    return m;
  }();
  return marker;
}

std::string Xml(std::string_view text, bool attribute) {
  std::string out;
  out.reserve(text.size());
  ForEachCharacter(text, [&](std::uint32_t code, std::string_view bytes) {
    switch (code) {
      case '&':
        out += "&amp;";
        return;
      case '<':
        out += "&lt;";
        return;
      case '>':
        out += "&gt;";
        return;
      case '"':
        out += attribute ? "&quot;" : "\"";
        return;
      case '\'':
        out += attribute ? "&apos;" : "'";
        return;
      case '\n':
        out += attribute ? "&#10;" : "\n";
        return;
      case '\r':
        out += "&#13;";
        return;
      case '\t':
        out += attribute ? "&#9;" : "\t";
        return;
      default:
        break;
    }
    if (Unprintable(code) || code == 0xFFFE || code == 0xFFFF) {
      out += kReplacement;
    } else {
      out += bytes;
    }
  });
  return out;
}

}  // namespace

std::string TerminalText(std::string_view rendered) {
  const std::string& marker = Marker();
  const std::string valid = ValidUtf8(rendered);
  const std::string_view text = valid;
  std::string out;
  out.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    if (text.compare(at, marker.size(), marker) == 0) {
      // marker [ (digit | ;)* m: the painter's colour change, the only escape a page may hold.
      const std::size_t start = at + marker.size();
      std::size_t end = start;
      if (end < text.size() && text[end] == '[') {
        ++end;
        while (end < text.size() && end - start < 24 &&
               ((text[end] >= '0' && text[end] <= '9') || text[end] == ';')) {
          ++end;
        }
        if (end < text.size() && text[end] == 'm') {
          out += '\x1b';
          out += text.substr(start, end + 1 - start);
          at = end + 1;
          continue;
        }
      }
    }
    std::uint32_t code = 0;
    const std::size_t length = SequenceAt(text, at, code);  // never 0: the text is valid
    if (Unprintable(code) && code != '\n' && code != '\t') {
      out += '?';
    } else {
      out += text.substr(at, length);
    }
    at += length;
  }
  return out;
}

std::string PainterCode(std::string_view sgr) {
  if (sgr.empty() || sgr.front() != '\x1b') return std::string(sgr);
  return Marker() + std::string(sgr.substr(1));
}

std::string Printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  ForEachCharacter(text, [&](std::uint32_t code, std::string_view bytes) {
    if (Unprintable(code)) {
      out += '?';
    } else {
      out += bytes;
    }
  });
  return out;
}

std::string ValidUtf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  ForEachCharacter(text, [&](std::uint32_t, std::string_view bytes) { out += bytes; });
  return out;
}

std::string XmlText(std::string_view text) { return Xml(text, false); }
std::string XmlAttribute(std::string_view text) { return Xml(text, true); }

std::string PromLabel(std::string_view text) {
  std::string out;
  ForEachCharacter(text, [&](std::uint32_t code, std::string_view bytes) {
    if (code == '\\') {
      out += "\\\\";
    } else if (code == '"') {
      out += "\\\"";
    } else if (code == '\n') {
      out += "\\n";
    } else if (Unprintable(code)) {
      out += kReplacement;  // an ESC in a label must not reach whoever curls the metrics
    } else {
      out += bytes;
    }
  });
  return out;
}

namespace {

std::string Markdown(std::string_view text, bool cell) {
  std::string out;
  ForEachCharacter(text, [&](std::uint32_t code, std::string_view bytes) {
    switch (code) {
      case '&':
        out += "&amp;";
        return;
      case '<':
        out += "&lt;";
        return;
      case '>':
        out += "&gt;";
        return;
      case '\n':
        out += cell ? "<br>" : " ";
        return;
      case '\r':
        return;
      case '\\':
      case '`':
      case '*':
      case '_':
      case '[':
      case ']':
      case '|':
      case '#':
      case '~':
        out += '\\';
        out += static_cast<char>(code);
        return;
      default:
        break;
    }
    if (Unprintable(code) && code != '\t') {
      out += kReplacement;
    } else {
      out += bytes;
    }
  });
  return out;
}

std::size_t LongestBacktickRun(std::string_view text) {
  std::size_t longest = 0, run = 0;
  for (char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return longest;
}

}  // namespace

std::string MarkdownText(std::string_view text) { return Markdown(text, false); }
std::string MarkdownCell(std::string_view text) { return Markdown(text, true); }

std::string MarkdownCode(std::string_view text, bool in_table) {
  std::string clean;
  ForEachCharacter(text, [&](std::uint32_t code, std::string_view bytes) {
    if (code == '\n' || code == '\r') {
      clean += ' ';
    } else if (Unprintable(code) && code != '\t') {
      clean += kReplacement;
    } else {
      clean += bytes;
    }
  });
  std::string escaped;
  for (char c : clean) {
    if (in_table && c == '|') escaped += '\\';
    escaped += c;
  }
  std::string ticks(LongestBacktickRun(clean) + 1, '`');
  bool pad = !escaped.empty() && (escaped.front() == '`' || escaped.back() == '`');
  return ticks + (pad ? " " : "") + escaped + (pad ? " " : "") + ticks;
}

std::string MarkdownFence(std::string_view text) {
  return std::string(std::max<std::size_t>(3, LongestBacktickRun(text) + 1), '`');
}

}  // namespace rocm_doctor::report_text
