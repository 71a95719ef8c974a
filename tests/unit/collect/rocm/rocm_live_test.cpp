// SPDX-License-Identifier: MIT
// The real host: Debian 12's ROCm 5.2.3 (libamdhip64-5, libhsa-runtime64-1) when installed.
// The collector must find it with its version, and the real rocm-doctor probe-load must load it.
#include <gtest/gtest.h>
#include <unistd.h>

#include "rocm_doctor/facts/rocm.h"
#include "system/live_system_view.h"

namespace rocm_doctor {
namespace {

constexpr char kDebianHip[] = "/usr/lib/x86_64-linux-gnu/libamdhip64.so.5";

TEST(RocmLive, FindsDebianRocmAndLoadsIt) {
  if (access(kDebianHip, F_OK) != 0) GTEST_SKIP() << kDebianHip << " is not installed here";
  system::LiveSystemView view;
  RocmFacts rocm = CollectFacts<RocmFacts>(view);
  const RocmInstall* debian = nullptr;
  for (const RocmInstall& install : rocm.installs) {
    if (install.root == "/usr") debian = &install;
  }
  ASSERT_NE(debian, nullptr);
  EXPECT_EQ(debian->lib_dir, "/usr/lib/x86_64-linux-gnu");
  ASSERT_TRUE(debian->version.known()) << debian->version.error;
  // 5.2.3 from the package database, or 5.2 from the library name where dpkg is not readable.
  EXPECT_EQ(debian->version->substr(0, 3), "5.2") << debian->version.source;
  ASSERT_TRUE(debian->hip_version.known());
  EXPECT_EQ(debian->hip_version->substr(0, 4), "5.2.");
  ASSERT_TRUE(rocm.loader_hip_path.known()) << rocm.loader_hip_path.error;
  const RocmInstall* in_use = rocm.InUse();
  ASSERT_NE(in_use, nullptr);

  // The real binary (this test executable has no probe-load subcommand).
  HipLoadFacts load = CollectHipLoad(view, rocm, ROCMDOC_BINARY);
  EXPECT_EQ(load.outcome.state, CommandOutcome::State::kExited) << load.outcome.error;
  ASSERT_TRUE(load.loaded.known()) << load.loaded.error << "\n"
                                   << load.outcome.out << load.outcome.err;
  EXPECT_TRUE(*load.loaded) << load.dlerror;
  EXPECT_TRUE(load.dlerror.empty());
}

TEST(RocmLive, ProbeLoadReportsDlerrorVerbatim) {
  system::LiveSystemView view;
  RocmFacts none;
  none.loader_hip_path = Fact<std::string>::Known("/nonexistent/libamdhip64.so.6", "test");
  HipLoadFacts load = CollectHipLoad(view, none, ROCMDOC_BINARY);
  ASSERT_TRUE(load.loaded.known()) << load.loaded.error << load.outcome.err;
  EXPECT_FALSE(*load.loaded);
  EXPECT_EQ(load.dlerror,
            "/nonexistent/libamdhip64.so.6: cannot open shared object file: No such file or "
            "directory");
}

}  // namespace
}  // namespace rocm_doctor
