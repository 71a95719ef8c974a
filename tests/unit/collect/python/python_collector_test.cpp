// SPDX-License-Identifier: MIT
// PythonFacts: which interpreters are found, which one `python3` runs (venv, conda, pyenv shims
// through their version files), and the site directories of each.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "checks/frameworks/frameworks_fixture.h"
#include "rocm_doctor/facts/python.h"
#include "system/open_system_view.h"
#include "system/temp_dir.h"

namespace rocm_doctor::testing {
namespace {

// The shim pyenv's rehash writes (pyenv 2.3, /root/.pyenv/shims/python3 on this host).
std::string Shim(const std::string& root) {
  return "#!/usr/bin/env bash\nset -e\n[ -n \"$PYENV_DEBUG\" ] && set -x\n\nprogram=\"${0##*/}\"\n"
         "\nexport PYENV_ROOT=\"" +
         root + "\"\nexec \"" + root + "/libexec/pyenv\" exec \"$program\" \"$@\"\n";
}

constexpr char kPyenv[] = "/home/alice/.pyenv";

void AddPyenv(FakeSystemView& view, const std::string& version_file) {
  view.File(std::string(kPyenv) + "/shims/python3", Shim(kPyenv));
  view.File(std::string(kPyenv) + "/versions/3.11.7/bin/python3",
            "\x7f"
            "ELF");
  view.Dir(std::string(kPyenv) + "/versions/3.11.7/lib/python3.11/site-packages");
  view.File(std::string(kPyenv) + "/versions/3.10.13/bin/python3",
            "\x7f"
            "ELF");
  view.Dir(std::string(kPyenv) + "/versions/3.10.13/lib/python3.10/site-packages");
  if (!version_file.empty()) view.File(std::string(kPyenv) + "/version", version_file);
  view.Env("PATH", std::string(kPyenv) + "/shims:/usr/local/bin:/usr/bin:/bin");
}

PythonFacts Collect(const FakeSystemView& view) { return CollectFacts<PythonFacts>(view); }

TEST(PythonCollector, NoInterpreter) {
  FakeSystemView view;
  view.Env("PATH", "/usr/bin:/bin");
  PythonFacts facts = Collect(view);
  EXPECT_TRUE(facts.envs.empty());
  EXPECT_EQ(facts.Active(), nullptr);
  EXPECT_NE(std::find(facts.searched.begin(), facts.searched.end(), "/usr/bin/python3"),
            facts.searched.end());
}

TEST(PythonCollector, SystemPythonOfDebian) {
  FakeSystemView view;
  AddSystemPython(view);
  PythonFacts facts = Collect(view);
  ASSERT_EQ(facts.envs.size(), 1u);
  const PythonEnvironment& env = facts.envs[0];
  EXPECT_TRUE(env.active);
  EXPECT_EQ(env.kind, PythonKind::kSystem);
  EXPECT_EQ(env.prefix, "/usr");
  EXPECT_EQ(*env.version, "3.11");
  EXPECT_EQ(env.found_by, (std::vector<std::string>{"python3 on PATH", "/usr/bin/python3"}));
  EXPECT_EQ(env.site_dirs, (std::vector<std::string>{kDist}));
  EXPECT_EQ(env.Describe(), "/usr/bin/python3 (system Python 3.11)");
}

TEST(PythonCollector, ActivatedVenvComesFirst) {
  FakeSystemView view;
  AddSystemPython(view);
  AddVenv(view);
  PythonFacts facts = Collect(view);
  ASSERT_EQ(facts.envs.size(), 2u);
  EXPECT_TRUE(facts.envs[0].active);
  EXPECT_EQ(facts.envs[0].kind, PythonKind::kVenv);
  EXPECT_EQ(facts.envs[0].prefix, kVenv);
  EXPECT_EQ(*facts.envs[0].version, "3.12.3");
  EXPECT_EQ(facts.envs[0].version.source, std::string(kVenv) + "/pyvenv.cfg");
  EXPECT_EQ(facts.envs[0].found_by, (std::vector<std::string>{"$VIRTUAL_ENV", "python3 on PATH"}));
  EXPECT_EQ(facts.envs[0].site_dirs, (std::vector<std::string>{kVenvSite}));
  EXPECT_FALSE(facts.envs[1].active);
  EXPECT_EQ(facts.envs[1].prefix, "/usr");
}

TEST(PythonCollector, VenvWithSystemSitePackagesSeesTheBase) {
  FakeSystemView view;
  AddSystemPython(view);
  AddVenv(view);
  view.File(std::string(kVenv) + "/pyvenv.cfg",
            "home = /usr/bin\ninclude-system-site-packages = true\nversion = 3.11.2\n");
  view.Dir("/home/alice/venv/lib/python3.11/site-packages");
  PythonFacts facts = Collect(view);
  EXPECT_EQ(facts.envs[0].site_dirs,
            (std::vector<std::string>{"/home/alice/venv/lib/python3.11/site-packages", kDist}));
}

TEST(PythonCollector, PyenvShimFollowsTheGlobalVersionFile) {
  FakeSystemView view;
  AddSystemPython(view);
  AddPyenv(view, "3.11.7\n");
  PythonFacts facts = Collect(view);
  const PythonEnvironment* active = facts.Active();
  ASSERT_NE(active, nullptr);
  EXPECT_EQ(active->interpreter, std::string(kPyenv) + "/shims/python3");
  EXPECT_EQ(active->executable, std::string(kPyenv) + "/versions/3.11.7/bin/python3");
  EXPECT_EQ(active->kind, PythonKind::kPyenv);
  EXPECT_EQ(*active->version, "3.11.7");
  EXPECT_EQ(active->shim,
            "pyenv shim /home/alice/.pyenv/shims/python3 -> version 3.11.7 (from "
            "/home/alice/.pyenv/version)");
  EXPECT_EQ(active->site_dirs,
            (std::vector<std::string>{std::string(kPyenv) + "/versions/3.11.7/lib/python3.11/"
                                                            "site-packages"}));
  // /usr/bin/python3 and the other pyenv version are environments too.
  ASSERT_EQ(facts.envs.size(), 3u);
  EXPECT_EQ(facts.envs[1].prefix, "/usr");
  EXPECT_EQ(facts.envs[2].prefix, std::string(kPyenv) + "/versions/3.10.13");
  EXPECT_EQ(facts.envs[2].found_by, (std::vector<std::string>{"pyenv versions"}));
}

TEST(PythonCollector, PyenvVersionSources) {
  {  // $PYENV_VERSION wins; a prefix selects the latest installed.
    FakeSystemView view;
    AddSystemPython(view);
    AddPyenv(view, "3.11.7\n");
    view.Env("PYENV_VERSION", "3.10");
    EXPECT_EQ(Collect(view).Active()->executable,
              std::string(kPyenv) + "/versions/3.10.13/bin/python3");
  }
  {  // .python-version in a parent of $PWD beats the global file.
    FakeSystemView view;
    AddSystemPython(view);
    AddPyenv(view, "3.11.7\n");
    view.Env("PWD", "/home/alice/project/src");
    view.File("/home/alice/project/.python-version", "3.10.13\n");
    PythonFacts facts = Collect(view);
    EXPECT_EQ(facts.Active()->executable, std::string(kPyenv) + "/versions/3.10.13/bin/python3");
    EXPECT_NE(facts.Active()->shim.find("/home/alice/project/.python-version"), std::string::npos);
  }
  {  // "system": the next python3 on PATH after the shims.
    FakeSystemView view;
    AddSystemPython(view);
    AddPyenv(view, "system\n");
    PythonFacts facts = Collect(view);
    EXPECT_EQ(facts.Active()->executable, "/usr/bin/python3");
    EXPECT_EQ(facts.Active()->prefix, "/usr");
  }
  {  // No version file: pyenv's default is system.
    FakeSystemView view;
    AddSystemPython(view);
    AddPyenv(view, "");
    EXPECT_EQ(Collect(view).Active()->executable, "/usr/bin/python3");
  }
}

TEST(PythonCollector, ShimOfAMissingVersionRunsNothing) {
  FakeSystemView view;
  AddSystemPython(view);
  AddPyenv(view, "3.9\n");
  PythonFacts facts = Collect(view);
  ASSERT_FALSE(facts.notes.empty());
  EXPECT_NE(facts.notes[0].find("3.9 (not installed)"), std::string::npos) << facts.notes[0];
  EXPECT_NE(facts.notes[0].find("command not found"), std::string::npos);
  // `python3` fails for this user; /usr/bin/python3 is what is left.
  EXPECT_EQ(facts.Active()->executable, "/usr/bin/python3");
}

TEST(PythonCollector, CondaPrefixAndItsBase) {
  FakeSystemView view;
  AddSystemPython(view);
  view.File("/opt/conda/bin/python3",
            "\x7f"
            "ELF");
  view.Dir("/opt/conda/conda-meta");
  view.Dir("/opt/conda/lib/python3.12/site-packages");
  view.File("/opt/conda/envs/ml/bin/python3",
            "\x7f"
            "ELF");
  view.Dir("/opt/conda/envs/ml/conda-meta");
  view.Dir("/opt/conda/envs/ml/lib/python3.10/site-packages");
  view.Env("CONDA_PREFIX", "/opt/conda/envs/ml");
  PythonFacts facts = Collect(view);
  ASSERT_EQ(facts.envs.size(), 3u);
  EXPECT_EQ(facts.envs[0].prefix, "/opt/conda/envs/ml");
  EXPECT_EQ(facts.envs[0].kind, PythonKind::kConda);
  EXPECT_EQ(*facts.envs[0].version, "3.10");
  EXPECT_EQ(facts.envs[0].site_dirs,
            (std::vector<std::string>{"/opt/conda/envs/ml/lib/python3.10/site-packages"}));
  EXPECT_EQ(facts.envs[2].prefix, "/opt/conda");
  EXPECT_EQ(facts.envs[2].found_by, (std::vector<std::string>{"conda envs"}));
}

TEST(PythonCollector, PythonpathAndUserSiteComeFirst) {
  FakeSystemView view;
  AddSystemPython(view);
  view.Dir("/work/pp");
  view.Dir("/home/alice/.local/lib/python3.11/site-packages");
  view.Env("PYTHONPATH", "/work/pp:relative:/missing");
  PythonFacts facts = Collect(view);
  EXPECT_EQ(facts.envs[0].site_dirs,
            (std::vector<std::string>{"/work/pp", "/home/alice/.local/lib/python3.11/site-packages",
                                      kDist}));
  view.Env("PYTHONNOUSERSITE", "1");
  EXPECT_EQ(Collect(view).envs[0].site_dirs, (std::vector<std::string>{"/work/pp", kDist}));
}

// Symlinks as a real host has them, through a machine directory: /usr/bin/python3 ->
// python3.11, a venv's bin/python3 -> /usr/bin/python3, /bin -> usr/bin (usrmerge).
TEST(PythonCollector, LinksResolveInAMachineDirectory) {
  auto temp = system::TempDir::Create("python-collector");
  ASSERT_TRUE(temp) << temp.error();
  namespace fs = std::filesystem;
  const fs::path root((*temp)->path());
  fs::create_directories(root / ".rocm-doctor");
  std::ofstream(root / ".rocm-doctor/machine.json")
      << R"({"format": 1, "env": {"PATH": "/bin:/home/a/venv/bin", "VIRTUAL_ENV": "/home/a/venv",
             "HOME": "/home/a"}})";
  fs::create_directories(root / "usr/bin");
  std::ofstream(root / "usr/bin/python3.11") << "ELF";
  fs::create_symlink("python3.11", root / "usr/bin/python3");
  fs::create_symlink("usr/bin", root / "bin");
  fs::create_directories(root / "usr/lib/python3/dist-packages");
  fs::create_directories(root / "home/a/venv/bin");
  fs::create_directories(root / "home/a/venv/lib/python3.11/site-packages");
  std::ofstream(root / "home/a/venv/pyvenv.cfg") << "home = /usr/bin\nversion = 3.11.2\n";
  fs::create_symlink("/usr/bin/python3", root / "home/a/venv/bin/python3");
  auto view = OpenSystemView(root.string());
  ASSERT_TRUE(view) << view.error();
  PythonFacts facts = CollectFacts<PythonFacts>(**view);
  ASSERT_EQ(facts.envs.size(), 2u);
  EXPECT_EQ(facts.envs[0].kind, PythonKind::kVenv);
  EXPECT_EQ(facts.envs[0].resolved, "/usr/bin/python3.11");
  EXPECT_EQ(facts.envs[0].prefix, "/home/a/venv");
  EXPECT_EQ(facts.envs[1].interpreter, "/bin/python3");
  EXPECT_EQ(facts.envs[1].resolved, "/usr/bin/python3.11");
  EXPECT_EQ(facts.envs[1].prefix, "/usr");
  EXPECT_EQ(*facts.envs[1].version, "3.11");
  EXPECT_EQ(facts.envs[1].site_dirs, (std::vector<std::string>{"/usr/lib/python3/dist-packages"}));
  // A venv whose link reaches the Python it was made with is healthy.
  EXPECT_TRUE(facts.envs[0].runnable);
  EXPECT_EQ(facts.envs[0].broken, "");
}

