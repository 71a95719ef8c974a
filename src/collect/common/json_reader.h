// SPDX-License-Identifier: MIT
#pragma once
// Strict, typed reads out of nlohmann::json objects for the parsers of helper output
// (hip_probe_parse.cpp, hip_bench_parse.cpp). The text comes from a child that may have been
// half-killed, or from a recording anyone can edit: every key is type-checked, numbers are
// range-checked, and the first problem is kept with its JSON path ("devices[1].compute_units:
// expected an integer, got string").
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace rocm_doctor::parse {

// "integer", "number 1.5", "string", ...: the JSON type as an error message names it.
inline std::string JsonTypeName(const nlohmann::json& value) {
  if (value.is_number_integer()) return "integer";
  if (value.is_number_float()) return "number " + value.dump();
  return value.type_name();
}

// The nesting depth of `text`, brackets inside strings not counted. nlohmann's parser is
// iterative, but a hostile recording of 4 MiB of '[' still costs memory and time for nothing.
inline std::size_t JsonNestingDepth(std::string_view text) {
  std::size_t depth = 0, max_depth = 0;
  bool in_string = false, escaped = false;
  for (char c : text) {
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      max_depth = std::max(max_depth, ++depth);
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return max_depth;
}

class JsonFieldReader {
 public:
  using json = nlohmann::json;

  // Strings longer than `max_string_bytes` are cut to it.
  JsonFieldReader(std::string* error, std::size_t max_string_bytes)
      : error_(error), max_string_bytes_(max_string_bytes) {}

  bool Fail(const std::string& path, const std::string& what) {
    if (error_->empty()) *error_ = path + ": " + what;
    return false;
  }
  bool ok() const { return error_->empty(); }

  // An integer in [min, max]; null or a missing key is nullopt unless `required`.
  bool Int(const json& object, const char* key, const std::string& path,
           std::optional<std::int64_t>* out, bool required = false, std::int64_t min = 0,
           std::int64_t max = std::numeric_limits<std::int64_t>::max()) {
    const std::string where = Join(path, key);
    auto it = object.find(key);
    if (it == object.end() || it->is_null()) {
      if (required) return Fail(where, it == object.end() ? "missing" : "must not be null");
      out->reset();
      return true;
    }
    if (!it->is_number_integer()) {
      return Fail(where, "expected an integer, got " + JsonTypeName(*it));
    }
    std::int64_t value = 0;
    if (it->is_number_unsigned()) {
      const auto u = it->get<std::uint64_t>();
      if (u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
        return Fail(where, it->dump() + " is out of range");
      }
      value = static_cast<std::int64_t>(u);
    } else {
      value = it->get<std::int64_t>();
    }
    if (value < min || value > max) return Fail(where, it->dump() + " is out of range");
    *out = value;
    return true;
  }

  // A number (integer or not); null or a missing key is nullopt unless `required`.
  bool Number(const json& object, const char* key, const std::string& path,
              std::optional<double>* out, bool required = false) {
    const std::string where = Join(path, key);
    auto it = object.find(key);
    if (it == object.end() || it->is_null()) {
      if (required) return Fail(where, it == object.end() ? "missing" : "must not be null");
      out->reset();
      return true;
    }
    if (!it->is_number()) return Fail(where, "expected a number, got " + JsonTypeName(*it));
    *out = it->get<double>();
    return true;
  }

  bool String(const json& object, const char* key, const std::string& path,
              std::optional<std::string>* out, bool required = false) {
    const std::string where = Join(path, key);
    auto it = object.find(key);
    if (it == object.end() || it->is_null()) {
      if (required) return Fail(where, it == object.end() ? "missing" : "must not be null");
      out->reset();
      return true;
    }
    if (!it->is_string()) return Fail(where, "expected a string, got " + JsonTypeName(*it));
    std::string value = it->get<std::string>();
    if (value.size() > max_string_bytes_) value.resize(max_string_bytes_);
    *out = std::move(value);
    return true;
  }

  bool Bool(const json& object, const char* key, const std::string& path, std::optional<bool>* out,
            bool required = false) {
    const std::string where = Join(path, key);
    auto it = object.find(key);
    if (it == object.end() || it->is_null()) {
      if (required) return Fail(where, it == object.end() ? "missing" : "must not be null");
      out->reset();
      return true;
    }
    if (!it->is_boolean()) return Fail(where, "expected true or false, got " + JsonTypeName(*it));
    *out = it->get<bool>();
    return true;
  }

  // An object, or nullptr for null / a missing key (and for a wrong type, with the error kept).
  const json* Object(const json& object, const char* key, const std::string& path) {
    auto it = object.find(key);
    if (it == object.end() || it->is_null()) return nullptr;
    if (!it->is_object()) {
      Fail(Join(path, key), "expected an object or null, got " + JsonTypeName(*it));
      return nullptr;
    }
    return &*it;
  }

  static std::string Join(const std::string& path, const char* key) {
    return path.empty() ? std::string(key) : path + "." + key;
  }

 private:
  std::string* error_;
  std::size_t max_string_bytes_;
};

}  // namespace rocm_doctor::parse
