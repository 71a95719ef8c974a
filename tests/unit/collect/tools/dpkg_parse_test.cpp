// SPDX-License-Identifier: MIT
#include "collect/tools/dpkg_parse.h"

#include <gtest/gtest.h>

namespace rocm_doctor::dpkg {
namespace {

// Stanzas as this project's Debian 12 build host has them (abridged).
constexpr char kStatus[] =
    "Package: rocminfo\n"
    "Status: install ok installed\n"
    "Priority: optional\n"
    "Architecture: amd64\n"
    "Version: 5.2.3-2\n"
    "Description: ROCm Application for Reporting System Info\n"
    " rocminfo gives information about the HSA system attributes and agents.\n"
    "\n"
    "Package: rocm-smi\n"
    "Status: deinstall ok config-files\n"
    "Version: 5.2.3-2\n"
    "\n"
    "Package: hipcc\n"
    "Status: install ok installed\n"
    "Version: 5.2.3-8\n";

TEST(DpkgParse, InstalledVersion) {
  EXPECT_EQ(InstalledVersion(kStatus, "rocminfo"), "5.2.3-2");
  EXPECT_EQ(InstalledVersion(kStatus, "hipcc"), "5.2.3-8");  // last stanza, no blank line after
  EXPECT_EQ(InstalledVersion(kStatus, "rocm-smi"), std::nullopt);  // only config files left
  EXPECT_EQ(InstalledVersion(kStatus, "rocm"), std::nullopt);      // no prefix matches
  EXPECT_EQ(InstalledVersion(kStatus, "rocminfo-dev"), std::nullopt);
}

TEST(DpkgParse, HostileStatus) {
  EXPECT_EQ(InstalledVersion("", "rocminfo"), std::nullopt);
  EXPECT_EQ(InstalledVersion("Package: rocminfo\nStatus: install ok installed\n", "rocminfo"),
            std::nullopt);  // no Version
  EXPECT_EQ(InstalledVersion("Package: rocminfo\nStatus: install ok installed extra\n"
                             "Version: 1\n",
                             "rocminfo"),
            std::nullopt);  // a Status of four words is not dpkg's
  EXPECT_EQ(
      InstalledVersion("Package:rocminfo\r\nStatus: install ok installed\r\nVersion: 1.0 \r\n",
                       "rocminfo"),
      "1.0");
  // The Version of one stanza never leaks into the next.
  EXPECT_EQ(InstalledVersion("Package: a\nVersion: 9\n\nPackage: rocminfo\n"
                             "Status: install ok installed\n",
                             "rocminfo"),
            std::nullopt);
}

TEST(DpkgParse, ListsPath) {
  constexpr char kList[] =
      "/.\n/usr\n/usr/bin\n/usr/bin/rocm_agent_enumerator\n/usr/bin/rocminfo\n";
  EXPECT_TRUE(ListsPath(kList, "/usr/bin/rocminfo"));
  EXPECT_TRUE(ListsPath(kList, "/usr/bin/rocm_agent_enumerator"));
  EXPECT_FALSE(ListsPath(kList, "/usr/bin/rocm"));
  EXPECT_FALSE(ListsPath(kList, "/usr/bin/rocminfo2"));
  EXPECT_FALSE(ListsPath("", "/usr/bin/rocminfo"));
  EXPECT_TRUE(ListsPath("/usr/bin/rocminfo\r\n", "/usr/bin/rocminfo"));
}

TEST(DpkgParse, Architecture) {
  EXPECT_EQ(Architecture("x86_64"), "amd64");
  EXPECT_EQ(Architecture("aarch64"), "arm64");
  EXPECT_EQ(Architecture(""), "");
  EXPECT_EQ(Architecture("i686"), "");
}

}  // namespace
}  // namespace rocm_doctor::dpkg
