// SPDX-License-Identifier: MIT
// FindHelper: the search order for rocm-doctor-hip, on injected inputs.
#include "system/helper_locator.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <set>

namespace rocm_doctor {
namespace {

HelperSearch With(std::set<std::string> runnable) {
  HelperSearch s;
  s.check = [runnable](const std::string& path) -> std::string {
    return runnable.count(path) ? "" : "not found";
  };
  return s;
}

TEST(FindHelper, NextToTheBinaryFirst) {
  HelperSearch s = With({"/usr/bin/rocm-doctor-hip", "/usr/libexec/rocm-doctor/rocm-doctor-hip"});
  s.self_exe = "/usr/bin/rocm-doctor";
  s.libexec_dir = "/usr/libexec";
  HelperLocation l = FindHelper(s);
  EXPECT_EQ(l.path, "/usr/bin/rocm-doctor-hip");
  EXPECT_TRUE(l.searched.empty());
}

TEST(FindHelper, BuildTreeLayout) {
  HelperSearch s = With({"/work/build/src/hip/rocm-doctor-hip"});
  s.self_exe = "/work/build/rocm-doctor";
  EXPECT_EQ(FindHelper(s).path, "/work/build/src/hip/rocm-doctor-hip");
}

TEST(FindHelper, RelocatedInstall) {
  HelperSearch s = With({"/opt/rd/libexec/rocm-doctor/rocm-doctor-hip"});
  s.self_exe = "/opt/rd/bin/rocm-doctor";
  s.libexec_dir = "/usr/local/libexec";
  EXPECT_EQ(FindHelper(s).path, "/opt/rd/libexec/rocm-doctor/rocm-doctor-hip");
}

TEST(FindHelper, ConfiguredLibexecLast) {
  HelperSearch s = With({"/usr/local/libexec/rocm-doctor/rocm-doctor-hip"});
  s.self_exe = "/home/a/bin/rocm-doctor";
  s.libexec_dir = "/usr/local/libexec";
  HelperLocation l = FindHelper(s);
  EXPECT_EQ(l.path, "/usr/local/libexec/rocm-doctor/rocm-doctor-hip");
  EXPECT_EQ(l.searched.size(), 3u);
}

TEST(FindHelper, NothingFoundListsEveryPlaceOnce) {
  HelperSearch s = With({});
  s.self_exe = "/usr/bin/rocm-doctor";
  s.libexec_dir = "/usr/libexec";  // the same as <bindir>/../libexec: listed once
  HelperLocation l = FindHelper(s);
  EXPECT_FALSE(l.found());
  EXPECT_EQ(l.searched,
            (std::vector<std::string>{"/usr/bin/rocm-doctor-hip (not found)",
                                      "/usr/bin/src/hip/rocm-doctor-hip (not found)",
                                      "/usr/libexec/rocm-doctor/rocm-doctor-hip (not found)"}));
}

TEST(FindHelper, EnvironmentOverrideIsTheOnlyPlaceLooked) {
  HelperSearch s = With({"/usr/bin/rocm-doctor-hip"});
  s.self_exe = "/usr/bin/rocm-doctor";
  s.env_override = "/tmp/nope";
  HelperLocation l = FindHelper(s);
  EXPECT_FALSE(l.found());
  EXPECT_EQ(l.searched, (std::vector<std::string>{"/tmp/nope (ROCMDOC_HIP_HELPER: not found)"}));
  s.env_override = "";  // empty counts as unset
  EXPECT_EQ(FindHelper(s).path, "/usr/bin/rocm-doctor-hip");
}

TEST(FindHelper, UnknownSelfSaysSo) {
  HelperSearch s = With({});
  HelperLocation l = FindHelper(s);
  ASSERT_EQ(l.searched.size(), 1u);
  EXPECT_NE(l.searched[0].find("/proc/self/exe"), std::string::npos);
}

TEST(LocateHipHelper, HonoursTheEnvironmentOverride) {
  ASSERT_EQ(setenv(kHipHelperEnv, "/nonexistent/rocm-doctor-hip", 1), 0);
  HelperLocation l = LocateHipHelper();
  unsetenv(kHipHelperEnv);
  EXPECT_FALSE(l.found());
  EXPECT_EQ(
      l.searched,
      (std::vector<std::string>{"/nonexistent/rocm-doctor-hip (ROCMDOC_HIP_HELPER: not found)"}));
}

}  // namespace
}  // namespace rocm_doctor