// A machine directory of an Ubuntu host after an upgrade: /usr/bin/python3 -> python3.12, and a
// venv of the user's activated. `venv_link` is its bin/python's target, `made_with` its
// pyvenv.cfg version.
std::filesystem::path UpgradedHost(const std::filesystem::path& root, const std::string& venv_link,
                                   const std::string& made_with) {
  namespace fs = std::filesystem;
  fs::create_directories(root / ".rocm-doctor");
  std::ofstream(root / ".rocm-doctor/machine.json")
      << R"({"format": 1, "env": {"PATH": "/home/a/venv/bin:/usr/bin", "VIRTUAL_ENV": "/home/a/venv",
             "HOME": "/home/a"}})";
  fs::create_directories(root / "usr/bin");
  std::ofstream(root / "usr/bin/python3.12") << "ELF";
  fs::create_symlink("python3.12", root / "usr/bin/python3");
  fs::create_directories(root / "usr/lib/python3/dist-packages");
  fs::create_directories(root / "home/a/venv/bin");
  const std::string minor = made_with.substr(0, made_with.rfind('.'));
  fs::create_directories(root / ("home/a/venv/lib/python" + minor + "/site-packages/torch"));
  std::ofstream(root / "home/a/venv/pyvenv.cfg")
      << "home = /usr/bin\ninclude-system-site-packages = false\nversion = " << made_with << "\n";
  fs::create_symlink(venv_link, root / "home/a/venv/bin/python");
  fs::create_symlink("python", root / "home/a/venv/bin/python3");
  return root;
}

