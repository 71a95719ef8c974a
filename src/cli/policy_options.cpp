// SPDX-License-Identifier: MIT
#include "cli/policy_options.h"

#include <fmt/format.h>

#include <algorithm>
#include <memory>

#include "cli/bench_options.h"
#include "cli/common_options.h"
#include "rocm_doctor/bench_thresholds.h"
#include "rocm_doctor/catalog.h"
#include "rocm_doctor/options.h"
#include "rocm_doctor/policy.h"

namespace rocm_doctor::cli {
namespace {

// The names a policy uses must exist in this build: a typo in a waiver would silently waive
// nothing, a typo in skip would silently run the check.
std::string ValidateNames(const Policy& policy) {
  std::string errors;
  auto add = [&](const PolicySource& where, const std::string& message) {
    errors += (errors.empty() ? "" : "\n") + where.ToString() + ": " + message;
  };
  for (const PolicyName& pattern : policy.skip) {
    SelectionArgs probe;
    probe.skip = {pattern.text};
    auto selected = SelectChecks(probe);
    if (!selected) add(pattern.where, "checks.skip: " + selected.error());
  }
  for (const PolicyBenchFloor& floor : policy.bench_floors) {
    if (!CheckBenchmarkNames({floor.benchmark})) {
      add(floor.where, "bench.floor.benchmark: \"" + floor.benchmark +
                           "\" is not a benchmark of this build (docs/benchmarks.md lists them)");
    }
  }
  for (const PolicyWaiver& waiver : policy.waivers) {
    if (Catalog::Instance().Find(waiver.code) != nullptr) continue;
    std::string message = "waive.code: no finding code '" + waiver.code + "'";
    std::string suggestion = DidYouMean(waiver.code);
    if (!suggestion.empty()) message += "; did you mean '" + suggestion + "'?";
    add(waiver.where, message + " (rocm-doctor explain --all lists them)");
  }
  return errors;
}

}  // namespace

Result<bool> LoadPolicyInto(CheckArgs& args) {
  if (!args.policy_file) return true;
  Result<Policy> policy = ReadPolicyFile(*args.policy_file);
  if (!policy) return Error{"bad policy: " + policy.error()};
  if (std::string errors = ValidateNames(*policy); !errors.empty()) {
    return Error{"bad policy: " + errors};
  }
  for (const PolicyName& pattern : policy->skip) args.selection.skip.push_back(pattern.text);
  args.selection.with_policy = true;
  if (policy->fail_on == "warn") args.fail_on = "warn";
  // The policy's level is a floor: the command line may ask for more, not less.
  auto rank = [&](std::string_view level) {
    return std::find(std::begin(kRunLevels), std::end(kRunLevels), level) - std::begin(kRunLevels);
  };
  if (policy->level && rank(*policy->level) > rank(args.level)) args.level = *policy->level;
  args.options.policy = std::make_shared<const Policy>(std::move(policy).value());
  return true;
}

void ApplyPolicyFloors(CheckOptions& options) {
  if (!options.policy || options.policy->bench_floors.empty()) return;
  const Policy& policy = *options.policy;
  std::vector<ThresholdRow> rows;
  for (const PolicyBenchFloor& floor : policy.bench_floors) {
    // The thresholds key a GPU by its full name, PCI device ID or gfx target: a name rule
    // ("MI300X") becomes one row per GPU-table name it matches ("AMD Instinct MI300X").
    std::vector<std::string> keys;
    switch (floor.model.kind) {
      case GpuModelRule::Kind::kName:
        for (const GpuModel& model : GpuTable::Builtin().Models()) {
          GpuIdentity gpu;
          gpu.name = model.name;
          if (Matches(floor.model, gpu) &&
              std::find(keys.begin(), keys.end(), model.name) == keys.end()) {
            keys.push_back(model.name);
          }
        }
        break;
      case GpuModelRule::Kind::kPciId:
        keys.push_back(fmt::format("0x{:04x}", floor.model.device_id));
        break;
      case GpuModelRule::Kind::kGfx:
        keys.push_back(floor.model.text);
        break;
    }
    for (const std::string& key : keys) {
      ThresholdRow row;
      row.gpu = key;
      row.benchmark = floor.benchmark;
      row.basis = FloorBasis::kMin;
      row.value = floor.min_bytes_per_second;
      row.source = fmt::format("policy {}: at least {} GB/s for {}", policy.name,
                               floor.min_bytes_per_second / 1e9, floor.model.text);
      row.origin = floor.where.ToString();
      rows.push_back(std::move(row));
    }
  }
  const BenchThresholds& base =
      options.bench.thresholds ? *options.bench.thresholds : BenchThresholds::Builtin();
  options.bench.thresholds =
      std::make_shared<const BenchThresholds>(base.WithMoreOverrides(std::move(rows)));
}

}  // namespace rocm_doctor::cli
