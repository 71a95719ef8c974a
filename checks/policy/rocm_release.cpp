// SPDX-License-Identifier: MIT
// policy.rocm_release: the ROCm release programs use is inside the policy's [rocm] range.
#include <string>

#include "knowledge/support_matrix.h"
#include "policy_gpu.h"
#include "rocm_doctor/facts/rocm.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"runtime.rocm"};
constexpr std::string_view kRocmCommands[] = {"cat /opt/rocm/.info/version", "ls -d /opt/rocm-*"};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "policy.rocm_version.out_of_range",
     .severity = Status::kFail,
     .title = "The ROCm release is outside the policy's range",
     .remediation =
         "ROCm {release} is installed; the policy ({policy}) accepts {range}. Install a release "
         "in that range (and point /opt/rocm at it), or change the policy's [rocm] range.",
     .commands = kRocmCommands},
    {.code = "policy.rocm_version.unknown",
     .severity = Status::kUnknown,
     .title = "The ROCm release could not be told, so the policy's range was not judged",
     .remediation =
         "The installed ROCm release is unknown ({why}), so it cannot be compared with the "
         "policy's [rocm] range. An install without .info/version or rocm_version.h is incomplete: "
         "reinstall the rocm-core package of that release.",
     .commands = kRocmCommands},
};

constexpr CheckInfo kInfo{.id = "policy.rocm_release",
                          .layer = Layer::kPolicy,
                          .title = "ROCm release",
                          .prerequisites = kPrereqs,
                          .findings = kFindings};

// "6.1 to 6.4", "6.1 or later", "up to 6.4"
std::string Range(const Policy& policy) {
  if (policy.rocm_min && policy.rocm_max) return *policy.rocm_min + " to " + *policy.rocm_max;
  if (policy.rocm_min) return *policy.rocm_min + " or later";
  return "up to " + *policy.rocm_max;
}

CheckOutcome Run(const CheckContext& ctx) {
  const Policy* policy = ctx.options.policy.get();
  if (policy == nullptr) return CheckOutcome::Skip("no --policy given");
  if (!policy->rocm_min && !policy->rocm_max) {
    return CheckOutcome::Skip("the policy sets no ROCm range");
  }
  std::string label = policy_checks::PolicyLabel(*policy);
  std::string range = Range(*policy);
  Evidence wanted{policy->rocm_where.ToString(), "[rocm] " + range, ""};
  Fact<std::string> release = InstalledRocmRelease(ctx.facts.Get<RocmFacts>());
  if (!release.known()) {
    return CheckOutcome::FromFindings({MakeFinding(
        "policy.rocm_version.unknown",
        "The ROCm release is unknown (" + release.error + "); " + label + " accepts " + range,
        {{release.source, "unknown: " + release.error, range}, wanted}, {{"why", release.error}})});
  }
  std::optional<int> low = policy->rocm_min ? CompareRelease(*release, *policy->rocm_min) : 0;
  std::optional<int> high = policy->rocm_max ? CompareRelease(*release, *policy->rocm_max) : 0;
  if (!low || !high) {
    return CheckOutcome::FromFindings({MakeFinding(
        "policy.rocm_version.unknown",
        "The ROCm release \"" + *release + "\" is not a version that can be compared with " +
            label + "'s range " + range,
        {{release.source, *release, range}, wanted},
        {{"why", "\"" + *release + "\" is not N.N.N"}})});
  }
  if (*low >= 0 && *high <= 0) {
    return CheckOutcome::Pass("ROCm " + *release + ", within the policy's " + range);
  }
  std::string side =
      *low < 0 ? "older than " + *policy->rocm_min : "newer than " + *policy->rocm_max;
  return CheckOutcome::FromFindings(
      {MakeFinding("policy.rocm_version.out_of_range",
                   "ROCm " + *release + " is " + side + "; " + label + " accepts " + range + ".",
                   {{release.source, *release, range}, wanted},
                   {{"release", *release}, {"range", range}, {"policy", label}})});
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
