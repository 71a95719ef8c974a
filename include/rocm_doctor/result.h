// SPDX-License-Identifier: MIT
#pragma once
// Result<T>: a value or an error message. Collectors and checks return these instead of throwing
// across module boundaries (architecture rule 11).
#include <string>
#include <utility>
#include <variant>

namespace rocm_doctor {

struct Error {
  std::string message;
};

template <class T>
class Result {
 public:
  Result(T value) : v_(std::move(value)) {}  // NOLINT: implicit by design
  Result(Error error) : v_(std::move(error)) {}  // NOLINT

  bool ok() const { return std::holds_alternative<T>(v_); }
  explicit operator bool() const { return ok(); }
  const T& value() const& { return std::get<T>(v_); }
  T& value() & { return std::get<T>(v_); }
  T&& value() && { return std::get<T>(std::move(v_)); }
  const T* operator->() const { return &value(); }
  const T& operator*() const { return value(); }
  const std::string& error() const { return std::get<Error>(v_).message; }

 private:
  std::variant<T, Error> v_;
};

}  // namespace rocm_doctor
