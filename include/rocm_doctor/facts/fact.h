// SPDX-License-Identifier: MIT
#pragma once
// Fact<T>: one value read from the system with where it came from. Unknown is an empty value
// with the reason in `error` - never a made-up default (architecture rule 8).
#include <optional>
#include <string>
#include <utility>

namespace rocm_doctor {

template <class T>
struct Fact {
  std::optional<T> value;
  std::string source;  // the path or probe it was read from
  std::string error;   // why the value is unknown; empty when known or simply not present

  bool known() const { return value.has_value(); }
  const T& operator*() const { return *value; }
  const T* operator->() const { return &*value; }

  static Fact Known(T v, std::string src) { return Fact{std::move(v), std::move(src), {}}; }
  static Fact Unknown(std::string src, std::string why) {
    return Fact{std::nullopt, std::move(src), std::move(why)};
  }
};

}  // namespace rocm_doctor
