// SPDX-License-Identifier: MIT
#include "fleet/json_cursor.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace rocm_doctor::fleet {
namespace {

bool IsSpace(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

void AppendUtf8(std::string& out, unsigned code) {
  if (code < 0x80) {
    out += static_cast<char>(code);
  } else if (code < 0x800) {
    out += static_cast<char>(0xC0 | (code >> 6));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else if (code < 0x10000) {
    out += static_cast<char>(0xE0 | (code >> 12));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (code >> 18));
    out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  }
}

std::uint64_t LoadWord(const char* p) {
  std::uint64_t word;
  std::memcpy(&word, p, sizeof word);
  return word;
}

// Whether any byte of `word` is '"', '\\' or below 0x20 (the bytes that end a plain run in a
// JSON string), with the classic "has a zero byte" / "has a byte less than n" bit tricks.
bool HasSpecialByte(std::uint64_t word) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
  constexpr std::uint64_t kHigh = 0x8080808080808080ULL;
  auto has_zero = [](std::uint64_t v) { return (v - kOnes) & ~v & kHigh; };
  const std::uint64_t quote = has_zero(word ^ (kOnes * '"'));
  const std::uint64_t backslash = has_zero(word ^ (kOnes * '\\'));
  const std::uint64_t control = (word - kOnes * 0x20) & ~word & kHigh;
  return (quote | backslash | control) != 0;
}

}  // namespace

bool JsonCursor::Fail(std::string_view what) {
  if (error_.empty()) {
    error_ = std::string(what) + " at byte " + std::to_string(pos_);
  }
  pos_ = text_.size();
  return false;
}

void JsonCursor::SkipSpace() {
  // Pretty-printed reports indent with runs of spaces: eight at a time.
  constexpr std::uint64_t kSpaces = 0x2020202020202020ULL;
  while (pos_ + 8 <= text_.size() && LoadWord(text_.data() + pos_) == kSpaces) pos_ += 8;
  while (pos_ < text_.size() && IsSpace(text_[pos_])) ++pos_;
}

JsonCursor::Kind JsonCursor::Peek() {
  if (!ok()) return Kind::kInvalid;
  SkipSpace();
  if (pos_ >= text_.size()) return Kind::kEnd;
  switch (text_[pos_]) {
    case '{':
      return Kind::kObject;
    case '[':
      return Kind::kArray;
    case '"':
      return Kind::kString;
    case 't':
    case 'f':
      return Kind::kBool;
    case 'n':
      return Kind::kNull;
    default:
      return text_[pos_] == '-' || IsDigit(text_[pos_]) ? Kind::kNumber : Kind::kInvalid;
  }
}

bool JsonCursor::Open(char bracket) {
  if (!ok()) return false;
  SkipSpace();
  if (pos_ >= text_.size() || text_[pos_] != bracket) {
    return Fail(bracket == '{' ? "expected an object" : "expected an array");
  }
  if (depth_ >= kMaxDepth) return Fail("nested too deeply");
  ++pos_;
  has_items_[depth_] = false;
  close_[depth_] = bracket == '{' ? '}' : ']';
  ++depth_;
  return true;
}

bool JsonCursor::EnterObject() { return Open('{'); }
bool JsonCursor::EnterArray() { return Open('['); }

// Returns true when another item follows (its ',' consumed), false at the closing bracket (then
// consumed and the container closed) or on an error.
bool JsonCursor::BeforeItem(char close) {
  if (!ok()) return false;
  if (depth_ == 0 || close_[depth_ - 1] != close)
    return Fail("cursor misuse: not in that container");
  SkipSpace();
  if (pos_ >= text_.size()) return Fail("unexpected end of text");
  if (text_[pos_] == close) {
    ++pos_;
    --depth_;
    return false;
  }
  if (has_items_[depth_ - 1]) {
    if (text_[pos_] != ',')
      return Fail(close == '}' ? "expected ',' or '}'" : "expected ',' or ']'");
    ++pos_;
    SkipSpace();
  }
  has_items_[depth_ - 1] = true;
  return true;
}

