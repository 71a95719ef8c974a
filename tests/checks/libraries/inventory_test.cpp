// SPDX-License-Identifier: MIT
// libraries.inventory: summary, release mismatch with the HIP runtime, unreadable directory.
#include <gtest/gtest.h>

#include "checks/libraries/libraries_fixture.h"
#include "support/check_harness.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kCheck[] = "libraries.inventory";

TEST(LibrariesInventory, PassListsLibrariesWithVersions) {
  auto view = RocmHost(90010);
  AddRocblas(*view, {});
  view->File(InLib("librocsparse.so.1.0.60200"), "");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_EQ(out.summary, "rocBLAS 4.2.60200, rocSPARSE 1.0.60200 in /opt/rocm-6.2.0/lib");
}

TEST(LibrariesInventory, NothingInstalledIsNotAFailure) {
  auto view = RocmHost(90010);
  CheckOutcome out = RunCheck(kCheck, view);
  // Issue 15: nothing to judge is information, not a pass, and says where it looked.
  EXPECT_EQ(out.status, Status::kInfo) << out.summary;
  EXPECT_EQ(out.summary,
            "no ROCm libraries installed (searched /opt/rocm-6.2.0/lib, "
            "/usr/lib/x86_64-linux-gnu)");
  EXPECT_TRUE(out.findings.empty());
}

TEST(LibrariesInventory, LibraryFromAnotherRelease) {
  auto view = RocmHost(90010);
  AddRocblas(*view, {});
  view->File(InLib("librocsparse.so.1.0.60000"), "");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kWarn);
  const Finding* f = FindFinding(out, "libraries.version.mismatch");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "rocSPARSE /opt/rocm-6.2.0/lib/librocsparse.so.1.0.60000 is from ROCm 6.0.0, the HIP "
            "runtime in /opt/rocm-6.2.0/lib from ROCm 6.2.0");
  Remediation fix = Catalog::Instance().RemediationFor(*f);
  ASSERT_FALSE(fix.commands.empty());
  EXPECT_EQ(fix.commands[0], "ls -l /opt/rocm-6.2.0/lib/librocsparse*");
}

TEST(LibrariesInventory, PointReleaseDifferenceIsNoMismatch) {
  auto view = RocmHost(90010);
  view->File(InLib("librocsparse.so.1.0.60201"), "");
  EXPECT_EQ(RunCheck(kCheck, view).status, Status::kPass);
}

TEST(LibrariesInventory, DebianNamesCarryNoRelease) {
  auto view = RocmHost(90010);
  view->File("/usr/lib/x86_64-linux-gnu/librocsparse.so.0.1", "");
  view->File("/usr/lib/x86_64-linux-gnu/libamdhip64.so.5.2.21153", "");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass);
  // No package database here: the soname's numbers, labelled, never shown as a version.
  EXPECT_NE(out.summary.find("rocSPARSE soname 0.1 in /usr/lib/x86_64-linux-gnu"),
            std::string::npos)
      << out.summary;
}

// Debian 12's ROCm as on this build host: HIP 5.2.3 (libamdhip64-5 5.2.3-8) with rocSPARSE from
// ROCm 5.3.0 (librocsparse0 5.3.0+dfsg-2). Issue 15: the report said "rocSPARSE 0.1" and hid
// the mix.
std::shared_ptr<DeniedDirsView> DebianHost(const std::string& rocsparse_version) {
  auto view = std::make_shared<DeniedDirsView>();
  const std::string dir = "/usr/lib/x86_64-linux-gnu";
  view->File(dir + "/libamdhip64.so.5.2.21153", "");
  view->Link(dir + "/libamdhip64.so.5", "libamdhip64.so.5.2.21153");
  view->File(dir + "/librocsparse.so.0.1", "");
  view->Link(dir + "/librocsparse.so.0", "librocsparse.so.0.1");
  view->File("/var/lib/dpkg/status",
             "Package: libamdhip64-5\nStatus: install ok installed\nVersion: 5.2.3-8\n\n"
             "Package: librocsparse0\nStatus: install ok installed\nVersion: " +
                 rocsparse_version + "\n");
  return view;
}

TEST(LibrariesInventory, DebianLibraryFromAnotherReleaseThanHip) {
  CheckOutcome out = RunCheck(kCheck, DebianHost("5.3.0+dfsg-2"));
  EXPECT_EQ(out.status, Status::kWarn) << out.summary;
  const Finding* f = FindFinding(out, "libraries.version.mismatch");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "rocSPARSE /usr/lib/x86_64-linux-gnu/librocsparse.so.0.1 is from ROCm 5.3.0, the HIP "
            "runtime in /usr/lib/x86_64-linux-gnu from ROCm 5.2.3");
  ASSERT_EQ(f->evidence.size(), 2u);
  EXPECT_EQ(f->evidence[0].source, "/var/lib/dpkg/status (librocsparse0 5.3.0+dfsg-2)");
  EXPECT_EQ(f->evidence[0].observed, "ROCm 5.3.0");
  EXPECT_EQ(f->evidence[1].source, "/var/lib/dpkg/status (libamdhip64-5 5.2.3-8)");
}

TEST(LibrariesInventory, DebianLibraryOfHipsReleaseShowsThePackageVersion) {
  // A point release apart (5.2.0 beside HIP 5.2.3) is the same release line: no mismatch.
  CheckOutcome out = RunCheck(kCheck, DebianHost("5.2.0-1"));
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_EQ(out.summary, "rocSPARSE 5.2.0 in /usr/lib/x86_64-linux-gnu");
}

TEST(LibrariesInventory, UnreadableDirectory) {
  auto view = RocmHost(90010);
  view->DenyList("/usr/lib/x86_64-linux-gnu");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kUnknown);
  EXPECT_TRUE(HasFinding(out, "libraries.inventory.unreadable"));
}

}  // namespace
}  // namespace rocm_doctor::testing