// pypa/pipx#633's mechanism on Linux: the venv links to /usr/bin/python3.11, which the upgrade
// removed. It is still the active environment, its packages are still found, and why it cannot
// run is said. Before: the dead venv was dropped and /usr/bin/python3 taken for the active one.
TEST(PythonCollector, AVenvWhoseBaseInterpreterIsGoneIsKeptAndSaysWhy) {
  auto temp = system::TempDir::Create("python-collector");
  ASSERT_TRUE(temp) << temp.error();
  const auto root = UpgradedHost((*temp)->path(), "/usr/bin/python3.11", "3.11.9");
  auto view = OpenSystemView(root.string());
  ASSERT_TRUE(view) << view.error();
  PythonFacts facts = CollectFacts<PythonFacts>(**view);
  ASSERT_EQ(facts.envs.size(), 2u);
  const PythonEnvironment& venv = facts.envs[0];
  EXPECT_TRUE(venv.active);
  EXPECT_EQ(venv.kind, PythonKind::kVenv);
  EXPECT_EQ(venv.prefix, "/home/a/venv");
  EXPECT_FALSE(venv.runnable);
  EXPECT_EQ(venv.broken,
            "/home/a/venv/bin/python3 -> python -> /usr/bin/python3.11, which does not exist: "
            "the interpreter this venv was made with is gone (pyvenv.cfg: home = /usr/bin, "
            "version = 3.11.9)");
  EXPECT_EQ(venv.site_dirs,
            (std::vector<std::string>{"/home/a/venv/lib/python3.11/site-packages"}));
  EXPECT_FALSE(facts.envs[1].active);
  EXPECT_EQ(facts.envs[1].broken, "");
}

