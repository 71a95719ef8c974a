// SPDX-License-Identifier: MIT
#pragma once
// A tiny compact JSON writer for the helper's one-line output. It escapes every string it is given
// into valid JSON: device names come from the driver and may hold control bytes or non-UTF-8.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rocm_doctor::hip_helper {

// `text` as a quoted JSON string. Control characters become \n, \t ... or \u00XX; bytes that are
// not well-formed UTF-8 (stray continuations, overlongs, surrogates, > U+10FFFF) become U+FFFD,
// one per offending byte, so the result always parses.
std::string JsonQuote(std::string_view text);

// Shortest round-trip decimal of `value`; "null" for NaN and infinities, which JSON cannot hold.
std::string JsonNumber(double value);

// Builds one compact JSON document. Calls must be balanced (Begin/End, Key before each member);
// misuse is a programming error, not input-dependent, so it is not checked at run time.
class JsonWriter {
 public:
  JsonWriter& BeginObject();
  JsonWriter& EndObject();
  JsonWriter& BeginArray();
  JsonWriter& EndArray();
  JsonWriter& Key(std::string_view key);

  JsonWriter& String(std::string_view value);
  JsonWriter& Int(std::int64_t value);
  JsonWriter& Double(double value);
  JsonWriter& Float(float value);  // shortest float text: 0.0512, not 0.051200002431869507
  JsonWriter& Bool(bool value);
  JsonWriter& Null();

  // Unknown values are null, never 0 (architecture rule 8).
  JsonWriter& NullableString(const std::optional<std::string>& value);
  JsonWriter& NullableInt(const std::optional<std::int64_t>& value);
  JsonWriter& NullableBool(const std::optional<bool>& value);

  const std::string& str() const { return out_; }

 private:
  void BeforeValue();
  void Open(char bracket);
  void Close(char bracket);

  std::string out_;
  std::vector<bool> first_in_scope_;  // one entry per open object/array
  bool after_key_ = false;
};

}  // namespace rocm_doctor::hip_helper
