// SPDX-License-Identifier: MIT
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

// An activated venv whose bin/python3 links to an interpreter that is gone (a removed
// /usr/bin/python3.11): frameworks.python fails with venv_broken, and the torch in it is still
// judged from its files - a CPU build there is frameworks.torch.cpu_build, never "ready".
std::shared_ptr<FakeSystemView> DeadVenv(const std::string& hip) {
  auto view = std::make_shared<FakeSystemView>();
  AddSystemPython(*view);
  view->Link(std::string(kVenv) + "/bin/python3", "/usr/bin/python3.11");
  view->File(std::string(kVenv) + "/pyvenv.cfg",
             "home = /usr/bin\ninclude-system-site-packages = false\nversion = 3.11.9\n");
  const std::string site = std::string(kVenv) + "/lib/python3.11/site-packages";
  AddTorch(*view, site, hip.empty() ? "2.3.0+cpu" : "2.3.0+rocm6.0", hip, "",
           hip.empty() ? std::vector<std::string>{"libtorch_cpu.so"} : RocmWheelLibs());
  view->Env("VIRTUAL_ENV", kVenv);
  view->Env("PATH", std::string(kVenv) + "/bin:/usr/local/bin:/usr/bin:/bin");
  return view;
}

TEST(PythonEnvs, ActiveVenvWithItsInterpreterGoneFails) {
  auto view = DeadVenv("6.0.32830-d62f6a171");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kFail) << out.summary;
  const Finding* f = FindFinding(out, "frameworks.python.venv_broken");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "the active venv /home/alice/venv (imports torch 2.3.0+rocm6.0) cannot run: "
            "/home/alice/venv/bin/python3 -> /usr/bin/python3.11, which does not exist: the "
            "interpreter this venv was made with is gone (pyvenv.cfg: home = /usr/bin, version "
            "= 3.11.9)");
  Remediation fix = Catalog::Instance().RemediationFor(*f);
  ASSERT_EQ(fix.commands.size(), 3u);
  EXPECT_EQ(fix.commands[2],
            "python3 -m venv --clear /home/alice/venv  # empties the venv; then reinstall its "
            "packages");
  // The ROCm torch in it is judged from its files although nothing can import it.
  EXPECT_EQ(RunCheck("frameworks.torch", view).status, Status::kPass);
}

TEST(PythonEnvs, CpuTorchInADeadVenvIsStillACpuBuild) {
  CheckOutcome out = RunCheck("frameworks.torch", DeadVenv(""));
  EXPECT_EQ(out.status, Status::kFail) << out.summary;
  EXPECT_TRUE(HasFinding(out, "frameworks.torch.cpu_build")) << out.summary;
}

TEST(PythonEnvs, AHealthyVenvIsNotBroken) {
  auto view = std::make_shared<FakeSystemView>();
  AddSystemPython(*view);
  AddVenv(*view);
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_FALSE(HasFinding(out, "frameworks.python.venv_broken")) << out.summary;
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
}

}  // namespace
}  // namespace rocm_doctor::testing
