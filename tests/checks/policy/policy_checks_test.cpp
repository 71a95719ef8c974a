// SPDX-License-Identifier: MIT
// The policy layer's checks against fake machines, with policies parsed from TOML like a user's.
#include <gtest/gtest.h>

#include <memory>

#include "checks/frameworks/frameworks_fixture.h"
#include "checks/hardware/datacenter_fixture.h"
#include "checks/hardware/fake_pci.h"
#include "rocm_doctor/policy.h"
#include "support/check_harness.h"
#include "unit/collect/rocm/rocm_fixture.h"

namespace rocm_doctor {
namespace {

using testing::FakeSystemView;

CheckOptions WithPolicy(const std::string& toml) {
  Result<Policy> policy = ParsePolicy(toml, "site.toml");
  EXPECT_TRUE(policy) << policy.error();
  CheckOptions options;
  if (policy) options.policy = std::make_shared<const Policy>(std::move(policy).value());
  return options;
}

std::shared_ptr<FakeSystemView> Mi300xNode(int gpus) {
  auto view = std::make_shared<FakeSystemView>();
  for (int i = 0; i < gpus; ++i) {
    char bdf[16];
    std::snprintf(bdf, sizeof bdf, "0000:%02x:00.0", 0x05 + 0x10 * i);
    testing::Mi300x(bdf).Install(*view);
  }
  return view;
}

TEST(PolicyChecks, SkipWithoutAPolicyOrWithoutTheirSection) {
  for (const char* id : {"policy.gpu_count", "policy.gpu_models", "policy.rocm_release"}) {
    EXPECT_EQ(testing::RunCheck(id, Mi300xNode(2)).summary, "no --policy given") << id;
  }
  CheckOptions options = WithPolicy("[checks]\nskip = [\"driver.iommu\"]\n");
  EXPECT_EQ(testing::RunCheck("policy.gpu_count", Mi300xNode(2), options).summary,
            "the policy sets no GPU count");
  EXPECT_EQ(testing::RunCheck("policy.gpu_models", Mi300xNode(2), options).summary,
            "the policy sets no GPU models");
  EXPECT_EQ(testing::RunCheck("policy.rocm_release", Mi300xNode(2), options).summary,
            "the policy sets no ROCm range");
}

TEST(PolicyGpuCount, PassesAndFailsWithEvidenceFromThePolicy) {
  CheckOptions options = WithPolicy("[gpus]\ncount = 2\n");
  CheckOutcome pass = testing::RunCheck("policy.gpu_count", Mi300xNode(2), options);
  EXPECT_EQ(pass.status, Status::kPass);
  EXPECT_EQ(pass.summary, "2 AMD GPUs, as the policy expects");

  CheckOutcome fail = testing::RunCheck("policy.gpu_count", Mi300xNode(1), options);
  EXPECT_EQ(fail.status, Status::kFail);
  const Finding* f = testing::FindFinding(fail, "policy.gpu_count.mismatch");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->message, "1 AMD GPU (0000:05:00.0); policy site (site.toml) expects 2.");
  ASSERT_EQ(f->evidence.size(), 2u);
  EXPECT_EQ(f->evidence[1].source, "site.toml:1:1");
  EXPECT_EQ(f->params.at("expected"), "2");
}

// Issue 18: [gpus] count is physical; on a CPX node the mismatch names the logical count too.
TEST(PolicyGpuCount, APartitionedNodeSaysItsLogicalCount) {
  auto view = Mi300xNode(2);
  int index = 2;
  for (const char* bdf : {"0000:05:00.0", "0000:15:00.0"}) {
    for (int p = 0; p < 8; ++p) {
      testing::InstallKfdNode(*view, {.index = index++, .bdf = bdf, .partition = p,
                                      .unique_id = static_cast<std::uint64_t>(bdf[6])});
    }
  }
  CheckOutcome out = testing::RunCheck("policy.gpu_count", view, WithPolicy("[gpus]\ncount = 16\n"));
  const Finding* f = testing::FindFinding(out, "policy.gpu_count.mismatch");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("[gpus] count counts physical GPUs; partitioned, these show as 16 "
                            "logical GPUs, the number the policy gives."),
            std::string::npos)
      << f->message;
}

TEST(PolicyGpuModels, EveryGpuMustMatchOneRule) {
  auto view = Mi300xNode(2);
  testing::Rx7900Xtx("0000:c3:00.0").Install(*view);
  CheckOutcome out =
      testing::RunCheck("policy.gpu_models", view, WithPolicy("[gpus]\nmodels = [\"MI300X\"]\n"));
  EXPECT_EQ(out.status, Status::kFail);
  ASSERT_EQ(out.findings.size(), 1u);
  const Finding& f = out.findings[0];
  EXPECT_EQ(f.code, "policy.gpu_model.mismatch");
  EXPECT_EQ(f.params.at("bdf"), "0000:c3:00.0");
  EXPECT_EQ(f.message,
            "0000:c3:00.0 is AMD Radeon RX 7900 XTX (gfx1100, 1002:744c); policy site (site.toml) "
            "allows MI300X.");

  CheckOutcome any = testing::RunCheck(
      "policy.gpu_models", view, WithPolicy("[gpus]\nmodels = [\"gfx942\", \"1002:744c\"]\n"));
  EXPECT_EQ(any.status, Status::kPass);
  EXPECT_EQ(any.summary,
            "2 × AMD Instinct MI300X, 1 × AMD Radeon RX 7900 XTX, as the policy allows");
}

