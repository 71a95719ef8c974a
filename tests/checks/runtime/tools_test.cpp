// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <memory>

#include "support/check_harness.h"
#include "unit/collect/tools/tools_fixture.h"

namespace rocm_doctor {
namespace {

using testing::FakeSystemView;

std::shared_ptr<FakeSystemView> Host() {
  auto view = std::make_shared<FakeSystemView>();
  view->Env("PATH", "/usr/bin:/opt/rocm-6.2.0/bin")
      .File("/var/lib/dpkg/status",
            "Package: rocminfo\nStatus: install ok installed\n"
            "Version: 5.2.3-2\n")
      .File("/var/lib/dpkg/info/rocminfo.list", "/usr/bin/rocminfo\n");
  testing::Executable(*view, "/usr/bin/rocminfo");
  testing::OptRocm(*view, "6.2.0");
  testing::Executable(*view, "/opt/rocm-6.2.0/bin/rocminfo");
  testing::Executable(*view, "/opt/rocm-6.2.0/bin/rocprofv3");
  return view;
}

TEST(RuntimeTools, InventoryIsInformationalAndNamesOrigins) {
  CheckOutcome out = testing::RunCheck("runtime.tools", Host());
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary,
            "2 of 11 found: rocminfo 5.2.3-2, rocprofv3 6.2.0; not found: "
            "rocm_agent_enumerator, rocm-smi, amd-smi, rocprof and 5 more");
  // rocminfo, rocprofv3; the 7 missing packaged tools together; TransferBench; all_reduce_perf.
  ASSERT_EQ(out.findings.size(), 5u);
  for (const Finding& f : out.findings) EXPECT_EQ(f.status, Status::kInfo) << f.code;

  const Finding* present = testing::FindFinding(out, "runtime.tool.present");
  ASSERT_NE(present, nullptr);
  EXPECT_EQ(present->message,
            "rocminfo at /usr/bin/rocminfo, package rocminfo (dpkg) 5.2.3-2: it lists the agents "
            "(CPUs and GPUs) the ROCm runtime sees, with their gfx targets. Also "
            "/opt/rocm-6.2.0/bin/rocminfo, ROCm 6.2.0 (/opt/rocm-6.2.0) (not first on $PATH).");
  EXPECT_EQ(present->params.at("version"), "5.2.3-2");
  EXPECT_EQ(present->evidence.at(1).source, "/var/lib/dpkg/info/rocminfo.list");
}

TEST(RuntimeTools, MissingToolsSayHowToGetThem) {
  CheckOutcome out = testing::RunCheck("runtime.tools", Host());
  const Finding* missing = testing::FindFinding(out, "runtime.tool.missing");
  ASSERT_NE(missing, nullptr);
  EXPECT_EQ(missing->params.at("tools"),
            "rocm_agent_enumerator rocm-smi amd-smi rocprof rocm-bandwidth-test hipcc amdclang++");
  EXPECT_EQ(missing->params.at("apt_packages"),
            "rocminfo rocm-smi-lib amd-smi-lib rocprofiler rocm-bandwidth-test hipcc rocm-llvm");
  EXPECT_NE(missing->message.find("; amd-smi, which monitors and manages GPUs"), std::string::npos)
      << missing->message;
  EXPECT_EQ(missing->evidence.at(0).observed, "not in /usr/bin, /opt/rocm-6.2.0/bin");
  Remediation r = Catalog::Instance().RemediationFor(*missing);
  ASSERT_EQ(r.commands.size(), 2u);
  EXPECT_EQ(r.commands[0].substr(0, 38), "sudo apt install rocminfo rocm-smi-lib");
  EXPECT_NE(r.commands[1].find("sudo dnf install rocminfo"), std::string::npos);

  const Finding* not_built = nullptr;
  for (const Finding& f : out.findings) {
    if (f.code == "runtime.tool.not_built" && f.params.at("tool") == "all_reduce_perf") {
      not_built = &f;
    }
  }
  ASSERT_NE(not_built, nullptr);
  Remediation build = Catalog::Instance().RemediationFor(*not_built);
  ASSERT_EQ(build.commands.size(), 1u);
  EXPECT_EQ(build.commands[0],
            "git clone https://github.com/ROCm/rccl-tests && cd \"$(basename "
            "https://github.com/ROCm/rccl-tests)\" && make HIP_HOME=/opt/rocm NCCL_HOME=/opt/rocm");
}

TEST(RuntimeTools, APackageIsNamedOnceForSeveralMissingTools) {
  auto view = std::make_shared<FakeSystemView>();
  view->Env("PATH", "/usr/bin");
  CheckOutcome out = testing::RunCheck("runtime.tools", view);
  const Finding* missing = testing::FindFinding(out, "runtime.tool.missing");
  ASSERT_NE(missing, nullptr);
  // rocminfo and rocm_agent_enumerator both come from rocminfo.
  EXPECT_EQ(missing->params.at("apt_packages").substr(0, 22), "rocminfo rocm-smi-lib ");
}

// Issue 15: no tool found is information, not a pass (a ✓ for "0 of 11 found" said nothing).
TEST(RuntimeTools, NothingFoundIsInformationNotAPass) {
  CheckOutcome out = testing::RunCheck("runtime.tools", std::make_shared<FakeSystemView>());
  EXPECT_EQ(out.status, Status::kInfo);
  EXPECT_EQ(out.summary,
            "0 of 11 found; not found: rocminfo, rocm_agent_enumerator, rocm-smi, amd-smi and 7 "
            "more");
  EXPECT_FALSE(testing::HasFinding(out, "runtime.tool.present"));
  EXPECT_TRUE(testing::HasFinding(out, "runtime.tool.missing"));
  EXPECT_TRUE(testing::HasFinding(out, "runtime.tool.not_built"));
  EXPECT_EQ(out.findings.at(0).evidence.at(0).observed,
            "nothing searched: $PATH is unset and no ROCm install found");
}

}  // namespace
}  // namespace rocm_doctor
