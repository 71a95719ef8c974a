// SPDX-License-Identifier: MIT
#pragma once
// Character and placeholder helpers shared by the redactor's files (redact*.cpp); not an API.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace rocm_doctor::redact_detail {

inline constexpr std::size_t kMaxValue = 128;  // longer "values" after a key are prose, not ids

inline bool IsDigit(char c) { return c >= '0' && c <= '9'; }
inline bool IsHex(char c) { return IsDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
inline bool IsAlnum(char c) {
  return IsDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
inline bool IsNameChar(char c) { return IsAlnum(c) || c == '_' || c == '-'; }
inline char LowerChar(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

inline std::string Lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = LowerChar(c);
  return out;
}

inline char At(std::string_view text, std::size_t i) { return i < text.size() ? text[i] : '\0'; }
inline char Before(std::string_view text, std::size_t at) { return at == 0 ? '\0' : text[at - 1]; }

// `word` (lower case) at `at`, in any case.
inline bool StartsWithNoCase(std::string_view text, std::size_t at, std::string_view word) {
  if (at > text.size() || text.size() - at < word.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i) {
    if (LowerChar(text[at + i]) != word[i]) return false;
  }
  return true;
}

// The length of the run of characters `keep` accepts from `at`, at most `max`.
template <class Pred>
std::size_t RunLength(std::string_view text, std::size_t at, Pred keep, std::size_t max = 256) {
  std::size_t n = 0;
  while (at + n < text.size() && n < max && keep(text[at + n])) ++n;
  return n;
}

// `digits` as a number in base 16 or 10; false when empty, not all digits of the base, or over
// 64 bits (a KFD unique_id is a u64: up to 20 decimal digits).
bool ParseNumber(std::string_view digits, bool hex, std::uint64_t& number);

// `number` with at least `width` digits, in hex (upper or lower case) or decimal.
std::string Padded(std::uint64_t number, std::size_t width, bool hex, bool upper);

bool IsUuidAt(std::string_view text, std::size_t at);
std::string UuidPlaceholder(std::size_t index, std::string_view value);

// Accounts every machine of a kind has, and words of this domain a user name could collide with.
bool IsCommonName(std::string_view name);

}  // namespace rocm_doctor::redact_detail
