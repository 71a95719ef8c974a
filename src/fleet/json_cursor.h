// SPDX-License-Identifier: MIT
#pragma once
// JsonCursor: a validating pull reader over one JSON text (RFC 8259) that builds nothing. Fleet
// summaries read tens of thousands of reports of ~25 KB each and need a dozen fields from each;
// building a DOM of every report (nlohmann) costs ~1 ms a report on the project's CI VM, which
// would put 10,000 reports at 10 s. The cursor walks the text once, decodes only the values
// asked for, and skips the rest (still checking its syntax), so a truncated or corrupt report is
// an error naming the byte offset, never a crash.
//
//   JsonCursor c(text);
//   if (!c.EnterObject()) ...;
//   std::string_view key;
//   while (c.NextKey(key)) {
//     if (key == "verdict") c.ReadString(verdict); else c.Skip();
//   }
//   if (!c.ok()) ... c.error();
//
// After an error every call returns false and error() keeps the first one.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace rocm_doctor::fleet {

class JsonCursor {
 public:
  enum class Kind { kObject, kArray, kString, kNumber, kBool, kNull, kEnd, kInvalid };

  explicit JsonCursor(std::string_view text) : text_(text) {}

  // The kind of the next value (after whitespace), without consuming it.
  Kind Peek();

  // Objects: EnterObject() consumes '{'; NextKey() reads the next key and its ':' and returns
  // true, or consumes '}' and returns false. The caller then reads or skips the value.
  bool EnterObject();
  // `key` views the text (or, for a key with escapes, a buffer of the cursor's): valid until the
  // next call.
  bool NextKey(std::string_view& key);
  // Arrays: EnterArray() consumes '['; NextElement() returns true when an element follows (the
  // caller reads or skips it) or consumes ']' and returns false.
  bool EnterArray();
  bool NextElement();
  // The next element of the array that is an object, entered; elements of other kinds are
  // skipped. False at the end of the array.
  bool NextObjectElement();
  // Skips what is left of the innermost open object or array and consumes its closing bracket.
  bool Leave();

  bool ReadString(std::string& out);  // escapes decoded, \u surrogate pairs to UTF-8
  bool ReadNumber(double& out);
  bool ReadBool(bool& out);
  // A string, or nullopt for null; any other value is skipped and also gives nullopt.
  std::optional<std::string> ReadOptionalString();
  // A number, or nullopt for null; any other value is skipped and also gives nullopt.
  std::optional<double> ReadOptionalNumber();
  bool Skip();  // any one value, its syntax checked

  // True when only whitespace is left.
  bool AtEnd();
  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  std::size_t offset() const { return pos_; }

  static constexpr int kMaxDepth = 200;  // deeper nesting is an error, never a stack overflow

 private:
  bool Fail(std::string_view what);
  void SkipSpace();
  bool Open(char bracket);
  bool BeforeItem(char close);  // the ',' between items, or the closing bracket
  bool ScanString(std::string* out);
  bool ScanNumber(double* out);
  bool ScanLiteral(std::string_view word);
  bool SkipValue(int depth);

  std::string_view text_;
  std::size_t pos_ = 0;
  std::string error_;
  std::string key_buffer_;  // a key that had escapes, decoded
  // The containers the caller is in: whether an item was read in each (so the next needs ',').
  bool has_items_[kMaxDepth] = {};
  char close_[kMaxDepth] = {};  // '}' or ']'
  int depth_ = 0;
};

}  // namespace rocm_doctor::fleet