TEST(PolicyGpuModels, AGpuWithoutReadableIdsIsUnknownNotAMismatch) {
  auto view = std::make_shared<FakeSystemView>();
  testing::FakePciFunction gpu = testing::Mi300x("0000:05:00.0");
  gpu.device = "0xzzzz";  // unparseable: the device ID is unknown
  gpu.Install(*view);
  CheckOutcome out =
      testing::RunCheck("policy.gpu_models", view, WithPolicy("[gpus]\nmodels = [\"MI300X\"]\n"));
  EXPECT_EQ(out.status, Status::kUnknown);
  EXPECT_TRUE(testing::HasFinding(out, "policy.gpu_model.unknown"));
}

TEST(PolicyRocmRelease, InsideBelowAboveAndUnknown) {
  auto rocm620 = std::make_shared<FakeSystemView>();
  testing::AddRocm620(*rocm620);

  CheckOutcome inside = testing::RunCheck("policy.rocm_release", rocm620,
                                          WithPolicy("[rocm]\nmin = \"6.1\"\nmax = \"6.2\"\n"));
  EXPECT_EQ(inside.status, Status::kPass);
  EXPECT_EQ(inside.summary, "ROCm 6.2.0, within the policy's 6.1 to 6.2");

  CheckOutcome below =
      testing::RunCheck("policy.rocm_release", rocm620, WithPolicy("[rocm]\nmin = \"6.3\"\n"));
  EXPECT_EQ(below.status, Status::kFail);
  const Finding* f = testing::FindFinding(below, "policy.rocm_version.out_of_range");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->message,
            "ROCm 6.2.0 is older than 6.3; policy site (site.toml) accepts 6.3 or later.");
  EXPECT_EQ(f->evidence[0].source, "/opt/rocm-6.2.0/.info/version");

  CheckOutcome above =
      testing::RunCheck("policy.rocm_release", rocm620, WithPolicy("[rocm]\nmax = \"6.1.2\"\n"));
  EXPECT_TRUE(testing::HasFinding(above, "policy.rocm_version.out_of_range"));
  EXPECT_NE(above.findings[0].message.find("newer than 6.1.2"), std::string::npos);

  auto none = std::make_shared<FakeSystemView>();
  CheckOutcome unknown =
      testing::RunCheck("policy.rocm_release", none, WithPolicy("[rocm]\nmin = \"6.1\"\n"));
  EXPECT_EQ(unknown.status, Status::kUnknown);
  EXPECT_TRUE(testing::HasFinding(unknown, "policy.rocm_version.unknown"));
}

}  // namespace
}  // namespace rocm_doctor

namespace rocm_doctor {
namespace {

TEST(PolicyFrameworks, RequiredFrameworkMustBeInstalledAndARocmBuild) {
  CheckOptions options = WithPolicy("[frameworks]\nrequire = [\"torch\"]\n");

  auto rocm = std::make_shared<FakeSystemView>();
  testing::AddSystemPython(*rocm);
  testing::AddTorch(*rocm, testing::kDist, "2.5.1+rocm6.2", "6.2.41133-dd7f95766", "",
                    testing::RocmWheelLibs());
  CheckOutcome pass = testing::RunCheck("policy.frameworks", rocm, options);
  EXPECT_EQ(pass.status, Status::kPass) << pass.summary;
  EXPECT_NE(pass.summary.find("torch 2.5.1+rocm6.2"), std::string::npos) << pass.summary;

  auto none = std::make_shared<FakeSystemView>();
  testing::AddSystemPython(*none);
  CheckOutcome missing = testing::RunCheck("policy.frameworks", none, options);
  EXPECT_EQ(missing.status, Status::kFail);
  const Finding* f = testing::FindFinding(missing, "policy.framework.missing");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->params.at("framework"), "torch");
  EXPECT_EQ(f->evidence.back().source, "site.toml:2:12");

  auto cpu = std::make_shared<FakeSystemView>();
  testing::AddSystemPython(*cpu);
  testing::AddTorch(*cpu, testing::kDist, "2.5.1+cpu", "", "", {"libtorch_cpu.so"});
  CheckOutcome not_rocm = testing::RunCheck("policy.frameworks", cpu, options);
  EXPECT_EQ(not_rocm.status, Status::kFail);
  ASSERT_TRUE(testing::HasFinding(not_rocm, "policy.framework.not_rocm"));
  EXPECT_NE(not_rocm.findings[0].message.find("is a cpu build, not a ROCm build"),
            std::string::npos)
      << not_rocm.findings[0].message;
}

TEST(PolicyFrameworks, ABuildNothingDescribesIsUnknown) {
  // A torch package directory with no version.py, no METADATA and no libraries.
  auto view = std::make_shared<FakeSystemView>();
  testing::AddSystemPython(*view);
  view->File(std::string(testing::kDist) + "/torch/__init__.py", "");
  CheckOutcome out = testing::RunCheck("policy.frameworks", view,
                                       WithPolicy("[frameworks]\nrequire = [\"torch\"]\n"));
  EXPECT_EQ(out.status, Status::kUnknown) << out.summary;
  EXPECT_TRUE(testing::HasFinding(out, "policy.framework.unknown")) << out.summary;
}

}  // namespace
}  // namespace rocm_doctor
