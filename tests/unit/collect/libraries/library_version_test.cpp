// SPDX-License-Identifier: MIT
// library_version: a library's version and ROCm release from the owning Debian package, an
// AMD-built file name, the library's CMake version file, and the soname only as a labelled
// fallback (issue 15: "rocSPARSE 0.1, rocRAND 1.1" where dpkg says 5.3.0 and 5.3.3).
#include "collect/libraries/library_version.h"

#include <gtest/gtest.h>

#include <string>

#include "rocm_doctor/facts/libraries.h"
#include "support/fake_system_view.h"

namespace rocm_doctor::testing {
namespace {

using library_scan::CmakePackageVersion;
using library_scan::DebianPackageName;
using library_scan::ReleaseFromDebianVersion;

constexpr char kMultiarch[] = "/usr/lib/x86_64-linux-gnu";

// The real stanzas of Debian 12's packages on this build host (dpkg -s, trimmed).
constexpr char kDebianStatus[] =
    "Package: libamdhip64-5\nStatus: install ok installed\nPriority: optional\n"
    "Section: libs\nInstalled-Size: 27306\nMaintainer: Debian ROCm Team "
    "<debian-ai@lists.debian.org>\nArchitecture: amd64\nSource: rocm-hipamd\nVersion: 5.2.3-8\n"
    "Description: Heterogeneous-compute Interface for Portability - AMD runtime\n\n"
    "Package: librocsparse0\nStatus: install ok installed\nPriority: optional\nSection: libs\n"
    "Installed-Size: 1318004\nArchitecture: amd64\nSource: rocsparse\n"
    "Version: 5.3.0+dfsg-2\nDepends: libamdhip64-5 (>= 5.2.3), libc6 (>= 2.14)\n\n"
    "Package: librocrand1\nStatus: install ok installed\nArchitecture: amd64\n"
    "Source: rocrand\nVersion: 5.3.3-4\n\n";

LibraryFacts Collect(const FakeSystemView& view) {
  return CollectLibraries(view, {kMultiarch}, {"multiarch"});
}

const InstalledLibrary* Lib(const LibraryFacts& facts, const std::string& name) {
  for (const LibraryDir& d : facts.dirs) {
    for (const InstalledLibrary& l : d.libraries) {
      if (l.name == name) return &l;
    }
  }
  return nullptr;
}

FakeSystemView DebianHost() {
  FakeSystemView view;
  UnameInfo uname;
  uname.machine = "x86_64";
  view.Kernel(uname);
  const std::string dir = kMultiarch;
  view.File(dir + "/librocsparse.so.0.1", "");
  view.Link(dir + "/librocsparse.so.0", "librocsparse.so.0.1");
  view.File(dir + "/librocrand.so.1.1", "");
  view.Link(dir + "/librocrand.so.1", "librocrand.so.1.1");
  view.File(dir + "/libamdhip64.so.5.2.21153", "");
  view.File("/var/lib/dpkg/status", kDebianStatus);
  // librocsparse0's real file list; librocrand1's is Multi-Arch style (<package>:<arch>.list).
  view.File("/var/lib/dpkg/info/librocsparse0.list",
            "/.\n/usr\n/usr/lib\n/usr/lib/x86_64-linux-gnu\n"
            "/usr/lib/x86_64-linux-gnu/librocsparse.so.0.1\n/usr/share/doc/librocsparse0\n"
            "/usr/lib/x86_64-linux-gnu/librocsparse.so.0\n");
  view.File("/var/lib/dpkg/info/librocrand1:amd64.list",
            "/usr/lib/x86_64-linux-gnu/librocrand.so.1.1\n");
  return view;
}

TEST(LibraryVersion, DebianPackageNames) {
  EXPECT_EQ(DebianPackageName("librocsparse", "0"), "librocsparse0");
  EXPECT_EQ(DebianPackageName("librocrand", "1"), "librocrand1");
  EXPECT_EQ(DebianPackageName("libamdhip64", "5"), "libamdhip64-5");
  EXPECT_EQ(DebianPackageName("librocm_smi64", "1"), "librocm-smi64-1");
  EXPECT_EQ(DebianPackageName("libMIOpen", "1"), "libmiopen1");
}

TEST(LibraryVersion, ReleaseFromDebianVersions) {
  EXPECT_EQ(ReleaseFromDebianVersion("5.3.0"), "5.3.0");
  EXPECT_EQ(ReleaseFromDebianVersion("5.3.3"), "5.3.3");
  EXPECT_EQ(ReleaseFromDebianVersion("6.1"), "6.1");
  EXPECT_EQ(ReleaseFromDebianVersion("6.1.2.4"), "6.1.2");
  // Not a ROCm release: a library's own numbering, garbage, overflow.
  for (const char* bad : {"0.1", "2.2.0", "5", "", ".", "5.", ".3", "5.x.0", "5.300.0", "5.3.100",
                          "99999999999999999999.1", "5.3.0\n", "-5.3", "100.1"}) {
    EXPECT_FALSE(ReleaseFromDebianVersion(bad).has_value()) << bad;
  }
}

TEST(LibraryVersion, CmakePackageVersionFiles) {
  // What write_basic_package_version_file writes (rocblas-config-version.cmake of ROCm 6.2).
  EXPECT_EQ(CmakePackageVersion("# generated\nset(PACKAGE_VERSION \"4.2.0\")\n\nif(...)\n"),
            "4.2.0");
  EXPECT_EQ(CmakePackageVersion("  set(PACKAGE_VERSION \"3.1.0.60100\")"), "3.1.0.60100");
  for (const char* bad :
       {"", "set(PACKAGE_VERSION 4.2.0)", "set(PACKAGE_VERSION \"\")", "set(PACKAGE_VERSION \"4\")",
        "set(PACKAGE_VERSION \"4.2.0", "set(PACKAGE_VERSION \"$(rm -rf /)\")",
        "set(PACKAGE_VERSION \"4.2.0\x1b[2J\")", "set(PACKAGE_VERSION \"1.2.3.4.5\")"}) {
    EXPECT_FALSE(CmakePackageVersion(bad).has_value()) << bad;
  }
}

TEST(LibraryVersion, DebianLibrariesTakeTheirPackagesVersion) {
  LibraryFacts facts = Collect(DebianHost());
  const InstalledLibrary* sparse = Lib(facts, "rocSPARSE");
  ASSERT_NE(sparse, nullptr);
  EXPECT_EQ(*sparse->file_version, "0.1");
  EXPECT_EQ(*sparse->version, "5.3.0");
  EXPECT_EQ(sparse->version.source, "/var/lib/dpkg/status (librocsparse0 5.3.0+dfsg-2)");
  EXPECT_EQ(*sparse->release, "5.3.0");
  const InstalledLibrary* rand = Lib(facts, "rocRAND");  // found through librocrand1:amd64.list
  ASSERT_NE(rand, nullptr);
  EXPECT_EQ(*rand->version, "5.3.3");
  EXPECT_EQ(*rand->release, "5.3.3");
  ASSERT_TRUE(facts.dirs.at(0).hip.has_value());
  EXPECT_EQ(*facts.dirs[0].hip->release, "5.2.3");  // no .list for it: named after its soname
}

TEST(LibraryVersion, AFileThePackageDoesNotListIsNotItsPackages) {
  FakeSystemView view = DebianHost();
  // A librocsparse.so.0.1 copied by hand over the packaged one's name in another directory
  // layout: the package's list names only its own paths.
  view.File("/var/lib/dpkg/info/librocsparse0.list", "/usr/share/doc/librocsparse0\n");
  const LibraryFacts facts = Collect(view);  // Lib() points into it: keep it alive
  const InstalledLibrary* sparse = Lib(facts, "rocSPARSE");
  ASSERT_NE(sparse, nullptr);
  EXPECT_EQ(*sparse->version, "soname 0.1");
  EXPECT_FALSE(sparse->release.known());
  EXPECT_NE(sparse->release.error.find("does not list"), std::string::npos)
      << sparse->release.error;
}

TEST(LibraryVersion, WithoutAPackageDatabaseTheSonameIsLabelled) {
  FakeSystemView view = DebianHost();
  view.Unreadable("/var/lib/dpkg/status", FsStatus::kNotFound);
  const LibraryFacts facts = Collect(view);  // Lib() points into it: keep it alive
  const InstalledLibrary* sparse = Lib(facts, "rocSPARSE");
  ASSERT_NE(sparse, nullptr);
  EXPECT_EQ(*sparse->version, "soname 0.1");
  EXPECT_FALSE(sparse->release.known());
  EXPECT_NE(sparse->release.error.find("soname version, not a ROCm release"), std::string::npos)
      << sparse->release.error;
}

TEST(LibraryVersion, AnRpmDatabaseIsSaidToBeUnread) {
  FakeSystemView view;
  view.File("/usr/lib64/librocsparse.so.1.0", "");
  view.Unreadable("/var/lib/dpkg/status", FsStatus::kNotFound);
  view.File("/var/lib/rpm/rpmdb.sqlite", "SQLite format 3");
  LibraryFacts facts = CollectLibraries(view, {"/usr/lib64"}, {"distro"});
  const InstalledLibrary* sparse = Lib(facts, "rocSPARSE");
  ASSERT_NE(sparse, nullptr);
  EXPECT_EQ(*sparse->version, "soname 1.0");
  EXPECT_NE(sparse->release.error.find("rpm database, which is not read"), std::string::npos)
      << sparse->release.error;
}

TEST(LibraryVersion, AnUninstalledPackageGivesNoVersion) {
  FakeSystemView view = DebianHost();
  view.File("/var/lib/dpkg/status",
            "Package: librocsparse0\nStatus: deinstall ok config-files\nVersion: 5.3.0+dfsg-2\n");
  const LibraryFacts facts = Collect(view);  // Lib() points into it: keep it alive
  const InstalledLibrary* sparse = Lib(facts, "rocSPARSE");
  ASSERT_NE(sparse, nullptr);
  EXPECT_EQ(*sparse->version, "soname 0.1");
}

TEST(LibraryVersion, AHostileStatusVersionIsNoRelease) {
  FakeSystemView view = DebianHost();
  view.File("/var/lib/dpkg/status",
            "Package: librocsparse0\nStatus: install ok installed\nVersion: 1:0.1.2-1\n\n"
            "Package: librocrand1\nStatus: install ok installed\nVersion: \x1b]52;c;AAAA\x07\n");
  LibraryFacts facts = Collect(view);
  const InstalledLibrary* sparse = Lib(facts, "rocSPARSE");
  ASSERT_NE(sparse, nullptr);
  EXPECT_EQ(*sparse->version, "0.1.2");   // the package's version, epoch dropped ...
  EXPECT_FALSE(sparse->release.known());  // ... which names no ROCm release
  const InstalledLibrary* rand = Lib(facts, "rocRAND");
  ASSERT_NE(rand, nullptr);
  EXPECT_EQ(*rand->version, "soname 1.1");  // an unreadable Version is not taken
  EXPECT_EQ(rand->release.error.find('\x1b'), std::string::npos);
}

TEST(LibraryVersion, OptInstallsKeepTheReleaseOfTheirFileNames) {
  FakeSystemView view;
  view.File("/opt/rocm-6.2.0/lib/librocblas.so.4.2.60200", "");
  // A package database that would name Debian's librocblas0: not asked for an /opt library.
  view.File("/var/lib/dpkg/status",
            "Package: librocblas4\nStatus: install ok installed\n"
            "Version: 5.3.0-1\n");
  LibraryFacts facts = CollectLibraries(view, {"/opt/rocm-6.2.0/lib"}, {"/opt/rocm"});
  const InstalledLibrary* blas = Lib(facts, "rocBLAS");
  ASSERT_NE(blas, nullptr);
  EXPECT_EQ(*blas->version, "4.2.60200");
  EXPECT_EQ(*blas->release, "6.2.0");
  EXPECT_EQ(blas->release.source, "/opt/rocm-6.2.0/lib/librocblas.so.4.2.60200");
}

TEST(LibraryVersion, TheCmakeVersionFileIsTheLibrarysOwnVersion) {
  FakeSystemView view;
  view.File("/opt/rocm-6.2.0/lib/librocblas.so.4", "");
  view.File("/opt/rocm-6.2.0/lib/cmake/rocblas/rocblas-config-version.cmake",
            "set(PACKAGE_VERSION \"4.2.0\")\n");
  LibraryFacts facts = CollectLibraries(view, {"/opt/rocm-6.2.0/lib"}, {"/opt/rocm"});
  const InstalledLibrary* blas = Lib(facts, "rocBLAS");
  ASSERT_NE(blas, nullptr);
  EXPECT_EQ(*blas->version, "4.2.0");
  EXPECT_EQ(blas->version.source, "/opt/rocm-6.2.0/lib/cmake/rocblas/rocblas-config-version.cmake");
  EXPECT_FALSE(blas->release.known());  // rocBLAS 4.2.0 does not say which ROCm it came with
}

}  // namespace
}  // namespace rocm_doctor::testing