// Ubuntu's usual venv (bin/python -> /usr/bin/python3) made on 22.04 with 3.10: after the
// upgrade the link runs 3.12, which does not read lib/python3.10/site-packages.
TEST(PythonCollector, AVenvWhoseLinkNowRunsAnotherMinorSaysWhy) {
  auto temp = system::TempDir::Create("python-collector");
  ASSERT_TRUE(temp) << temp.error();
  const auto root = UpgradedHost((*temp)->path(), "/usr/bin/python3", "3.10.12");
  auto view = OpenSystemView(root.string());
  ASSERT_TRUE(view) << view.error();
  PythonFacts facts = CollectFacts<PythonFacts>(**view);
  ASSERT_FALSE(facts.envs.empty());
  const PythonEnvironment& venv = facts.envs[0];
  EXPECT_TRUE(venv.runnable);
  EXPECT_EQ(venv.resolved, "/usr/bin/python3.12");
  EXPECT_EQ(venv.broken,
            "/home/a/venv/bin/python3 -> python -> /usr/bin/python3 -> python3.12 runs Python "
            "3.12, but the venv was made with 3.10.12 (pyvenv.cfg: home = /usr/bin, version = "
            "3.10.12): Python 3.12 does not read its lib/python3.10/site-packages, so its "
            "packages do not import");
}

}  // namespace
}  // namespace rocm_doctor::testing
