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
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_NE(out.summary.find("no ROCm libraries installed"), std::string::npos) << out.summary;
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
  EXPECT_NE(out.summary.find("rocSPARSE 0.1 in /usr/lib/x86_64-linux-gnu"), std::string::npos)
      << out.summary;
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