bool JsonCursor::NextKey(std::string_view& key) {
  if (!BeforeItem('}')) return false;
  if (pos_ >= text_.size() || text_[pos_] != '"') return Fail("expected a key");
  // Keys are plain ASCII in every report: view them in place; decode only one with escapes.
  std::size_t end = pos_ + 1;
  while (end < text_.size()) {
    const unsigned char c = static_cast<unsigned char>(text_[end]);
    if (c == '"' || c == '\\' || c < 0x20) break;
    ++end;
  }
  if (end < text_.size() && text_[end] == '"') {
    key = text_.substr(pos_ + 1, end - pos_ - 1);
    pos_ = end + 1;
  } else {
    key_buffer_.clear();
    if (!ScanString(&key_buffer_)) return false;
    key = key_buffer_;
  }
  SkipSpace();
  if (pos_ >= text_.size() || text_[pos_] != ':') return Fail("expected ':'");
  ++pos_;
  return true;
}

bool JsonCursor::NextObjectElement() {
  while (NextElement()) {
    if (Peek() == Kind::kObject) {
      EnterObject();
      return true;
    }
    Skip();
  }
  return false;
}

bool JsonCursor::NextElement() { return BeforeItem(']'); }

bool JsonCursor::Leave() {
  if (!ok() || depth_ == 0) return false;
  const int target = depth_ - 1;
  const char close = close_[target];
  std::string_view key;
  while (ok() && depth_ > target) {
    const bool more = close == '}' ? NextKey(key) : NextElement();
    if (more && !Skip()) return false;
  }
  return ok();
}

bool JsonCursor::ScanString(std::string* out) {
  ++pos_;  // the opening quote
  const char* data = text_.data();
  const std::size_t size = text_.size();
  while (true) {
    // Copy or skip the plain run up to the next quote, backslash or control character: eight
    // bytes at a time while none of them is one (the report's strings are long: messages,
    // evidence, paths), then byte by byte.
    std::size_t run = pos_;
    while (run + 8 <= size && !HasSpecialByte(LoadWord(data + run))) run += 8;
    while (run < size) {
      const unsigned char c = static_cast<unsigned char>(data[run]);
      if (c == '"' || c == '\\' || c < 0x20) break;
      ++run;
    }
    if (out != nullptr) out->append(data + pos_, run - pos_);
    pos_ = run;
    if (pos_ >= size) return Fail("unterminated string");
    const char c = data[pos_];
    if (c == '"') {
      ++pos_;
      return true;
    }
    if (c != '\\') return Fail("control character in a string");
    if (pos_ + 1 >= size) return Fail("unterminated string");
    const char e = data[pos_ + 1];
    pos_ += 2;
    char simple = 0;
    switch (e) {
      case '"':
        simple = '"';
        break;
      case '\\':
        simple = '\\';
        break;
      case '/':
        simple = '/';
        break;
      case 'b':
        simple = '\b';
        break;
      case 'f':
        simple = '\f';
        break;
      case 'n':
        simple = '\n';
        break;
      case 'r':
        simple = '\r';
        break;
      case 't':
        simple = '\t';
        break;
      case 'u':
        break;
      default:
        return Fail("invalid escape in a string");
    }
    if (simple != 0) {
      if (out != nullptr) *out += simple;
      continue;
    }
    auto hex4 = [&](unsigned& value) {
      if (pos_ + 4 > size) return false;
      value = 0;
      for (int i = 0; i < 4; ++i) {
        const int h = HexValue(data[pos_ + i]);
        if (h < 0) return false;
        value = value * 16 + static_cast<unsigned>(h);
      }
      pos_ += 4;
      return true;
    };
    unsigned code = 0;
    if (!hex4(code)) return Fail("invalid \\u escape");
    if (code >= 0xD800 && code <= 0xDBFF) {
      unsigned low = 0;
      if (pos_ + 2 <= size && data[pos_] == '\\' && data[pos_ + 1] == 'u') {
        pos_ += 2;
        if (!hex4(low)) return Fail("invalid \\u escape");
      }
      code = low >= 0xDC00 && low <= 0xDFFF ? 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                                            : 0xFFFD;  // a lone surrogate
    } else if (code >= 0xDC00 && code <= 0xDFFF) {
      code = 0xFFFD;
    }
    if (out != nullptr) AppendUtf8(*out, code);
  }
}

