// SPDX-License-Identifier: MIT
// pathname::Normalize, the collectors' one lexical path normaliser (src/base/path_normalize.h):
// the spellings a machine directory, an environment variable or a symlink target can hand it.
#include "base/path_normalize.h"

#include <gtest/gtest.h>

#include <string>

namespace rocm_doctor::testing {
namespace {

using pathname::Normalize;

TEST(PathNormalize, DotComponentsAreDropped) {
  EXPECT_EQ(Normalize("/opt/./rocm/."), "/opt/rocm");
  EXPECT_EQ(Normalize("/./."), "/");
  EXPECT_EQ(Normalize("/opt/.rocm/..x"), "/opt/.rocm/..x");  // names that start with dots stay
}

TEST(PathNormalize, DotDotRemovesTheComponentBeforeIt) {
  EXPECT_EQ(Normalize("/opt/rocm-6.2.0/lib/../include"), "/opt/rocm-6.2.0/include");
  EXPECT_EQ(Normalize("/a/b/c/../../d"), "/a/d");
  EXPECT_EQ(Normalize("/a/b/.."), "/a");
}

TEST(PathNormalize, DotDotStopsAtTheRoot) {
  // A hostile link target "../../../../etc" must not climb above "/" (nor produce "/..").
  EXPECT_EQ(Normalize("/.."), "/");
  EXPECT_EQ(Normalize("/../../etc/passwd"), "/etc/passwd");
  EXPECT_EQ(Normalize("/opt/../../../../etc"), "/etc");
}

TEST(PathNormalize, RepeatedSlashesCollapse) {
  EXPECT_EQ(Normalize("//usr///lib//x86_64-linux-gnu"), "/usr/lib/x86_64-linux-gnu");
  EXPECT_EQ(Normalize("//"), "/");
}

TEST(PathNormalize, TrailingSlashIsRemoved) {
  EXPECT_EQ(Normalize("/opt/rocm/"), "/opt/rocm");
  EXPECT_EQ(Normalize("/opt/rocm//"), "/opt/rocm");
  EXPECT_EQ(Normalize("/"), "/");
}

TEST(PathNormalize, EmptyIsTheRoot) {
  EXPECT_EQ(Normalize(""), "/");
  EXPECT_EQ(Normalize("."), "/");
  EXPECT_EQ(Normalize(".."), "/");
}

TEST(PathNormalize, RelativeIsTakenFromTheRoot) {
  EXPECT_EQ(Normalize("usr/lib"), "/usr/lib");
  EXPECT_EQ(Normalize("./opt/rocm"), "/opt/rocm");
  EXPECT_EQ(Normalize("../lib"), "/lib");
}

TEST(PathNormalize, OtherBytesAreKeptAsTheyAre) {
  // Lexical only: spaces, a NUL or an escape byte in a component are not this function's to judge.
  const std::string odd = std::string("/a b/c\x1b[2J/d") + '\0' + "e";
  EXPECT_EQ(Normalize(odd), odd);
  EXPECT_EQ(Normalize(std::string(10000, '/') + "x"), "/x");
}

}  // namespace
}  // namespace rocm_doctor::testing
