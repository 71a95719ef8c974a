// frameworks.python: the environments named, the active one, and the framework that is only in
// another interpreter (this host's case: pyenv's python3 in front of Debian's torch).
#include <gtest/gtest.h>

#include "checks/frameworks/frameworks_fixture.h"
#include "support/check_harness.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kCheck[] = "frameworks.python";

TEST(PythonEnvs, SkipWithoutPython) {
  auto view = std::make_shared<FakeSystemView>();
  view->Env("PATH", "/usr/bin");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kSkip);
  EXPECT_NE(out.summary.find("no Python interpreter found (looked at "), std::string::npos)
      << out.summary;
}

TEST(PythonEnvs, PassNamesTheActiveEnvironmentAndItsFrameworks) {
  auto view = std::make_shared<FakeSystemView>();
  AddSystemPython(*view);
  AddTorch(*view, kDist, "1.13.0a0", "", "", {});
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_EQ(out.summary, "python3 → /usr/bin/python3 (system Python 3.11): torch 1.13.0a0");
  const Finding* found = FindFinding(out, "frameworks.python.found");
  ASSERT_NE(found, nullptr);
  EXPECT_EQ(found->status, Status::kInfo);
  EXPECT_EQ(found->message, "1 Python environment; python3 runs /usr/bin/python3");
  ASSERT_EQ(found->evidence.size(), 1u);
  EXPECT_NE(found->evidence[0].observed.find("imports torch 1.13.0a0 from "
                                             "/usr/lib/python3/dist-packages"),
            std::string::npos)
      << found->evidence[0].observed;
}

TEST(PythonEnvs, FrameworkOnlyInAnotherInterpreterWarns) {
  auto view = std::make_shared<FakeSystemView>();
  AddSystemPython(*view);
  AddTorch(*view, kDist, "1.13.0a0", "", "", {});
  view->File("/home/alice/.pyenv/shims/python3",
             "#!/usr/bin/env bash\nexec \"/home/alice/.pyenv/libexec/pyenv\" exec \"$program\" "
             "\"$@\"\n");
  view->File("/home/alice/.pyenv/version", "3.11.7\n");
  view->File("/home/alice/.pyenv/versions/3.11.7/bin/python3", "");
  view->Dir("/home/alice/.pyenv/versions/3.11.7/lib/python3.11/site-packages");
  view->Env("PATH", "/home/alice/.pyenv/shims:/usr/bin:/bin");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kWarn);
  const Finding* f = FindFinding(out, "frameworks.python.not_in_active");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "torch is installed for /usr/bin/python3 (system Python 3.11), but python3 runs "
            "/home/alice/.pyenv/versions/3.11.7/bin/python3 (pyenv Python 3.11.7) via pyenv shim "
            "/home/alice/.pyenv/shims/python3, which has no torch (pyenv shim "
            "/home/alice/.pyenv/shims/python3 -> version 3.11.7 (from "
            "/home/alice/.pyenv/version))");
  Remediation fix = Catalog::Instance().RemediationFor(*f);
  ASSERT_EQ(fix.commands.size(), 2u);
  EXPECT_EQ(fix.commands[0], "/usr/bin/python3 -c 'import torch; print(torch.__file__)'");
  EXPECT_EQ(out.summary,
            "python3 → /home/alice/.pyenv/versions/3.11.7/bin/python3 (pyenv Python 3.11.7) via "
            "pyenv shim /home/alice/.pyenv/shims/python3: no framework; /usr/bin/python3 (system "
            "Python 3.11): torch 1.13.0a0");
}

}  // namespace
}  // namespace rocm_doctor::testing
