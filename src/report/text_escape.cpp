#include "report/text_escape.h"

#include <algorithm>
#include <cstdint>

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
    if (code < 0x20 || code == 0xFFFE || code == 0xFFFF) {
      out += kReplacement;
    } else {
      out += bytes;
    }
  });
  return out;
}

}  // namespace

std::string TerminalText(std::string_view rendered) {
  const std::string valid = ValidUtf8(rendered);
  const std::string_view text = valid;
  std::string out;
  out.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    std::uint32_t code = 0;
    const std::size_t length = SequenceAt(text, at, code);  // never 0: the text is valid
    if (code == 0x1B && at + 1 < text.size() && text[at + 1] == '[') {
      // ESC [ (digit | ;)* m: a colour change, the only sequence the reporters write.
      std::size_t end = at + 2;
      while (end < text.size() && end - at < 24 &&
             ((text[end] >= '0' && text[end] <= '9') || text[end] == ';')) {
        ++end;
      }
      if (end < text.size() && text[end] == 'm') {
        out += text.substr(at, end + 1 - at);
        at = end + 1;
        continue;
      }
    }
    const bool control = code < 0x20 || code == 0x7F || (code >= 0x80 && code <= 0x9F);
    if (control && code != '\n' && code != '\t') {
      out += '?';
    } else {
      out += text.substr(at, length);
    }
    at += length;
  }
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
    if (code < 0x20 && code != '\t') {
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
    clean += code == '\n' || code == '\r' ? std::string_view(" ") : bytes;
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