bool JsonCursor::ScanNumber(double* out) {
  const std::size_t start = pos_;
  const std::size_t size = text_.size();
  if (pos_ < size && text_[pos_] == '-') ++pos_;
  if (pos_ >= size || !IsDigit(text_[pos_])) return Fail("invalid number");
  if (text_[pos_] == '0') {
    ++pos_;
  } else {
    while (pos_ < size && IsDigit(text_[pos_])) ++pos_;
  }
  if (pos_ < size && text_[pos_] == '.') {
    ++pos_;
    if (pos_ >= size || !IsDigit(text_[pos_])) return Fail("invalid number");
    while (pos_ < size && IsDigit(text_[pos_])) ++pos_;
  }
  if (pos_ < size && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
    ++pos_;
    if (pos_ < size && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
    if (pos_ >= size || !IsDigit(text_[pos_])) return Fail("invalid number");
    while (pos_ < size && IsDigit(text_[pos_])) ++pos_;
  }
  if (out != nullptr) {
    double value = 0;
    auto [end, ec] = std::from_chars(text_.data() + start, text_.data() + pos_, value);
    // Out of range (1e999) is a valid JSON number that no double holds: infinity, never a crash.
    if (ec == std::errc::result_out_of_range) {
      value = text_[start] == '-' ? -HUGE_VAL : HUGE_VAL;
    } else if (ec != std::errc() || end != text_.data() + pos_) {
      return Fail("invalid number");
    }
    *out = value;
  }
  return true;
}

bool JsonCursor::ScanLiteral(std::string_view word) {
  if (text_.substr(pos_, word.size()) != word) return Fail("invalid literal");
  pos_ += word.size();
  return true;
}

bool JsonCursor::SkipValue(int depth) {
  if (depth >= kMaxDepth) return Fail("nested too deeply");
  switch (Peek()) {
    case Kind::kString:
      return ScanString(nullptr);
    case Kind::kNumber:
      return ScanNumber(nullptr);
    case Kind::kBool:
      return ScanLiteral(text_[pos_] == 't' ? "true" : "false");
    case Kind::kNull:
      return ScanLiteral("null");
    case Kind::kObject: {
      ++pos_;
      SkipSpace();
      if (pos_ < text_.size() && text_[pos_] == '}') {
        ++pos_;
        return true;
      }
      while (true) {
        SkipSpace();
        if (pos_ >= text_.size() || text_[pos_] != '"') return Fail("expected a key");
        if (!ScanString(nullptr)) return false;
        SkipSpace();
        if (pos_ >= text_.size() || text_[pos_] != ':') return Fail("expected ':'");
        ++pos_;
        if (!SkipValue(depth + 1)) return false;
        SkipSpace();
        if (pos_ >= text_.size()) return Fail("unexpected end of text");
        if (text_[pos_] == '}') {
          ++pos_;
          return true;
        }
        if (text_[pos_] != ',') return Fail("expected ',' or '}'");
        ++pos_;
      }
    }
    case Kind::kArray: {
      ++pos_;
      SkipSpace();
      if (pos_ < text_.size() && text_[pos_] == ']') {
        ++pos_;
        return true;
      }
      while (true) {
        if (!SkipValue(depth + 1)) return false;
        SkipSpace();
        if (pos_ >= text_.size()) return Fail("unexpected end of text");
        if (text_[pos_] == ']') {
          ++pos_;
          return true;
        }
        if (text_[pos_] != ',') return Fail("expected ',' or ']'");
        ++pos_;
      }
    }
    case Kind::kEnd:
      return Fail("unexpected end of text");
    case Kind::kInvalid:
      return ok() ? Fail("invalid value") : false;
  }
  return Fail("invalid value");
}

bool JsonCursor::Skip() { return ok() && SkipValue(depth_); }

bool JsonCursor::ReadString(std::string& out) {
  if (Peek() != Kind::kString) return ok() ? Fail("expected a string") : false;
  out.clear();
  return ScanString(&out);
}

bool JsonCursor::ReadNumber(double& out) {
  if (Peek() != Kind::kNumber) return ok() ? Fail("expected a number") : false;
  return ScanNumber(&out);
}

bool JsonCursor::ReadBool(bool& out) {
  if (Peek() != Kind::kBool) return ok() ? Fail("expected true or false") : false;
  out = text_[pos_] == 't';
  return ScanLiteral(out ? "true" : "false");
}

std::optional<std::string> JsonCursor::ReadOptionalString() {
  if (Peek() == Kind::kString) {
    std::string out;
    if (ScanString(&out)) return out;
    return std::nullopt;
  }
  Skip();
  return std::nullopt;
}

std::optional<double> JsonCursor::ReadOptionalNumber() {
  if (Peek() == Kind::kNumber) {
    double out = 0;
    if (ScanNumber(&out)) return out;
    return std::nullopt;
  }
  Skip();
  return std::nullopt;
}

bool JsonCursor::AtEnd() {
  if (!ok()) return false;
  SkipSpace();
  return pos_ == text_.size();
}

}  // namespace rocm_doctor::fleet
