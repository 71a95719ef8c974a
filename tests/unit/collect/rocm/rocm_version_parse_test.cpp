// SPDX-License-Identifier: MIT
// Version text of ROCm installs: table-driven, hostile input included.
#include "collect/rocm/rocm_version_parse.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>

namespace rocm_doctor::rocm_parse {
namespace {

struct Case {
  std::string input;
  std::optional<std::string> want;
};

TEST(RocmVersionParse, InfoVersion) {
  const Case cases[] = {
      {"6.2.0-66\n", "6.2.0"},
      {"7.1.0\n", "7.1.0"},
      {"6.1.2.1-50\n", "6.1.2.1"},  // a point release
      {"  6.2.0-66  \n\n", "6.2.0"},
      {std::string("6.2.0-66\n") + std::string(4000, '\0'), "6.2.0"},  // NUL-padded copy
      {"6.02.0\n", "6.2.0"},
      {"", std::nullopt},
      {"\n", std::nullopt},
      {"six\n", std::nullopt},
      {"6\n", std::nullopt},
      {"6.2.x\n", std::nullopt},
      {"6..2\n", std::nullopt},
      {"99999999999999999999.1\n", std::nullopt},  // overflow
      {"\xff\xfe", std::nullopt},
      {"1.2.3.4.5\n", std::nullopt},
  };
  for (const Case& c : cases) EXPECT_EQ(InfoVersion(c.input), c.want) << c.input;
}

TEST(RocmVersionParse, DefinedVersion) {
  const std::string rocm_h =
      "#ifndef ROCM_VERSION_H\n#define ROCM_VERSION_MAJOR   6\n#define ROCM_VERSION_MINOR   2\n"
      "#define ROCM_VERSION_PATCH   0\n#endif\n";
  EXPECT_EQ(DefinedVersion(rocm_h, "ROCM_VERSION"), "6.2.0");
  const std::string hip_h =
      "#define HIP_VERSION_MAJOR 6\n#define HIP_VERSION_MINOR 2\n#define HIP_VERSION_PATCH 41133\n"
      "#define HIP_VERSION_GITHASH \"dd7f95766\"\n";
  EXPECT_EQ(DefinedVersion(hip_h, "HIP_VERSION"), "6.2.41133");
  EXPECT_EQ(
      DefinedVersion("#define HIP_VERSION_MAJOR 5\n#define HIP_VERSION_MINOR 2\n", "HIP_VERSION"),
      "5.2");
  EXPECT_EQ(DefinedVersion("", "HIP_VERSION"), std::nullopt);
  EXPECT_EQ(
      DefinedVersion("#define HIP_VERSION_MAJOR six\n#define HIP_VERSION_MINOR 2\n", "HIP_VERSION"),
      std::nullopt);
  // A prefix of another macro name is not the macro.
  EXPECT_EQ(
      DefinedVersion("#define HIP_VERSION_MAJORX 6\n#define HIP_VERSION_MINOR 2\n", "HIP_VERSION"),
      std::nullopt);
}

TEST(RocmVersionParse, HipVersionFile) {
  // ROCm 2.2's /opt/rocm/hip/bin/.hipVersion (CMake add_to_config lines).
  EXPECT_EQ(HipVersionFile("HIP_VERSION_MAJOR=1\nHIP_VERSION_MINOR=5\nHIP_VERSION_PATCH=19055\n"),
            "1.5.19055");
  EXPECT_EQ(HipVersionFile("HIP_VERSION_MINOR=9\r\nHIP_VERSION_MAJOR=2\r\n"), "2.9");
  EXPECT_EQ(HipVersionFile(""), std::nullopt);
  EXPECT_EQ(HipVersionFile("HIP_VERSION_MAJOR=1\n"), std::nullopt);
  // Hostile: not digits, a longer key, a command, an overlong number.
  EXPECT_EQ(HipVersionFile("HIP_VERSION_MAJOR=1; rm -rf /\nHIP_VERSION_MINOR=5\n"), std::nullopt);
  EXPECT_EQ(HipVersionFile("HIP_VERSION_MAJORX=1\nHIP_VERSION_MINOR=5\n"), std::nullopt);
  EXPECT_EQ(HipVersionFile("HIP_VERSION_MAJOR=\nHIP_VERSION_MINOR=5\n"), std::nullopt);
  EXPECT_EQ(HipVersionFile("HIP_VERSION_MAJOR=1\nHIP_VERSION_MINOR=5\nHIP_VERSION_PATCH=-3\n"),
            "1.5");
  EXPECT_FALSE(HipVersionFile(std::string(1 << 20, '=')).has_value());
}

TEST(RocmVersionParse, LibraryName) {
  struct NameCase {
    std::string file;
    bool ok;
    std::string soname;
    std::string version;
  };
  const NameCase cases[] = {
      {"libamdhip64.so.6.2.60200", true, "libamdhip64.so.6", "6.2.60200"},
      {"libamdhip64.so.5.2.21153", true, "libamdhip64.so.5", "5.2.21153"},  // Debian 12
      {"libamdhip64.so.6", true, "libamdhip64.so.6", ""},
      {"libamdhip64.so", true, "", ""},
      {"libamdhip64.a", false, "", ""},
      {"libamdhip64.so.6.2.60200.bak", false, "", ""},
      {"libamdhip64.so.", false, "", ""},
      {"libamdhip64.sox", false, "", ""},
      {"libamdhip64_static.so", false, "", ""},
      {"libamdhip64.so.6..2", false, "", ""},
  };
  for (const NameCase& c : cases) {
    auto got = ParseLibraryName(c.file, "libamdhip64");
    ASSERT_EQ(got.has_value(), c.ok) << c.file;
    if (!got) continue;
    EXPECT_EQ(got->soname, c.soname) << c.file;
    EXPECT_EQ(got->version, c.version) << c.file;
  }
}

TEST(RocmVersionParse, ReleaseFromLibraryVersion) {
  const Case cases[] = {
      {"6.2.60200", "6.2.0"},   // libamdhip64.so.6.2.60200
      {"1.14.60200", "6.2.0"},  // libhsa-runtime64.so.1.14.60200
      {"5.7.50701", "5.7.1"},      {"6.4.60403", "6.4.3"}, {"7.1.70100", "7.1.0"},
      {"1.5.0", std::nullopt},      // Debian's libhsa-runtime64.so.1.5.0
      {"5.2.21153", std::nullopt},  // Debian's libamdhip64.so.5.2.21153 (a build number)
      {"6.2.41133", std::nullopt},  // HIP's patch number is not an encoded release
      {"6", std::nullopt},         {"", std::nullopt},     {"6.2.999999999", std::nullopt},
      {"a.b.c", std::nullopt},
  };
  for (const Case& c : cases) EXPECT_EQ(ReleaseFromLibraryVersion(c.input), c.want) << c.input;
}

TEST(RocmVersionParse, DebianUpstreamVersion) {
  const Case cases[] = {
      {"5.2.3-8", "5.2.3"},     {"1:5.2.3-3+b1", "5.2.3"}, {"5.2.3", "5.2.3"},
      {"5.7.1~rc1-1", "5.7.1"}, {"", std::nullopt},        {"abc-1", std::nullopt},
      {"5-1", std::nullopt},
  };
  for (const Case& c : cases) EXPECT_EQ(DebianUpstreamVersion(c.input), c.want) << c.input;
}

TEST(RocmVersionParse, MajorMinor) {
  EXPECT_EQ(MajorMinor("6.2.0"), "6.2");
  EXPECT_EQ(MajorMinor("6.2"), "6.2");
  EXPECT_EQ(MajorMinor("6"), std::nullopt);
  EXPECT_EQ(MajorMinor("x.y"), std::nullopt);
}

}  // namespace
}  // namespace rocm_doctor::rocm_parse
