// SPDX-License-Identifier: MIT
#pragma once
// The checked reading of the policy's TOML tables: every key is read through a Section that
// remembers which keys were asked for, so any other key is an error at its own line and column;
// Errors collects those messages (at most 20: the rest would be noise caused by the first).
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "policy/toml_lib.h"
#include "rocm_doctor/policy.h"

namespace rocm_doctor::policy_toml {

// "\"a\", \"b\" or \"c\"".
std::string OneOf(std::span<const std::string_view> names);
// "a string", "an integer", ...: a node's type as an error message names it.
std::string_view TypeName(const toml::node& node);
// Where `key` of `table` is written, else where the table is.
const toml::source_region& RegionOf(const toml::table& table, std::string_view key);

class Errors {
 public:
  explicit Errors(std::string file) : file_(std::move(file)) {}

  PolicySource At(const toml::source_region& region) const;
  void Add(const toml::source_region& region, const std::string& message);
  void Add(const PolicySource& where, const std::string& message);
  bool empty() const { return list_.empty(); }
  std::string Joined() const;
  const std::string& file() const { return file_; }

 private:
  std::string file_;
  std::vector<std::string> list_;
};

// One TOML table of the policy. Every Get marks its key as known; RejectUnknown() reports the
// others at the place they are written.
class Section {
 public:
  Section(const toml::table& table, std::string name, Errors& errors)
      : table_(table), name_(std::move(name)), errors_(errors) {}

  std::string Path(std::string_view key) const;

  const toml::node* Get(std::string_view key);

  std::optional<std::string> String(std::string_view key);

  std::optional<std::string> Choice(std::string_view key, std::span<const std::string_view> names);

  std::optional<std::int64_t> Integer(std::string_view key, std::int64_t min, std::int64_t max);

  // An integer or a float, greater than zero.
  std::optional<double> Positive(std::string_view key);

  // An array of non-empty strings, with where each one is written.
  std::vector<PolicyName> Strings(std::string_view key);

  const toml::table* Table(std::string_view key);

  // [[key]] entries; each must be a table.
  std::vector<const toml::table*> Tables(std::string_view key);

  void Require(std::string_view key, const toml::source_region& where);

  void RejectUnknown();

 private:
  const toml::table& table_;
  std::string name_;
  Errors& errors_;
  std::vector<std::string> known_;
};

}  // namespace rocm_doctor::policy_toml
