// SPDX-License-Identifier: MIT
// runtime.env_info: nothing set, several debugging variables set (informational findings).
#include <gtest/gtest.h>

#include "support/check_harness.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kCheck[] = "runtime.env_info";

TEST(RuntimeEnvInfo, NothingSet) {
  CheckOutcome out = RunCheck(kCheck, std::make_shared<FakeSystemView>());
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_TRUE(out.findings.empty());
  EXPECT_NE(out.summary.find("tuning/debugging variables is set"), std::string::npos);
}

TEST(RuntimeEnvInfo, ListsWhatIsSet) {
  auto view = std::make_shared<FakeSystemView>();
  view->Env("AMD_SERIALIZE_KERNEL", "3").Env("HSA_ENABLE_SDMA", "0").Env("HOME", "/root");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary, "set: HSA_ENABLE_SDMA=0, AMD_SERIALIZE_KERNEL=3");
  ASSERT_EQ(out.findings.size(), 2u);
  const Finding* f = FindFinding(out, "runtime.env.setting");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->status, Status::kInfo);
  EXPECT_NE(f->message.find("HSA_ENABLE_SDMA=\"0\": 0 disables the SDMA copy engines"),
            std::string::npos)
      << f->message;
  EXPECT_NE(Catalog::Instance().RemediationFor(*f).text.find("HSA_ENABLE_SDMA is set to \"0\""),
            std::string::npos);
}

}  // namespace
}  // namespace rocm_doctor::testing
