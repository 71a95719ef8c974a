// SPDX-License-Identifier: MIT
// The engine applies a policy's waivers to every outcome: a waived failure no longer blocks its
// dependants, is no root cause and leaves the verdict, and still shows in the record.
#include <gtest/gtest.h>

#include <memory>

#include "core/engine.h"
#include "rocm_doctor/policy.h"
#include "support/fake_system_view.h"

namespace rocm_doctor {
namespace {

constexpr FindingSpec kSpecs[] = {
    {.code = "test.policy.waivable", .severity = Status::kFail, .title = "a waivable failure"},
    {.code = "test.policy.other", .severity = Status::kFail, .title = "another failure"},
};
ROCMDOC_REGISTER_FINDINGS(kSpecs);

constexpr std::string_view kRootPrereqs[] = {"test.waive_root"};
constexpr CheckInfo kRoot{.id = "test.waive_root", .layer = Layer::kHardware, .title = "Root"};
constexpr CheckInfo kChild{.id = "test.waive_child",
                           .layer = Layer::kDriver,
                           .title = "Child",
                           .prerequisites = kRootPrereqs};

CheckOutcome RunRoot(const CheckContext&) {
  return CheckOutcome::FromFindings({MakeFinding("test.policy.waivable", "the root fails")});
}
CheckOutcome RunChild(const CheckContext&) { return CheckOutcome::Pass("the child ran"); }
ROCMDOC_REGISTER_CHECK(kRoot, RunRoot);
ROCMDOC_REGISTER_CHECK(kChild, RunChild);

EngineResult RunWith(std::shared_ptr<const Policy> policy) {
  RunRequest request;
  request.checks = {CheckRegistry::Instance().Find("test.waive_root"),
                    CheckRegistry::Instance().Find("test.waive_child")};
  request.options.policy = std::move(policy);
  auto facts = std::make_shared<const FactStore>(std::make_shared<testing::FakeSystemView>());
  return RunChecks(request, facts);
}

TEST(EngineWaivers, WithoutAWaiverTheFailureIsTheRootCauseAndBlocks) {
  EngineResult result = RunWith(nullptr);
  ASSERT_EQ(result.records.size(), 2u);
  EXPECT_EQ(result.records[0].outcome.status, Status::kFail);
  EXPECT_EQ(result.records[1].outcome.status, Status::kSkip);
  ASSERT_EQ(result.root_causes.size(), 1u);
  EXPECT_EQ(result.verdict, Verdict::kFail);
}

TEST(EngineWaivers, AWaivedFailureStaysInTheRecordButNoLongerCounts) {
  auto policy = std::make_shared<Policy>();
  policy->waivers.push_back({"test.policy.waivable", "accepted on this node", std::nullopt, {}});
  EngineResult result = RunWith(policy);
  ASSERT_EQ(result.records.size(), 2u);
  const CheckRecord& root = result.records[0];
  EXPECT_EQ(root.outcome.status, Status::kPass);
  ASSERT_EQ(root.outcome.findings.size(), 1u);
  EXPECT_TRUE(root.outcome.findings[0].waived);
  EXPECT_EQ(root.outcome.findings[0].waiver, "accepted on this node");
  EXPECT_EQ(result.records[1].outcome.status, Status::kPass) << "the child is no longer blocked";
  EXPECT_TRUE(result.root_causes.empty());
  EXPECT_EQ(result.verdict, Verdict::kPass);
  EXPECT_EQ(result.exit_code, 0);
}

TEST(EngineWaivers, AWaiverForAnotherCodeChangesNothing) {
  auto policy = std::make_shared<Policy>();
  policy->waivers.push_back({"test.policy.other", "not this one", std::nullopt, {}});
  EngineResult result = RunWith(policy);
  EXPECT_EQ(result.records[0].outcome.status, Status::kFail);
  EXPECT_FALSE(result.records[0].outcome.findings[0].waived);
  EXPECT_EQ(result.verdict, Verdict::kFail);
}

}  // namespace
}  // namespace rocm_doctor
