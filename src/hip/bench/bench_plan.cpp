// SPDX-License-Identifier: MIT
#include "hip/bench/bench_plan.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <system_error>

#include "hip/bench/collective_math.h"

namespace rocm_doctor::hip_helper {
namespace {

constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
constexpr std::uint64_t kGiB = std::uint64_t{1} << 30;

bool InFamily(std::string_view name, std::string_view family) {
  return name.size() > family.size() && name.substr(0, family.size()) == family &&
         name[family.size()] == '.';
}

std::optional<int> ParseSmallInt(std::string_view text) {
  int value = 0;
  if (text.empty() || text.size() > 6) return std::nullopt;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

std::optional<BenchLevel> ParseBenchLevel(std::string_view text) {
  if (text == "quick") return BenchLevel::kQuick;
  if (text == "standard") return BenchLevel::kStandard;
  if (text == "stress") return BenchLevel::kStress;
  return std::nullopt;
}

const char* BenchLevelName(BenchLevel level) {
  switch (level) {
    case BenchLevel::kQuick:
      return "quick";
    case BenchLevel::kStandard:
      return "standard";
    case BenchLevel::kStress:
      return "stress";
  }
  return "quick";
}

std::vector<std::string> SplitCommaList(std::string_view list) {
  std::vector<std::string> items;
  while (!list.empty()) {
    const std::size_t end = list.find(',');
    const std::string_view item = list.substr(0, end);
    if (!item.empty()) items.emplace_back(item);
    if (end == std::string_view::npos) break;
    list.remove_prefix(end + 1);
  }
  return items;
}

BenchSelection SelectBenchmarks(const std::vector<std::string>& items) {
  BenchSelection selection;
  std::vector<bool> chosen(kBenchNames.size(), items.empty());
  for (const std::string& item : items) {
    bool matched = false;
    for (std::size_t i = 0; i < kBenchNames.size(); ++i) {
      if (kBenchNames[i] == item || InFamily(kBenchNames[i], item)) {
        chosen[i] = true;
        matched = true;
      }
    }
    for (std::string_view name : collective::kNames) {  // on request only (collective_math.h)
      if (name == item || InFamily(name, item)) matched = true;
    }
    if (!matched) {
      selection.unknown = item;
      return selection;
    }
  }
  for (std::size_t i = 0; i < kBenchNames.size(); ++i) {
    if (chosen[i]) selection.names.emplace_back(kBenchNames[i]);
  }
  for (std::string_view name : collective::kNames) {
    for (const std::string& item : items) {
      if (name == item || InFamily(name, item)) {
        selection.names.emplace_back(name);
        break;
      }
    }
  }
  return selection;
}

BenchPlan MakeBenchPlan(BenchLevel level, std::optional<double> memtest_fraction,
                        std::optional<double> stress_seconds) {
  BenchPlan plan;
  plan.level = level;
  plan.kernel_deadline_seconds = 20.0;
  plan.stream_warmups = 2;
  plan.launch_batch = 200;
  plan.fma_iterations = 2;
  plan.peer_samples = 5;
  plan.stress_interval_seconds = 0.5;
  plan.matrix_warmup_batches = 2;
  switch (level) {
    case BenchLevel::kQuick:
      // Whole run under 15 s on an H200, runtime init included (issue 6).
      plan.stream_array_bytes = kGiB;
      plan.stream_samples = 20;
      plan.stream_iterations = 5;
      plan.host_bytes = 256 * kMiB;
      plan.pageable_bytes = 64 * kMiB;
      plan.host_samples = 20;  // PCIe figures drift more than HBM ones: more samples
      plan.host_iterations = 3;
      plan.peer_bytes = 256 * kMiB;
      plan.collective_bytes = 256 * kMiB;
      plan.launch_samples = 20;
      plan.fma_launch_seconds = 0.01;
      plan.fma_samples = 10;
      plan.memtest_fraction = 0.02;
      plan.memtest_max_bytes = 2 * kGiB;
      plan.stress_seconds = 0.0;
      plan.matrix_batch_seconds = 0.025;
      plan.matrix_samples = 5;
      break;
    case BenchLevel::kStandard:
      plan.stream_array_bytes = 2 * kGiB;
      plan.stream_samples = 50;
      plan.stream_iterations = 10;
      plan.host_bytes = 512 * kMiB;
      plan.pageable_bytes = 256 * kMiB;
      plan.host_samples = 20;
      plan.host_iterations = 4;
      plan.peer_bytes = 512 * kMiB;
      plan.peer_samples = 10;
      plan.collective_bytes = 16 * kGiB;
      plan.launch_samples = 50;
      plan.fma_launch_seconds = 0.02;
      plan.fma_samples = 20;
      plan.memtest_fraction = 0.25;
      plan.memtest_max_bytes = UINT64_MAX;
      plan.stress_seconds = 30.0;
      plan.matrix_batch_seconds = 0.05;
      plan.matrix_samples = 20;
      break;
    case BenchLevel::kStress:
      plan.stream_array_bytes = 2 * kGiB;
      plan.stream_samples = 100;
      plan.stream_iterations = 10;
      plan.host_bytes = 1024 * kMiB;
      plan.pageable_bytes = 256 * kMiB;
      plan.host_samples = 20;
      plan.host_iterations = 4;
      plan.peer_bytes = 1024 * kMiB;
      plan.peer_samples = 20;
      plan.collective_bytes = 16 * kGiB;
      plan.launch_samples = 100;
      plan.fma_launch_seconds = 0.02;
      plan.fma_samples = 50;
      plan.memtest_fraction = 0.9;
      plan.memtest_max_bytes = UINT64_MAX;
      plan.stress_seconds = 300.0;
      plan.stress_interval_seconds = 1.0;
      plan.matrix_batch_seconds = 0.05;
      plan.matrix_samples = 50;
      break;
  }
  if (memtest_fraction) {
    plan.memtest_fraction = *memtest_fraction;
    plan.memtest_max_bytes = UINT64_MAX;  // an explicit fraction is taken as asked
  }
  if (stress_seconds) plan.stress_seconds = *stress_seconds;
  return plan;
}

std::uint64_t StreamElementsPerArray(std::uint64_t free_bytes, std::uint64_t element_bytes,
                                     const BenchPlan& plan) {
  if (element_bytes == 0) return 0;
  const std::uint64_t bytes = std::min(plan.stream_array_bytes, free_bytes / 5);
  const std::uint64_t elements = bytes / element_bytes;
  return elements / kStreamElementQuantum * kStreamElementQuantum;
}

std::uint64_t MemtestBytes(std::uint64_t free_bytes, const BenchPlan& plan) {
  if (!(plan.memtest_fraction > 0.0)) return 0;
  const double wanted = std::floor(static_cast<double>(free_bytes) * plan.memtest_fraction);
  std::uint64_t bytes =
      wanted >= static_cast<double>(free_bytes) ? free_bytes : static_cast<std::uint64_t>(wanted);
  bytes = std::min(bytes, plan.memtest_max_bytes);
  bytes = bytes / kMemtestQuantum * kMemtestQuantum;
  return bytes < kMemtestMinBytes ? 0 : bytes;
}

std::optional<StreamConfig> ParseStreamConfig(std::string_view text, StreamConfig base,
                                              std::string* error) {
  StreamConfig config = base;
  const auto fail = [error](std::string message) -> std::optional<StreamConfig> {
    if (error != nullptr) *error = std::move(message);
    return std::nullopt;
  };
  for (const std::string& item : SplitCommaList(text)) {
    const std::size_t eq = item.find('=');
    if (eq == std::string::npos) return fail("'" + item + "' is not key=value");
    const std::string key = item.substr(0, eq);
    const std::string value = item.substr(eq + 1);
    if (key == "hint") {
      if (value == "stream" || value == "plain" || value == "load" || value == "store") {
        config.streaming_loads = value == "stream" || value == "load";
        config.streaming_stores = value == "stream" || value == "store";
        continue;
      }
      return fail("hint must be stream, load, store or plain");
    }
    const std::optional<int> number = ParseSmallInt(value);
    if (!number) return fail("'" + value + "' is not a number");
    const bool unroll_ok = *number == 1 || *number == 2 || *number == 4 || *number == 8;
    // A power of two, so threads * unroll divides every array (a multiple of 2^20 floats).
    const bool threads_ok = *number >= 64 && *number <= 1024 && (*number & (*number - 1)) == 0;
    if (key == "unroll" || key == "dot_unroll") {
      if (!unroll_ok) return fail(key + " must be 1, 2, 4 or 8");
      (key == "unroll" ? config.unroll : config.dot_unroll) = *number;
    } else if (key == "threads" || key == "dot_threads") {
      if (!threads_ok) return fail(key + " must be 64, 128, 256, 512 or 1024");
      (key == "threads" ? config.threads : config.dot_threads) = *number;
    } else if (key == "dot") {
      if (*number < 1 || *number > 32) return fail("dot must be 1..32 blocks per compute unit");
      config.dot_blocks_per_cu = *number;
    } else {
      return fail("unknown key '" + key +
                  "' (unroll, threads, hint, dot_unroll, dot_threads, dot)");
    }
  }
  return config;
}

}  // namespace rocm_doctor::hip_helper
