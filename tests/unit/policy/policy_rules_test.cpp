// SPDX-License-Identifier: MIT
// The pure rules of a policy: release ranges, GPU model matching, waivers.
#include <gtest/gtest.h>

#include "rocm_doctor/check.h"
#include "rocm_doctor/policy.h"

namespace rocm_doctor {
namespace {

TEST(CompareRelease, ComparesOnThePartsTheBoundGives) {
  EXPECT_EQ(CompareRelease("6.2.0", "6.2"), 0);
  EXPECT_EQ(CompareRelease("6.2.4", "6.2"), 0);
  EXPECT_EQ(CompareRelease("6.2.4", "6.2.3"), 1);
  EXPECT_EQ(CompareRelease("6.1.3", "6.2"), -1);
  EXPECT_EQ(CompareRelease("7.0", "6"), 1);
  EXPECT_EQ(CompareRelease("6", "6.0.0"), 0);          // missing parts are 0
  EXPECT_EQ(CompareRelease("6.2.0-66", "6.2.1"), -1);  // a build suffix is ignored
  EXPECT_EQ(CompareRelease("10.0", "9.9"), 1);         // numbers, not text
}

TEST(CompareRelease, RefusesWhatIsNotAVersion) {
  for (const char* bad : {"", "6.x", "six", "6..2", "6.2.", ".6", "6.2.1.0", "-1", "6.2 "}) {
    EXPECT_FALSE(CompareRelease(bad, "6.2")) << bad;
    EXPECT_FALSE(CompareRelease("6.2", bad)) << bad;
  }
}

GpuModelRule Rule(GpuModelRule::Kind kind, std::string text, std::uint16_t device = 0) {
  GpuModelRule r;
  r.kind = kind;
  r.text = std::move(text);
  r.device_id = device;
  return r;
}

TEST(GpuModelRule, NameMatchesTheEndOfTheTableNameOnAWordBoundary) {
  GpuIdentity mi300x{0x1002, 0x74a1, "AMD Instinct MI300X", "gfx942"};
  EXPECT_TRUE(Matches(Rule(GpuModelRule::Kind::kName, "MI300X"), mi300x));
  EXPECT_TRUE(Matches(Rule(GpuModelRule::Kind::kName, "mi300x"), mi300x));
  EXPECT_TRUE(Matches(Rule(GpuModelRule::Kind::kName, "Instinct MI300X"), mi300x));
  EXPECT_TRUE(Matches(Rule(GpuModelRule::Kind::kName, "AMD Instinct MI300X"), mi300x));
  EXPECT_FALSE(Matches(Rule(GpuModelRule::Kind::kName, "300X"), mi300x));
  EXPECT_FALSE(Matches(Rule(GpuModelRule::Kind::kName, "MI300"), mi300x));
  GpuIdentity vf{0x1002, 0x74b5, "AMD Instinct MI300X VF", "gfx942"};
  EXPECT_FALSE(Matches(Rule(GpuModelRule::Kind::kName, "MI300X"), vf));
  GpuIdentity unnamed{0x1002, 0x1234, std::nullopt, std::nullopt};
  EXPECT_FALSE(Matches(Rule(GpuModelRule::Kind::kName, "MI300X"), unnamed));
}

TEST(GpuModelRule, GfxIgnoresFeatureSuffixesAndPciIdNeedsAmd) {
  GpuIdentity gpu{0x1002, 0x740f, "AMD Instinct MI210", "gfx90a:xnack-"};
  EXPECT_TRUE(Matches(Rule(GpuModelRule::Kind::kGfx, "gfx90a"), gpu));
  EXPECT_FALSE(Matches(Rule(GpuModelRule::Kind::kGfx, "gfx942"), gpu));
  EXPECT_TRUE(Matches(Rule(GpuModelRule::Kind::kPciId, "1002:740f", 0x740f), gpu));
  EXPECT_FALSE(Matches(Rule(GpuModelRule::Kind::kPciId, "1002:74a1", 0x74a1), gpu));
  GpuIdentity other{0x10de, 0x740f, std::nullopt, std::nullopt};
  EXPECT_FALSE(Matches(Rule(GpuModelRule::Kind::kPciId, "1002:740f", 0x740f), other));
}

Finding F(std::string code, Status status, std::string bdf = {}) {
  Finding f;
  f.code = std::move(code);
  f.status = status;
  if (!bdf.empty()) f.params["bdf"] = std::move(bdf);
  return f;
}

TEST(ApplyWaivers, WaivedFindingsStayButNoLongerSetTheStatus) {
  Policy policy;
  policy.waivers.push_back({"hardware.pcie.link_degraded", "riser runs Gen4", "0000:c1:00.0", {}});
  CheckOutcome out;
  out.status = Status::kFail;
  out.findings = {F("hardware.pcie.link_degraded", Status::kWarn, "0000:c1:00.0"),
                  F("hardware.pcie.link_degraded", Status::kFail, "0000:d1:00.0"),
                  F("hardware.pcie.link_ok", Status::kInfo)};
  ApplyWaivers(policy, out);
  ASSERT_EQ(out.findings.size(), 3u);
  EXPECT_TRUE(out.findings[0].waived);
  EXPECT_EQ(out.findings[0].waiver, "riser runs Gen4");
  EXPECT_FALSE(out.findings[1].waived);  // another GPU
  EXPECT_EQ(out.status, Status::kFail);

  policy.waivers[0].gpu.reset();  // every GPU
  ApplyWaivers(policy, out);
  EXPECT_TRUE(out.findings[1].waived);
  EXPECT_EQ(out.status, Status::kInfo);  // the worst finding left
}

TEST(ApplyWaivers, AllWaivedIsPassAndNothingWaivedChangesNothing) {
  Policy policy;
  policy.waivers.push_back({"hardware.bar.small", "no resizable BAR", std::nullopt, {}});
  CheckOutcome out;
  out.status = Status::kWarn;
  out.findings = {F("hardware.bar.small", Status::kWarn)};
  ApplyWaivers(policy, out);
  EXPECT_EQ(out.status, Status::kPass);

  CheckOutcome skip = CheckOutcome::Skip("not here");
  ApplyWaivers(policy, skip);
  EXPECT_EQ(skip.status, Status::kSkip);
  CheckOutcome other;
  other.status = Status::kError;
  other.findings = {F("core.check.exception", Status::kError)};
  ApplyWaivers(policy, other);
  EXPECT_EQ(other.status, Status::kError);
  EXPECT_FALSE(other.findings[0].waived);
}

}  // namespace
}  // namespace rocm_doctor
