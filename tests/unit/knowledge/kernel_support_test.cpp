// SPDX-License-Identifier: MIT
// kernel_support: os-release versions against matrix rows, kernel series, driver series of DKMS
// module versions (real rows of checks/data/rocm_kernels.csv) and their place among kmd_compat
// series; hostile and odd inputs included.
#include "knowledge/kernel_support.h"

#include <gtest/gtest.h>

namespace rocm_doctor::kernel_support {
namespace {

OsIdentity Os(std::string id, std::string version_id, std::string version = "") {
  return {std::move(id), std::move(version_id), std::move(version)};
}

TEST(KernelSupport, PreciseVersionTakesUbuntusPointRelease) {
  EXPECT_EQ(PreciseVersion(Os("ubuntu", "22.04", "22.04.5 LTS (Jammy Jellyfish)")), "22.04.5");
  EXPECT_EQ(PreciseVersion(Os("ubuntu", "24.04", "24.04 LTS (Noble Numbat)")), "24.04");
  EXPECT_EQ(PreciseVersion(Os("debian", "12", "12 (bookworm)")), "12");
  EXPECT_EQ(PreciseVersion(Os("rhel", "9.4", "9.4 (Plow)")), "9.4");
  // VERSION that does not extend VERSION_ID is ignored.
  EXPECT_EQ(PreciseVersion(Os("ubuntu", "22.04", "24.04.1 LTS")), "22.04");
  EXPECT_EQ(PreciseVersion(Os("ubuntu", "22.04", "")), "22.04");
  EXPECT_EQ(PreciseVersion(Os("ubuntu", "22.04", "22.04. LTS")), "22.04");
  EXPECT_EQ(PreciseVersion(Os("sles", "15.6", "15-SP6")), "15.6");
}

TEST(KernelSupport, VersionMatchingRules) {
  const OsIdentity jammy5 = Os("ubuntu", "22.04", "22.04.5 LTS (Jammy Jellyfish)");
  EXPECT_TRUE(VersionMatches("22.04.5", jammy5));
  EXPECT_FALSE(VersionMatches("22.04.4", jammy5));
  EXPECT_TRUE(VersionMatches("22.04", jammy5));  // a row less precise than the host
  EXPECT_FALSE(VersionMatches("22.04.50", jammy5));
  EXPECT_TRUE(VersionMatches("24.04", Os("ubuntu", "24.04", "24.04.1 LTS (Noble Numbat)")));
  EXPECT_FALSE(VersionMatches("24.04.2", Os("ubuntu", "24.04", "24.04.1 LTS (Noble Numbat)")));
  // Without a point release the host's VERSION_ID is all it says.
  EXPECT_TRUE(VersionMatches("7.9", Os("centos", "7")));
  EXPECT_TRUE(VersionMatches("9", Os("ol", "9.4")));
  EXPECT_TRUE(VersionMatches("15 SP6", Os("sles", "15.6")));
  EXPECT_FALSE(VersionMatches("15 SP5", Os("sles", "15.6")));
  EXPECT_FALSE(VersionMatches("", Os("debian", "12")));
  EXPECT_FALSE(VersionMatches("12", Os("debian", "")));
  EXPECT_EQ(NormalizeDistroVersion(" 15 SP6 "), "15.6");
}

TEST(KernelSupport, KernelSeriesAndComparison) {
  EXPECT_EQ(KernelSeries("6.8.0-45-generic"), "6.8");
  EXPECT_EQ(KernelSeries("5.14.0-570"), "5.14");
  EXPECT_EQ(KernelSeries("6.8"), "6.8");
  EXPECT_EQ(KernelSeries("5.15.167.4-microsoft-standard-WSL2"), "5.15");
  EXPECT_EQ(KernelSeries("6"), "");
  EXPECT_EQ(KernelSeries("custom-6.8"), "");
  EXPECT_EQ(KernelSeries(""), "");
  EXPECT_EQ(KernelSeries("99999999999.1"), "");
  EXPECT_EQ(CompareSeries("5.15", "6.8"), -1);
  EXPECT_EQ(CompareSeries("6.11", "6.8"), 1);
  EXPECT_EQ(CompareSeries("6.8.0-45-generic", "6.8"), 0);
  EXPECT_EQ(CompareSeries("x", "6.8"), std::nullopt);
}

TEST(KernelSupport, MatchOsNarrowsTheRealRows) {
  const SupportMatrix& m = SupportMatrix::Builtin();
  OsMatch match =
      MatchOs(m.KernelRowsFor("6.2.0"), Os("ubuntu", "22.04", "22.04.5 LTS (Jammy Jellyfish)"),
              "6.5.0-45-generic");
  EXPECT_GT(match.release_rows.size(), match.distro_rows.size());
  ASSERT_EQ(match.version_rows.size(), 2u);  // 22.04.5: 5.15 GA and 6.8 HWE
  EXPECT_TRUE(match.kernel_rows.empty());
  EXPECT_EQ(KernelText(*match.version_rows[0]), "5.15 GA");
  EXPECT_EQ(KernelText(*match.version_rows[1]), "6.8 HWE");

  OsMatch hwe =
      MatchOs(m.KernelRowsFor("6.2.0"), Os("ubuntu", "22.04", "22.04.5 LTS"), "6.8.0-52-generic");
  ASSERT_EQ(hwe.kernel_rows.size(), 1u);
  EXPECT_EQ(hwe.kernel_rows[0]->kernel_flavor, "HWE");

  OsMatch debian =
      MatchOs(m.KernelRowsFor("6.2.0"), Os("debian", "12", "12 (bookworm)"), "6.1.0-30-amd64");
  EXPECT_TRUE(debian.distro_rows.empty());
  OsMatch debian633 =
      MatchOs(m.KernelRowsFor("6.3.3"), Os("debian", "12", "12 (bookworm)"), "6.1.0-30-amd64");
  ASSERT_EQ(debian633.kernel_rows.size(), 1u);
  EXPECT_NE(debian633.kernel_rows[0]->notes.find("MI300X"), std::string::npos);

  // RHEL's kernel column carries a build suffix from 6.4 on; the series is what counts.
  OsMatch rhel = MatchOs(m.KernelRowsFor("6.4.1"), Os("rhel", "9.6", "9.6 (Plow)"),
                         "5.14.0-570.12.1.el9_6.x86_64");
  ASSERT_EQ(rhel.kernel_rows.size(), 1u);
  EXPECT_EQ(rhel.kernel_rows[0]->kernel, "5.14.0-570");
}

TEST(KernelSupport, DistinctKeepsRowOrder) {
  const SupportMatrix& m = SupportMatrix::Builtin();
  OsMatch match = MatchOs(m.KernelRowsFor("6.2.0"), Os("debian", "12"), "6.1.0");
  std::vector<std::string> names = Distinct(match.release_rows, &KernelRow::name);
  ASSERT_GE(names.size(), 3u);
  EXPECT_EQ(names[0], "ubuntu");
  EXPECT_EQ(std::count(names.begin(), names.end(), "ubuntu"), 1);
}

TEST(KernelSupport, DriverSeriesFromTheShippedRows) {
  const SupportMatrix& m = SupportMatrix::Builtin();
  DriverSeriesResult s = SeriesOfDriver(m, "6.8.5\n");
  ASSERT_TRUE(s.series) << s.why_not;
  EXPECT_EQ(s.series->series, "6.2.x");
  EXPECT_EQ(s.series->row->release, "6.2.0");
  EXPECT_EQ(SeriesOfDriver(m, "6.3.6").series->series, "6.0.x");
  EXPECT_EQ(SeriesOfDriver(m, "6.12.12").series->series, "6.4.x");
  // Not in the data: no guess.
  DriverSeriesResult unknown = SeriesOfDriver(m, "6.7.0");
  EXPECT_FALSE(unknown.series);
  EXPECT_EQ(unknown.why_not,
            "no ROCm release in the support data is recorded as shipping amdgpu 6.7.0");
  // ROCm 7.1.1's module version: 7.x names drivers 30.x, and this module has no such name.
  DriverSeriesResult seven = SeriesOfDriver(m, "6.16.6");
  EXPECT_FALSE(seven.series);
  EXPECT_NE(seven.why_not.find("ROCm 7.1.1"), std::string::npos) << seven.why_not;
  EXPECT_FALSE(SeriesOfDriver(m, "").series);
}

TEST(KernelSupport, PlaceSeriesAmongCompatRows) {
  const SupportMatrix& m = SupportMatrix::Builtin();
  std::vector<const KernelRow*> compat633 = CompatRows(m.KernelRowsFor("6.3.3"));
  ASSERT_EQ(compat633.size(), 4u);  // 6.4.x 6.3.x 6.2.x 6.1.x
  EXPECT_EQ(PlaceSeries("6.2.x", compat633), SeriesPosition::kListed);
  EXPECT_EQ(PlaceSeries("6.0.x", compat633), SeriesPosition::kOlder);
  EXPECT_EQ(PlaceSeries("6.5.x", compat633), SeriesPosition::kNewer);
  // 7.0.0 lists 30.10.1, 30.10 and 6.4.x..6.2.x: each numbering is ordered on its own.
  std::vector<const KernelRow*> compat700 = CompatRows(m.KernelRowsFor("7.0.0"));
  EXPECT_EQ(PlaceSeries("30.10", compat700), SeriesPosition::kListed);
  EXPECT_EQ(PlaceSeries("6.1.x", compat700), SeriesPosition::kOlder);
  EXPECT_EQ(PlaceSeries("30.20", compat700), SeriesPosition::kNewer);
  EXPECT_EQ(PlaceSeries("garbage", compat700), SeriesPosition::kUnlisted);
  EXPECT_EQ(PlaceSeries("6.2.x", {}), SeriesPosition::kUnlisted);
}

}  // namespace
}  // namespace rocm_doctor::kernel_support
