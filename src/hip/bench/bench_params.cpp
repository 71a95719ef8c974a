// SPDX-License-Identifier: MIT
#include <algorithm>

#include "hip/bench/bench_report.h"
#include "hip/json_writer.h"

namespace rocm_doctor::hip_helper {

const char* BenchStatusName(BenchStatus status) {
  switch (status) {
    case BenchStatus::kOk:
      return "ok";
    case BenchStatus::kSkipped:
      return "skipped";
    case BenchStatus::kFailed:
      return "failed";
    case BenchStatus::kVerifyFailed:
      return "verify_failed";
    case BenchStatus::kTimeout:
      return "timeout";
  }
  return "failed";
}

BenchParams& BenchParams::SetRaw(const std::string& key, std::string json) {
  const auto it = std::find_if(items_.begin(), items_.end(),
                               [&key](const auto& item) { return item.first == key; });
  if (it != items_.end()) {
    it->second = std::move(json);
  } else {
    items_.emplace_back(key, std::move(json));
  }
  return *this;
}

BenchParams& BenchParams::SetString(const std::string& key, const std::string& value) {
  return SetRaw(key, JsonQuote(value));
}

BenchParams& BenchParams::SetInt(const std::string& key, std::int64_t value) {
  return SetRaw(key, std::to_string(value));
}

BenchParams& BenchParams::SetDouble(const std::string& key, double value) {
  return SetRaw(key, JsonNumber(value));
}

BenchParams& BenchParams::SetBool(const std::string& key, bool value) {
  return SetRaw(key, value ? "true" : "false");
}

BenchParams& BenchParams::SetNull(const std::string& key) { return SetRaw(key, "null"); }

BenchParams& BenchParams::SetStrings(const std::string& key,
                                     const std::vector<std::string>& values) {
  JsonWriter json;
  json.BeginArray();
  for (const std::string& value : values) json.String(value);
  json.EndArray();
  return SetRaw(key, json.str());
}

BenchParams& BenchParams::SetDoubles(const std::string& key, const std::vector<double>& values) {
  JsonWriter json;
  json.BeginArray();
  for (const double value : values) json.Double(value);
  json.EndArray();
  return SetRaw(key, json.str());
}

const std::string* BenchParams::Find(const std::string& key) const {
  for (const auto& [name, value] : items_) {
    if (name == key) return &value;
  }
  return nullptr;
}

}  // namespace rocm_doctor::hip_helper
