// SPDX-License-Identifier: MIT
// depmod.d ranking (kmod depmod.c depmod_module_is_higher_priority) and dpkg package state.
#include "collect/kernel/depmod_parse.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace rocm_doctor::parse {
namespace {

constexpr char kRelease[] = "6.14.0-29-generic";
const std::vector<std::string> kBoth = {"kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.zst",
                                        "updates/dkms/amdgpu.ko.zst"};

DepmodConfig Config(const std::string& text) {
  DepmodConfig c;
  ParseDepmodConf(text, c);
  return c;
}

std::string Chosen(const DepmodConfig& c, const std::vector<std::string>& paths) {
  auto choice = ChooseModule(c, "amdgpu", kRelease, paths);
  if (!choice) return "<none>";
  return (choice->tie ? "tie:" : "") + paths[choice->index];
}

TEST(DepmodChoice, UbuntuSearchPutsTheDkmsCopyFirst) {
  // /etc/depmod.d/ubuntu.conf as Ubuntu ships it.
  DepmodConfig c = Config("search updates ubuntu built-in\n");
  EXPECT_EQ(Chosen(c, kBoth), "updates/dkms/amdgpu.ko.zst");
  std::vector<std::string> reversed(kBoth.rbegin(), kBoth.rend());
  EXPECT_EQ(Chosen(c, reversed), "updates/dkms/amdgpu.ko.zst");
  EXPECT_EQ(ChooseModule(c, "amdgpu", kRelease, kBoth)->reason, "search updates ubuntu built-in");
}

TEST(DepmodChoice, WithoutSearchLinesKmodDefaultsToUpdates) {
  DepmodConfig c = Config("# nothing\n\n");
  EXPECT_EQ(EffectiveSearch(c), std::vector<std::string>{"updates"});
  EXPECT_EQ(Chosen(c, kBoth), "updates/dkms/amdgpu.ko.zst");
  EXPECT_NE(ChooseModule(c, "amdgpu", kRelease, kBoth)->reason.find("default"),
            std::string::npos);
}

TEST(DepmodChoice, BuiltInFirstKeepsTheKernelsOwn) {
  EXPECT_EQ(Chosen(Config("search built-in updates\n"), kBoth), kBoth[0]);
}

TEST(DepmodChoice, FedoraOrderPrefersExtraOverKernelAndWeakUpdates) {
  DepmodConfig c = Config("search updates extra built-in weak-updates\n");
  std::vector<std::string> paths = {"weak-updates/amdgpu/amdgpu.ko.xz",
                                    "kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.xz",
                                    "extra/amdgpu.ko.xz"};
  EXPECT_EQ(Chosen(c, paths), "extra/amdgpu.ko.xz");
}

TEST(DepmodChoice, SearchLinesAccumulateAcrossFilesInOrder) {
  DepmodConfig c;
  ParseDepmodConf("search built-in\n", c);
  ParseDepmodConf("search updates\n", c);
  EXPECT_EQ(Chosen(c, kBoth), kBoth[0]);
}

TEST(DepmodChoice, TwoPathsUnderNoSearchEntryTie) {
  DepmodConfig c = Config("search updates\n");
  EXPECT_EQ(Chosen(c, {"extra/amdgpu.ko", kBoth[0]}), "tie:extra/amdgpu.ko");
}

TEST(DepmodChoice, OverrideBeatsSearch) {
  DepmodConfig c = Config(
      "search updates ubuntu built-in\n"
      "override amdgpu * kernel/drivers/gpu/drm/amd/amdgpu   # keep the signed one\n");
  auto choice = ChooseModule(c, "amdgpu", kRelease, kBoth);
  ASSERT_TRUE(choice);
  EXPECT_EQ(kBoth[choice->index], kBoth[0]);
  EXPECT_EQ(choice->reason, "override amdgpu * kernel/drivers/gpu/drm/amd/amdgpu");
}

TEST(DepmodChoice, OverrideForAnotherKernelOrModuleIsIgnored) {
  DepmodConfig c = Config(
      "override amdgpu 5.15.0-1-generic kernel/drivers/gpu/drm/amd/amdgpu\n"
      "override radeon * kernel/drivers/gpu/drm/amd/amdgpu\n"
      "override amdgpu\n");
  EXPECT_EQ(c.overrides.size(), 2u);
  EXPECT_EQ(Chosen(c, kBoth), "updates/dkms/amdgpu.ko.zst");
  // A plain string matches where it occurs in the release, as kmod's unanchored regex does.
  EXPECT_EQ(Chosen(Config("override amdgpu 6.14.0 kernel/drivers/gpu/drm/amd/amdgpu\n"), kBoth),
            kBoth[0]);
  // A regular expression from the file is never compiled: the override is not applied.
  EXPECT_EQ(Chosen(Config("override amdgpu (a+)+$ kernel/drivers/gpu/drm/amd/amdgpu\n"), kBoth),
            "updates/dkms/amdgpu.ko.zst");
}

TEST(DepmodChoice, SearchDirMustBeAWholePathComponent) {
  // "updates" does not hold "updates-old/amdgpu.ko"; trailing slashes are dropped.
  DepmodConfig c = Config("search updates/ built-in\n");
  EXPECT_EQ(c.search.front(), "updates");
  EXPECT_EQ(Chosen(c, {"updates-old/amdgpu.ko", kBoth[1]}), kBoth[1]);
}

TEST(DepmodChoice, NoPathsNoChoice) {
  EXPECT_FALSE(ChooseModule(Config(""), "amdgpu", kRelease, {}));
}

TEST(DepmodParse, HostileInputIsBounded) {
  std::string many = "search";
  for (int i = 0; i < 100000; ++i) many += " d" + std::to_string(i);
  DepmodConfig c = Config(many + "\n" + std::string(1 << 20, 'x') + "\nsearch \x01\xff\n" +
                          std::string("override amdgpu * a\0b\n", 22));
  EXPECT_EQ(c.search.size(), 256u);
  std::string lines;
  for (int i = 0; i < 1000; ++i) lines += "override amdgpu * updates\n";
  EXPECT_EQ(Config(lines).overrides.size(), 256u);
  for (const std::string& s : Config("search \x01\xff\n").search) {
    for (char ch : s) EXPECT_TRUE(ch >= 0x20 && ch < 0x7f) << s;
  }
  EXPECT_TRUE(Config("").search.empty());
  EXPECT_TRUE(Config("\n\n#search updates\n   \t\n").search.empty());
}

TEST(DpkgPackageState, ReadsAnyStateOfTheExactPackage) {
  const std::string status =
      "Package: amdgpu-dkms-firmware\nStatus: install ok installed\nVersion: 1:6.7.0\n\n"
      "Package: amdgpu-dkms\nStatus: install ok half-configured\nPriority: optional\n"
      "Version: 1:6.8.5.60200-2009582.24.04\nDepends: dkms\n\n"
      "Package: rock-dkms\nStatus: deinstall ok config-files\nVersion: 1:2.2-31\n";
  auto a = DpkgPackageState(status, "amdgpu-dkms");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->status, "install ok half-configured");
  EXPECT_EQ(a->version, "1:6.8.5.60200-2009582.24.04");
  auto r = DpkgPackageState(status, "rock-dkms");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, "deinstall ok config-files");
  EXPECT_FALSE(DpkgPackageState(status, "amdgpu"));
  EXPECT_FALSE(DpkgPackageState("", "amdgpu-dkms"));
  EXPECT_FALSE(DpkgPackageState("Package: amdgpu-dkms\nVersion: 1\n", "amdgpu-dkms"));
  EXPECT_FALSE(DpkgPackageState(std::string(1 << 16, '\0'), "amdgpu-dkms"));
}

}  // namespace
}  // namespace rocm_doctor::parse
