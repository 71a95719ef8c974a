// SPDX-License-Identifier: MIT
#include "rocm_doctor/status.h"

#include <array>
#include <utility>

namespace rocm_doctor {
namespace {

constexpr std::array<std::pair<Status, std::string_view>, 8> kStatusNames{{
    {Status::kPass, "pass"},
    {Status::kSkip, "skip"},
    {Status::kInfo, "info"},
    {Status::kWarn, "warn"},
    {Status::kUnknown, "unknown"},
    {Status::kTimeout, "timeout"},
    {Status::kError, "error"},
    {Status::kFail, "fail"},
}};

struct LayerName {
  Layer layer;
  std::string_view id;
  std::string_view title;
};

constexpr std::array<LayerName, 7> kLayerNames{{
    {Layer::kHardware, "hardware", "Hardware"},
    {Layer::kDriver, "driver", "Driver and kernel"},
    {Layer::kRuntime, "runtime", "HIP runtime"},
    {Layer::kLibraries, "libraries", "Libraries"},
    {Layer::kFrameworks, "frameworks", "Frameworks"},
    {Layer::kBenchmarks, "bench", "Benchmarks"},
    {Layer::kPolicy, "policy", "Policy"},
}};

}  // namespace

std::string_view ToString(Status status) {
  for (const auto& [s, name] : kStatusNames) {
    if (s == status) return name;
  }
  return "error";
}

std::optional<Status> StatusFromString(std::string_view text) {
  for (const auto& [s, name] : kStatusNames) {
    if (name == text) return s;
  }
  return std::nullopt;
}

Status Worse(Status a, Status b) { return static_cast<int>(a) >= static_cast<int>(b) ? a : b; }

bool IsIndeterminate(Status status) {
  return status == Status::kUnknown || status == Status::kTimeout || status == Status::kError;
}

std::string_view ToString(Layer layer) {
  for (const auto& l : kLayerNames) {
    if (l.layer == layer) return l.id;
  }
  return "unknown";
}

std::string_view LayerTitle(Layer layer) {
  for (const auto& l : kLayerNames) {
    if (l.layer == layer) return l.title;
  }
  return "Unknown";
}

std::optional<Layer> LayerFromString(std::string_view text) {
  for (const auto& l : kLayerNames) {
    if (l.id == text) return l.layer;
  }
  return std::nullopt;
}

}  // namespace rocm_doctor
