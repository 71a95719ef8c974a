// SPDX-License-Identifier: MIT
#pragma once
// A policy: what a site expects of its GPU nodes, written in TOML (docs/policies/, format in
// docs/policies/README.md). `check --policy FILE` (and gate/bench) judge a machine against it.
//
// ParsePolicy() is strict: an unknown key, a value of the wrong type or an impossible value is an
// error that names FILE:LINE:COLUMN; nothing falls back to a default silently. Names that need
// the registry or the catalog (check patterns, finding codes) are validated by the command line
// (src/cli/policy_options.h), which also folds the policy into the run.
//
// Who uses what:
//   skip, level, fail_on  -> the run's selection and exit rule (src/cli/policy_options.cpp)
//   waivers               -> ApplyWaivers(), called by the engine on every check's outcome
//   gpus, rocm, frameworks -> the checks of the policy layer (checks/policy/)
//   bench floors          -> the benchmark thresholds override (per GPU model)
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rocm_doctor/result.h"

namespace rocm_doctor {

struct CheckOutcome;

// Where a value was written: "mi300x-node.toml:12:9".
struct PolicySource {
  std::string file;
  int line = 0;
  int column = 0;
  std::string ToString() const;
};

// One entry of [gpus] models: a GPU matches when any entry matches it.
struct GpuModelRule {
  enum class Kind {
    kName,   // "MI300X": the GPU table's name equals it or ends with " MI300X" (any case)
    kGfx,    // "gfx942": the ISA the KFD reports (else the GPU table's)
    kPciId,  // "1002:74a1": vendor and device ID as `lspci -nn` prints them
  };
  Kind kind = Kind::kName;
  std::string text;             // as written
  std::uint16_t device_id = 0;  // kPciId only
  PolicySource where;
};

// What the policy layer needs to know about one GPU to match it against the rules.
struct GpuIdentity {
  std::optional<std::uint16_t> vendor_id;
  std::optional<std::uint16_t> device_id;
  std::optional<std::string> name;  // GPU table name
  std::optional<std::string> gfx;   // "gfx942"
};
bool Matches(const GpuModelRule& rule, const GpuIdentity& gpu);

// [[waive]]: a finding the site accepts. A waived finding stays in the report, marked, and no
// longer counts for the check's status, the root causes or the verdict.
struct PolicyWaiver {
  std::string code;                // a catalog code, exactly
  std::string reason;              // required: why it is accepted here (shown in the report)
  std::optional<std::string> gpu;  // only findings about this PCI address (param "bdf")
  PolicySource where;
};

// [[bench.floor]]: the lowest acceptable median of one benchmark on one GPU model. Fed into the
// benchmark thresholds as an override of the built-in floor.
struct PolicyBenchFloor {
  GpuModelRule model;
  std::string benchmark;            // "memory.triad", "host.h2d_pinned", ...
  double min_bytes_per_second = 0;  // from min_gb_per_s (1 GB/s = 10^9 B/s)
  PolicySource where;
};

struct PolicyName {
  std::string text;
  PolicySource where;
};

struct Policy {
  std::string path;  // the file as given
  std::string name;  // [policy] name, else the file name without ".toml"
  std::string description;
  std::optional<std::string> level;    // one of kRunLevels (options.h): basic ... stress
  std::optional<std::string> fail_on;  // "fail" | "warn"

  std::optional<int> gpu_count;          // [gpus] count: exactly this many AMD GPUs
  std::vector<GpuModelRule> gpu_models;  // [gpus] models: every GPU matches one of them
  PolicySource gpus_where;

  // [rocm] min/max, inclusive, compared on the parts written: min "6.1" admits 6.1.0 and later,
  // max "6.4" admits every 6.4.x, max "6.4.1" admits 6.4.1 but not 6.4.2.
  std::optional<std::string> rocm_min;
  std::optional<std::string> rocm_max;
  PolicySource rocm_where;

  // [frameworks] require: each must be importable and built for ROCm ("torch", "jax", ...).
  std::vector<PolicyName> frameworks;

  std::vector<PolicyName> skip;  // [checks] skip: check ids, layers or globs, as --skip
  std::vector<PolicyWaiver> waivers;
  std::vector<PolicyBenchFloor> bench_floors;
};

// Parses policy TOML. `path` names the file in errors ("FILE:LINE:COLUMN: what is wrong").
Result<Policy> ParsePolicy(std::string_view toml_text, std::string_view path);
// Reads and parses a policy file (an unreadable file is an error naming it and why).
Result<Policy> ReadPolicyFile(const std::string& path);

// Marks the findings of `outcome` that `policy` waives (Finding::waived) and recomputes the
// outcome's status from the findings left: the worst of them, pass when none is left.
void ApplyWaivers(const Policy& policy, CheckOutcome& outcome);

// Release comparison for [rocm]: -1, 0, 1 comparing `version` with `bound` on the parts the
// bound has ("6.4.2" vs "6.4" -> 0). nullopt when either is not N[.N[.N]] (a build suffix
// "-66" on the version is ignored).
std::optional<int> CompareRelease(std::string_view version, std::string_view bound);

}  // namespace rocm_doctor
