// SPDX-License-Identifier: MIT
#include "policy/policy_section.h"

#include <algorithm>

namespace rocm_doctor::policy_toml {
namespace {

// Errors reported at once; the rest would be noise caused by the first ones.
constexpr std::size_t kMaxErrors = 20;

}  // namespace

std::string OneOf(std::span<const std::string_view> names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    out += i == 0 ? "" : (i + 1 == names.size() ? " or " : ", ");
    out += "\"" + std::string(names[i]) + "\"";
  }
  return out;
}

std::string_view TypeName(const toml::node& node) {
  switch (node.type()) {
    case toml::node_type::table:
      return "a table";
    case toml::node_type::array:
      return "an array";
    case toml::node_type::string:
      return "a string";
    case toml::node_type::integer:
      return "an integer";
    case toml::node_type::floating_point:
      return "a floating-point number";
    case toml::node_type::boolean:
      return "a boolean";
    case toml::node_type::date:
    case toml::node_type::time:
    case toml::node_type::date_time:
      return "a date/time";
    case toml::node_type::none:
      break;
  }
  return "nothing";
}

const toml::source_region& RegionOf(const toml::table& table, std::string_view key) {
  const toml::node* node = table.get(key);
  return node != nullptr ? node->source() : table.source();
}

PolicySource Errors::At(const toml::source_region& region) const {
  return PolicySource{file_, static_cast<int>(region.begin.line),
                      static_cast<int>(region.begin.column)};
}

void Errors::Add(const toml::source_region& region, const std::string& message) {
  if (list_.size() < kMaxErrors) list_.push_back(At(region).ToString() + ": " + message);
}

void Errors::Add(const PolicySource& where, const std::string& message) {
  if (list_.size() < kMaxErrors) list_.push_back(where.ToString() + ": " + message);
}

std::string Errors::Joined() const {
  std::string out;
  for (const std::string& e : list_) out += (out.empty() ? "" : "\n") + e;
  return out;
}

std::string Section::Path(std::string_view key) const {
  return name_.empty() ? std::string(key) : name_ + "." + std::string(key);
}

const toml::node* Section::Get(std::string_view key) {
  known_.emplace_back(key);
  return table_.get(key);
}

std::optional<std::string> Section::String(std::string_view key) {
  const toml::node* node = Get(key);
  if (node == nullptr) return std::nullopt;
  if (!node->is_string()) {
    errors_.Add(node->source(),
                Path(key) + " must be a string, not " + std::string(TypeName(*node)));
    return std::nullopt;
  }
  return node->as_string()->get();
}

std::optional<std::string> Section::Choice(std::string_view key,
                                           std::span<const std::string_view> names) {
  std::optional<std::string> value = String(key);
  if (!value) return std::nullopt;
  if (std::find(names.begin(), names.end(), *value) == names.end()) {
    errors_.Add(Get(key)->source(),
                Path(key) + " is \"" + *value + "\"; it must be " + OneOf(names));
    return std::nullopt;
  }
  return value;
}

std::optional<std::int64_t> Section::Integer(std::string_view key, std::int64_t min,
                                             std::int64_t max) {
  const toml::node* node = Get(key);
  if (node == nullptr) return std::nullopt;
  if (!node->is_integer()) {
    errors_.Add(node->source(),
                Path(key) + " must be an integer, not " + std::string(TypeName(*node)));
    return std::nullopt;
  }
  std::int64_t value = node->as_integer()->get();
  if (value < min || value > max) {
    errors_.Add(node->source(), Path(key) + " is " + std::to_string(value) + "; it must be " +
                                    std::to_string(min) + " to " + std::to_string(max));
    return std::nullopt;
  }
  return value;
}

std::optional<double> Section::Positive(std::string_view key) {
  const toml::node* node = Get(key);
  if (node == nullptr) return std::nullopt;
  double value = 0;
  if (node->is_integer()) {
    value = static_cast<double>(node->as_integer()->get());
  } else if (node->is_floating_point()) {
    value = node->as_floating_point()->get();
  } else {
    errors_.Add(node->source(),
                Path(key) + " must be a number, not " + std::string(TypeName(*node)));
    return std::nullopt;
  }
  if (!(value > 0) || value > 1e9) {  // also rejects nan and inf
    errors_.Add(node->source(), Path(key) + " must be a number above 0 (and below 1e9)");
    return std::nullopt;
  }
  return value;
}

std::vector<PolicyName> Section::Strings(std::string_view key) {
  std::vector<PolicyName> out;
  const toml::node* node = Get(key);
  if (node == nullptr) return out;
  const toml::array* array = node->as_array();
  if (array == nullptr) {
    errors_.Add(node->source(),
                Path(key) + " must be an array of strings, not " + std::string(TypeName(*node)));
    return out;
  }
  for (std::size_t i = 0; i < array->size(); ++i) {
    const toml::node& item = *array->get(i);
    std::string where = Path(key) + "[" + std::to_string(i) + "]";
    if (!item.is_string()) {
      errors_.Add(item.source(), where + " must be a string, not " + std::string(TypeName(item)));
    } else if (item.as_string()->get().empty()) {
      errors_.Add(item.source(), where + " is empty");
    } else {
      out.push_back({item.as_string()->get(), errors_.At(item.source())});
    }
  }
  return out;
}

const toml::table* Section::Table(std::string_view key) {
  const toml::node* node = Get(key);
  if (node == nullptr) return nullptr;
  if (!node->is_table()) {
    errors_.Add(node->source(), Path(key) + " must be a table ([" + Path(key) + "]), not " +
                                    std::string(TypeName(*node)));
    return nullptr;
  }
  return node->as_table();
}

std::vector<const toml::table*> Section::Tables(std::string_view key) {
  std::vector<const toml::table*> out;
  const toml::node* node = Get(key);
  if (node == nullptr) return out;
  const toml::array* array = node->as_array();
  if (array == nullptr) {
    errors_.Add(node->source(), Path(key) + " must be an array of tables ([[" + Path(key) +
                                    "]]), not " + std::string(TypeName(*node)));
    return out;
  }
  for (std::size_t i = 0; i < array->size(); ++i) {
    const toml::node& item = *array->get(i);
    if (!item.is_table()) {
      errors_.Add(item.source(), Path(key) + "[" + std::to_string(i) + "] must be a table, not " +
                                     std::string(TypeName(item)));
    } else {
      out.push_back(item.as_table());
    }
  }
  return out;
}

void Section::Require(std::string_view key, const toml::source_region& where) {
  if (table_.get(key) == nullptr) errors_.Add(where, Path(key) + " is required");
}

void Section::RejectUnknown() {
  for (const auto& [key, node] : table_) {
    if (std::find(known_.begin(), known_.end(), key.str()) != known_.end()) continue;
    std::string message = "unknown key " + Path(key.str());
    std::string known;
    for (const std::string& k : known_) known += (known.empty() ? "" : ", ") + k;
    message +=
        name_.empty() ? " (a policy has " + known + ")" : " ([" + name_ + "] has " + known + ")";
    errors_.Add(key.source(), message);
  }
}

}  // namespace rocm_doctor::policy_toml
