// SPDX-License-Identifier: MIT
// CollectFacts<RocmFacts> / CollectHipLoad on fake hosts: /opt links, variables, ld.so.conf,
// distribution packages, versions with their sources, loader order, hostile trees.
#include <gtest/gtest.h>

#include "rocm_doctor/facts/rocm.h"
#include "unit/collect/rocm/rocm_fixture.h"

namespace rocm_doctor::testing {
namespace {

const RocmInstall* Find(const RocmFacts& facts, const std::string& root) {
  for (const RocmInstall& install : facts.installs) {
    if (install.root == root) return &install;
  }
  return nullptr;
}

TEST(RocmCollector, OptRocmLinkToRelease) {
  FakeSystemView view;
  AddRocm620(view);
  RocmFacts facts = CollectFacts<RocmFacts>(view);
  ASSERT_TRUE(facts.opt_rocm_target.known());
  EXPECT_EQ(*facts.opt_rocm_target, "/opt/rocm-6.2.0");
  EXPECT_EQ(facts.opt_rocm_target.source, "/opt/rocm -> /opt/rocm-6.2.0");
  ASSERT_EQ(facts.installs.size(), 1u);
  const RocmInstall& install = facts.installs[0];
  EXPECT_EQ(install.root, "/opt/rocm-6.2.0");
  EXPECT_EQ(install.found_by, (std::vector<std::string>{"opt-link", "opt", "ld.so.conf"}));
  EXPECT_EQ(*install.version, "6.2.0");
  EXPECT_EQ(install.version.source, "/opt/rocm-6.2.0/.info/version");
  EXPECT_EQ(*install.hip_version, "6.2.60200");
  EXPECT_EQ(install.hip_version.source, "/opt/rocm-6.2.0/lib/libamdhip64.so.6.2.60200");
  EXPECT_EQ(*install.hsa_version, "1.14.60200");
  EXPECT_EQ(*install.hip_release, "6.2.0");
  EXPECT_EQ(*install.hsa_release, "6.2.0");
  EXPECT_EQ(install.lib_dir, "/opt/rocm-6.2.0/lib");
  ASSERT_EQ(install.hip.size(), 3u);
  EXPECT_EQ(install.hip[1].path, "/opt/rocm-6.2.0/lib/libamdhip64.so.6");
  EXPECT_EQ(install.hip[1].soname, "libamdhip64.so.6");
  EXPECT_EQ(*install.hip[1].version, "6.2.60200");
  // ld.so.conf.d names /opt/rocm/lib; the loader's path is where that resolves.
  ASSERT_TRUE(facts.loader_hip_path.known());
  EXPECT_EQ(*facts.loader_hip_path, "/opt/rocm-6.2.0/lib/libamdhip64.so.6");
  EXPECT_EQ(facts.loader_hip_path.source, "/opt/rocm/lib");
  EXPECT_EQ(facts.Selected(), &facts.installs[0]);
  EXPECT_EQ(facts.InUse(), &facts.installs[0]);
}

TEST(RocmCollector, VersionFallbacks) {
  FakeSystemView view;
  // No .info/version: rocm_version.h.
  view.File("/opt/rocm-6.1.0/include/rocm-core/rocm_version.h",
            "#define ROCM_VERSION_MAJOR 6\n#define ROCM_VERSION_MINOR 1\n"
            "#define ROCM_VERSION_PATCH 0\n");
  view.File("/opt/rocm-6.1.0/lib/libamdhip64.so.6.1.60100", "");
  // Neither: the library name.
  view.File("/opt/rocm-5.7.1/lib/libamdhip64.so.5.7.50701", "");
  // Only hip_version.h and an unversioned library: major.minor.
  view.File("/opt/rocm-x/include/hip/hip_version.h",
            "#define HIP_VERSION_MAJOR 6\n#define HIP_VERSION_MINOR 3\n"
            "#define HIP_VERSION_PATCH 42131\n");
  view.File("/opt/rocm-x/lib/libamdhip64.so", "");
  RocmFacts facts = CollectFacts<RocmFacts>(view);
  EXPECT_FALSE(facts.opt_rocm_target.known());
  const RocmInstall* a = Find(facts, "/opt/rocm-6.1.0");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(*a->version, "6.1.0");
  EXPECT_EQ(a->version.source, "/opt/rocm-6.1.0/include/rocm-core/rocm_version.h");
  const RocmInstall* b = Find(facts, "/opt/rocm-5.7.1");
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(*b->version, "5.7.1");
  EXPECT_EQ(b->version.source, "/opt/rocm-5.7.1/lib/libamdhip64.so.5.7.50701");
  EXPECT_FALSE(b->hsa_version.known());
  const RocmInstall* c = Find(facts, "/opt/rocm-x");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(*c->version, "6.3");
  EXPECT_EQ(*c->hip_version, "6.3.42131");
  // Nothing on the loader's path.
  EXPECT_FALSE(facts.loader_hip_path.known());
  EXPECT_EQ(facts.Selected(), nullptr);
  EXPECT_NE(facts.InUse(), nullptr);
}

// ROCm 2.2 (ROCm/ROCm#731): HIP on HCC, hip/lib/libhip_hcc.so, the hip_hcc postinst's link in lib/.
TEST(RocmCollector, HccEraHipIsFound) {
  FakeSystemView view;
  view.File("/opt/rocm/.info/version", "2.2.31\n");
  view.File("/opt/rocm/hip/lib/libhip_hcc.so", "");
  view.Link("/opt/rocm/lib/libhip_hcc.so", "/opt/rocm/hip/lib/libhip_hcc.so");
  view.File("/opt/rocm/hip/bin/.hipVersion",
            "HIP_VERSION_MAJOR=1\nHIP_VERSION_MINOR=5\nHIP_VERSION_PATCH=19055\n");
  view.File("/opt/rocm/hsa/lib/libhsa-runtime64.so.1.1.9", "");
  RocmFacts facts = CollectFacts<RocmFacts>(view);
  const RocmInstall* install = Find(facts, "/opt/rocm");
  ASSERT_NE(install, nullptr);
  EXPECT_TRUE(install->hip.empty());
  ASSERT_TRUE(install->hcc_hip.known()) << install->hcc_hip.error;
  EXPECT_EQ(*install->hcc_hip, "/opt/rocm/hip/lib/libhip_hcc.so");
  EXPECT_EQ(*install->version, "2.2.31");
  ASSERT_TRUE(install->hip_version.known());
  EXPECT_EQ(*install->hip_version, "1.5.19055");
  EXPECT_EQ(install->hip_version.source, "/opt/rocm/hip/bin/.hipVersion");
  EXPECT_EQ(facts.InUse(), nullptr);  // nothing the doctor's HIP probe can load
}

TEST(RocmCollector, HccEraHipOnlyAsAFileAndOnlyWithoutLibamdhip64) {
  FakeSystemView view;
  // A directory named like the library, and a link to nothing: not a HIP runtime.
  view.Dir("/opt/rocm-2.9.0/hip/lib/libhip_hcc.so");
  view.Link("/opt/rocm-2.9.0/lib/libhip_hcc.so", "/nowhere/libhip_hcc.so");
  // libamdhip64 next to a stale libhip_hcc.so (an upgrade in place): the current runtime wins.
  AddRocm620(view);
  view.File("/opt/rocm-6.2.0/hip/lib/libhip_hcc.so", "");
  RocmFacts facts = CollectFacts<RocmFacts>(view);
  const RocmInstall* old = Find(facts, "/opt/rocm-2.9.0");
  ASSERT_NE(old, nullptr);
  EXPECT_FALSE(old->hcc_hip.known());
  const RocmInstall* current = Find(facts, "/opt/rocm-6.2.0");
  ASSERT_NE(current, nullptr);
  EXPECT_FALSE(current->hip.empty());
  EXPECT_FALSE(current->hcc_hip.known());
}

TEST(RocmCollector, DebianPackages) {
  FakeSystemView view;
  AddDebianRocm(view);
  RocmFacts facts = CollectFacts<RocmFacts>(view);
  ASSERT_EQ(facts.installs.size(), 1u);
  const RocmInstall& install = facts.installs[0];
  EXPECT_EQ(install.root, "/usr");
  EXPECT_EQ(install.found_by, std::vector<std::string>{"distro"});
  EXPECT_EQ(install.lib_dir, "/usr/lib/x86_64-linux-gnu");
  EXPECT_EQ(*install.version, "5.2.3");
  EXPECT_EQ(install.version.source, "/var/lib/dpkg/status (libamdhip64-5 5.2.3-8)");
  EXPECT_EQ(*install.hip_version, "5.2.21153");
  // libhsa-runtime64.so.1.5.0 is ROCm 5.2.3's: the package's version, not the file name's
  // (issue 15: the report said "hsa-runtime 1.5.0" where dpkg says 5.2.3).
  EXPECT_EQ(*install.hsa_version, "5.2.3");
  EXPECT_EQ(install.hsa_version.source, "/var/lib/dpkg/status (libhsa-runtime64-1 5.2.3-3)");
  EXPECT_EQ(*install.hsa_release, "5.2.3");
  EXPECT_EQ(*facts.loader_hip_path, "/usr/lib/x86_64-linux-gnu/libamdhip64.so.5");
  EXPECT_EQ(facts.InUse(), &facts.installs[0]);
}

TEST(RocmCollector, DebianWithoutPackageDatabase) {
  FakeSystemView view;
  AddDebianRocm(view);
  view.Unreadable("/var/lib/dpkg/status", FsStatus::kNotFound);
  RocmFacts facts = CollectFacts<RocmFacts>(view);
  ASSERT_EQ(facts.installs.size(), 1u);
  // The library name gives major.minor only; the build number is no release.
  EXPECT_EQ(*facts.installs[0].version, "5.2");
  EXPECT_FALSE(facts.installs[0].hip_release.known());
  EXPECT_NE(facts.installs[0].hip_release.error.find("does not encode a ROCm release"),
            std::string::npos);
  // Without the package database only the file name is left, labelled: never a release.
  EXPECT_EQ(*facts.installs[0].hsa_version, "soname 1.5.0");
}

TEST(RocmCollector, MergedUsrLibIsOneInstall) {
  FakeSystemView view;
  AddDebianRocm(view);
  view.Link("/lib", "usr/lib");  // merged /usr: the loader finds it through /lib first
  RocmFacts facts = CollectFacts<RocmFacts>(view);
  ASSERT_EQ(facts.installs.size(), 1u);
  EXPECT_EQ(*facts.loader_hip_path, "/usr/lib/x86_64-linux-gnu/libamdhip64.so.5");
  EXPECT_EQ(facts.loader_hip_path.source, "/lib/x86_64-linux-gnu");
  EXPECT_EQ(facts.Selected(), &facts.installs[0]);
}

TEST(RocmCollector, LdLibraryPathComesFirst) {
  FakeSystemView view;
  AddRocm620(view);
  AddOptInstall(view, "5.7.1", "5.7.50701", "1.11.50701");
  view.Env("LD_LIBRARY_PATH", "/nonexistent::relative/dir:/opt/rocm-5.7.1/lib/");
  RocmFacts facts = CollectFacts<RocmFacts>(view);
  EXPECT_EQ(*facts.ld_library_path, "/nonexistent::relative/dir:/opt/rocm-5.7.1/lib/");
  ASSERT_EQ(facts.installs.size(), 2u);
  EXPECT_EQ(facts.installs[0].root, "/opt/rocm-6.2.0");  // the /opt/rocm target first
  const RocmInstall* old = Find(facts, "/opt/rocm-5.7.1");
  ASSERT_NE(old, nullptr);
  EXPECT_EQ(old->found_by, (std::vector<std::string>{"opt", "LD_LIBRARY_PATH"}));
  EXPECT_EQ(*facts.loader_hip_path, "/opt/rocm-5.7.1/lib/libamdhip64.so.5");
  EXPECT_EQ(facts.Selected(), old);
}

TEST(RocmCollector, RocmPathAndHipPath) {
  FakeSystemView view;
  AddOptInstall(view, "4.5.0", "4.5.40500", "1.4.40500");
  view.Env("ROCM_PATH", "/opt/rocm-4.5.0/");
  view.Env("HIP_PATH", "/opt/rocm-4.5.0/hip");
  RocmFacts facts = CollectFacts<RocmFacts>(view);
  ASSERT_EQ(facts.installs.size(), 1u);
  EXPECT_EQ(facts.installs[0].found_by, (std::vector<std::string>{"opt", "ROCM_PATH", "HIP_PATH"}));
  EXPECT_EQ(*facts.rocm_path_env, "/opt/rocm-4.5.0/");
  EXPECT_FALSE(facts.opt_rocm_target.known());
  EXPECT_EQ(facts.opt_rocm_target.error, "not found");
}

TEST(RocmCollector, RocmPathToNothingIsListedWithoutLibraries) {
  FakeSystemView view;
  view.Env("ROCM_PATH", "/opt/rocm-typo");
  RocmFacts facts = CollectFacts<RocmFacts>(view);
  ASSERT_EQ(facts.installs.size(), 1u);
  EXPECT_TRUE(facts.installs[0].hip.empty());
  EXPECT_FALSE(facts.installs[0].version.known());
  EXPECT_EQ(facts.InUse(), nullptr);
}

TEST(RocmCollector, NothingInstalled) {
  FakeSystemView view;
  view.File("/etc/os-release", "ID=ubuntu\n");
  RocmFacts facts = CollectFacts<RocmFacts>(view);
  EXPECT_TRUE(facts.installs.empty());
  EXPECT_FALSE(facts.loader_hip_path.known());
  EXPECT_FALSE(facts.rocm_path_env.known());
  EXPECT_EQ(facts.InUse(), nullptr);
}

TEST(RocmCollector, HostileTrees) {
  FakeSystemView view;
  // A link loop, an ld.so.conf that includes itself, and many /opt entries.
  view.Link("/opt/rocm", "/opt/rocm-loop");
  view.Link("/opt/rocm-loop", "/opt/rocm");
  view.File("/etc/ld.so.conf", "include /etc/ld.so.conf\n/opt/a/lib\n");
  for (int i = 0; i < 200; ++i) view.Dir("/opt/rocm-" + std::to_string(i));
  view.File("/opt/rocm-7/.info/version", std::string(100000, '9'));
  RocmFacts facts = CollectFacts<RocmFacts>(view);
  EXPECT_LE(facts.installs.size(), 66u);
  EXPECT_TRUE(facts.opt_rocm_target.known());  // resolves as far as the hop limit allows
  EXPECT_FALSE(facts.loader_hip_path.known());
}

TEST(HipLoad, RunsProbeLoadOnTheLoadersLibrary) {
  auto view = std::make_shared<FakeSystemView>();
  AddRocm620(*view);
  view->Command("hip-load", Loaded("/opt/rocm-6.2.0/lib/libamdhip64.so.6"));
  RocmFacts rocm = CollectFacts<RocmFacts>(*view);
  HipLoadFacts load = CollectHipLoad(*view, rocm, "/usr/bin/rocm-doctor");
  EXPECT_EQ(load.library, "/opt/rocm-6.2.0/lib/libamdhip64.so.6");
  EXPECT_EQ(load.argv, (std::vector<std::string>{"/usr/bin/rocm-doctor", "probe-load",
                                                 "/opt/rocm-6.2.0/lib/libamdhip64.so.6"}));
  ASSERT_TRUE(load.loaded.known());
  EXPECT_TRUE(*load.loaded);
  EXPECT_EQ(load.loaded.source, "probe hip-load");
}

TEST(HipLoad, WithoutLoaderPathProbesTheInstallsSoname) {
  FakeSystemView view;
  AddOptInstall(view, "6.2.0", "6.2.60200", "1.14.60200");
  view.Link("/opt/rocm", "/opt/rocm-6.2.0");
  RocmFacts rocm = CollectFacts<RocmFacts>(view);
  HipLoadFacts load = CollectHipLoad(view, rocm, "rocm-doctor");
  EXPECT_EQ(load.library, "/opt/rocm-6.2.0/lib/libamdhip64.so.6");
  EXPECT_EQ(load.outcome.state, CommandOutcome::State::kNotRecorded);
  EXPECT_FALSE(load.loaded.known());
}

TEST(HipLoad, MalformedOutputIsUnknown) {
  FakeSystemView view;
  AddRocm620(view);
  view.Command("hip-load", Exited("Segmentation fault?\n"));
  HipLoadFacts load = CollectHipLoad(view, CollectFacts<RocmFacts>(view), "rocm-doctor");
  EXPECT_FALSE(load.loaded.known());
  EXPECT_EQ(load.loaded.error, "output is not JSON");
}

TEST(HipLoad, NothingToLoad) {
  FakeSystemView view;
  HipLoadFacts load = CollectHipLoad(view, CollectFacts<RocmFacts>(view), "rocm-doctor");
  EXPECT_TRUE(load.library.empty());
  EXPECT_TRUE(load.argv.empty());
}

}  // namespace
}  // namespace rocm_doctor::testing
