// SPDX-License-Identifier: MIT
// The small methods of the benchmark facts (include/rocm_doctor/facts/bench.h).
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>

#include "rocm_doctor/facts/bench.h"

namespace rocm_doctor {

namespace {
constexpr BenchLevel kBenchLevels[] = {BenchLevel::kStandard, BenchLevel::kExtended,
                                       BenchLevel::kStress};
}  // namespace

std::string_view ToString(BenchLevel level) {
  switch (level) {
    case BenchLevel::kStandard:
      return "standard";
    case BenchLevel::kExtended:
      return "extended";
    case BenchLevel::kStress:
      return "stress";
  }
  return "standard";
}

std::optional<BenchLevel> BenchLevelFromString(std::string_view text) {
  for (BenchLevel level : kBenchLevels) {
    if (ToString(level) == text) return level;
  }
  return std::nullopt;
}

// The helper keeps its own words (docs/hip-helper.md); only the doctor's were unified.
std::string_view HelperLevelName(BenchLevel level) {
  switch (level) {
    case BenchLevel::kStandard:
      return "quick";
    case BenchLevel::kExtended:
      return "standard";
    case BenchLevel::kStress:
      return "stress";
  }
  return "quick";
}

std::optional<BenchLevel> BenchLevelFromHelper(std::string_view text) {
  for (BenchLevel level : kBenchLevels) {
    if (HelperLevelName(level) == text) return level;
  }
  return std::nullopt;
}

std::string_view ToString(MeasurementStatus status) {
  switch (status) {
    case MeasurementStatus::kOk:
      return "ok";
    case MeasurementStatus::kSkipped:
      return "skipped";
    case MeasurementStatus::kFailed:
      return "failed";
    case MeasurementStatus::kVerifyFailed:
      return "verify_failed";
    case MeasurementStatus::kTimeout:
      return "timeout";
  }
  return "failed";
}

std::optional<double> Measurement::ParamNumber(std::string_view key) const {
  auto it = params.find(std::string(key));
  if (it == params.end() || it->second.empty()) return std::nullopt;
  const char* begin = it->second.c_str();
  char* end = nullptr;
  const double value = std::strtod(begin, &end);
  if (end == begin || *end != '\0') return std::nullopt;
  return value;
}

std::optional<std::string> Measurement::ParamText(std::string_view key) const {
  auto it = params.find(std::string(key));
  if (it == params.end()) return std::nullopt;
  if (it->second.empty() || it->second.front() != '"') return it->second;
  const nlohmann::json value = nlohmann::json::parse(it->second, nullptr, false);
  if (!value.is_string()) return it->second;
  return value.get<std::string>();
}

std::string_view Measurement::Family() const {
  return std::string_view(name).substr(0, name.find('.'));
}

std::string BenchDevice::BaseArch() const {
  if (!arch) return {};
  return arch->substr(0, arch->find(':'));
}

const Measurement* BenchReport::Find(std::string_view name) const {
  for (const Measurement& m : benchmarks) {
    if (m.name == name) return &m;
  }
  return nullptr;
}

std::string BenchRequest::Key() const {
  std::string key = std::string(ToString(level)) + "|";
  for (const std::string& o : only) key += o + ",";
  key += "|";
  for (std::int64_t d : devices) key += std::to_string(d) + ",";
  key += "|";
  if (stress_seconds) key += std::to_string(*stress_seconds);
  return key;
}

std::string BenchProbeName(std::optional<std::int64_t> device) {
  if (!device || *device == 0) return "hip-bench";
  return "hip-bench." + std::to_string(*device);
}

}  // namespace rocm_doctor
