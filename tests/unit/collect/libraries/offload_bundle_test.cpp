// SPDX-License-Identifier: MIT
// offload_bundle: bundle headers, target ids, walks over .hip_fatbin, hostile bundles, and the
// code-object match rule (facts/libraries.h).
#include "collect/libraries/offload_bundle.h"

#include <gtest/gtest.h>

#include "rocm_doctor/facts/libraries.h"
#include "unit/collect/libraries/elf_builder.h"

namespace rocm_doctor::testing {
namespace {

const std::vector<std::string> kIds = {"host-x86_64-unknown-linux",
                                       "hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-",
                                       "hipv4-amdgcn-amd-amdhsa--gfx1030"};

TEST(OffloadBundle, ParsesEntries) {
  std::string data = BuildBundle(kIds);
  Result<offload::Bundle> b = offload::ParseBundle(data, 0, data.size());
  ASSERT_TRUE(b.ok()) << b.error();
  ASSERT_EQ(b->entries.size(), 3u);
  EXPECT_EQ(b->entries[1].id, "hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-");
  EXPECT_EQ(b->span, data.size());
  EXPECT_FALSE(b->compressed);
}

TEST(OffloadBundle, TargetIds) {
  const std::pair<const char*, const char*> cases[] = {
      {"hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-", "gfx90a:xnack-"},
      {"hipv4-amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-", "gfx942:sramecc+:xnack-"},
      {"hip-amdgcn-amd-amdhsa-gfx906", "gfx906"},
      {"hipv4-amdgcn-amd-amdhsa--gfx11-generic", "gfx11-generic"},
      {"host-x86_64-unknown-linux", ""},
      {"host-x86_64-unknown-linux-gnu-", ""},
      {"openmp-amdgcn-amd-amdhsa--gfx90a", "gfx90a"},
      {"hipv4-nvptx64-nvidia-cuda--sm_90", ""},
      {"hipv4-amdgcn-amd-amdhsa--", ""},
      {"", ""},
      {"garbage", ""},
  };
  for (const auto& [id, want] : cases) EXPECT_EQ(offload::TargetId(id), want) << id;
}

TEST(OffloadBundle, WalksAlignedBundles) {
  std::string fatbin = Fatbin(
      {BuildBundle(kIds), BuildBundle(kIds),
       BuildBundle({"host-x86_64-unknown-linux", "hipv4-amdgcn-amd-amdhsa--gfx908:xnack-"})});
  offload::RangeScan scan = offload::ScanRange(fatbin, 0, fatbin.size(), fatbin.size());
  EXPECT_EQ(scan.bundles, 3u);
  EXPECT_TRUE(scan.complete);
  EXPECT_TRUE(scan.errors.empty());
  EXPECT_EQ(scan.targets, (std::set<std::string>{"gfx1030", "gfx908:xnack-", "gfx90a:xnack-"}));
}

TEST(OffloadBundle, PrefixOfALargerRangeIsIncompleteNotMalformed) {
  std::string fatbin = Fatbin({BuildBundle(kIds), BuildBundle(kIds)});
  // Only the first bundle and 10 bytes of the second were read.
  std::string_view prefix = std::string_view(fatbin).substr(0, 4096 + 10);
  offload::RangeScan scan = offload::ScanRange(prefix, 0, fatbin.size(), fatbin.size());
  EXPECT_EQ(scan.bundles, 1u);
  EXPECT_FALSE(scan.complete);
  EXPECT_EQ(scan.error_count, 0u);
}

TEST(OffloadBundle, HostileBundles) {
  std::string huge = "__CLANG_OFFLOAD_BUNDLE__";
  AppendLe(huge, 1ull << 32, 8);
  std::string long_id = "__CLANG_OFFLOAD_BUNDLE__";
  AppendLe(long_id, 1, 8);
  AppendLe(long_id, 0, 8);
  AppendLe(long_id, 0, 8);
  AppendLe(long_id, 1ull << 40, 8);
  std::string beyond = BuildBundle({"hipv4-amdgcn-amd-amdhsa--gfx90a"});
  PutLe(beyond, 32, 1ull << 40, 8);  // entry 0 offset
  std::string wrapping = BuildBundle({"hipv4-amdgcn-amd-amdhsa--gfx90a"});
  PutLe(wrapping, 32, ~0ull - 4, 8);
  PutLe(wrapping, 40, 100, 8);
  const std::pair<std::string, const char*> cases[] = {
      {huge, "claims 4294967296 entries"},
      {long_id, "has a 1099511627776-byte id"},
      {beyond, "ends beyond its section"},
      {wrapping, "ends beyond its section"},
      {BuildBundle(kIds).substr(0, 40), "truncated: entry table"},
      {std::string("__CLANG_OFFLOAD_BUNDLE__") + "\x01", "truncated: after the magic"},
      {"__CLANG_OFFLOAD_BUNDLX__", "no offload bundle magic"},
  };
  for (const auto& [bytes, error] : cases) {
    Result<offload::Bundle> b = offload::ParseBundle(bytes, 0, 1 << 20);
    ASSERT_FALSE(b.ok()) << error;
    EXPECT_NE(b.error().find(error), std::string::npos) << b.error();
  }
  // In a walk a malformed bundle is an error and the walk goes on to the next one.
  std::string fatbin = Fatbin({huge, BuildBundle(kIds)});
  offload::RangeScan scan = offload::ScanRange(fatbin, 0, fatbin.size(), fatbin.size());
  EXPECT_EQ(scan.bundles, 1u);
  EXPECT_EQ(scan.error_count, 1u);
  ASSERT_EQ(scan.errors.size(), 1u);
  EXPECT_EQ(scan.errors[0], "bundle at 0x0: claims 4294967296 entries (limit 1024)");
  EXPECT_EQ(scan.targets.size(), 2u);
}

TEST(OffloadBundle, CompressedBundleHasUnknownTargets) {
  std::string ccob = "CCOB";
  AppendLe(ccob, 2, 2);     // version 2
  AppendLe(ccob, 1, 2);     // method: zstd
  AppendLe(ccob, 5000, 4);  // total size
  AppendLe(ccob, 90000, 4);
  AppendLe(ccob, 0x1234, 8);
  ccob += std::string(5000 - ccob.size(), 'z');
  Result<offload::Bundle> b = offload::ParseBundle(ccob, 0, ccob.size());
  ASSERT_TRUE(b.ok()) << b.error();
  EXPECT_TRUE(b->compressed);
  EXPECT_EQ(b->compressed_version, 2);
  EXPECT_EQ(b->span, 5000u);
  std::string fatbin = Fatbin({ccob, ccob});
  offload::RangeScan scan = offload::ScanRange(fatbin, 0, fatbin.size(), fatbin.size());
  EXPECT_EQ(scan.bundles, 2u);
  EXPECT_EQ(scan.compressed, 2u);
  EXPECT_TRUE(scan.targets.empty());
}

TEST(CodeObjectRule, ProcessorGenericAndFeatures) {
  struct Case {
    const char* target;
    const char* device;
    std::optional<bool> xnack;
    bool serves;
  };
  const Case cases[] = {
      {"gfx90a", "gfx90a", false, true},
      {"gfx90a:xnack-", "gfx90a", false, true},
      {"gfx90a:xnack+", "gfx90a", false, false},
      {"gfx90a:xnack+", "gfx90a", true, true},
      {"gfx90a:xnack-", "gfx90a", std::nullopt, true},
      {"gfx90a:sramecc+:xnack-", "gfx90a", false, true},
      {"gfx1030", "gfx1031", false, false},
      {"gfx10-3-generic", "gfx1031", false, true},
      {"gfx10-3-generic", "gfx1010", false, false},
      {"gfx11-generic", "gfx1151", false, true},
      {"gfx9-generic", "gfx90a", false, false},
      {"gfx9-4-generic:xnack-", "gfx942", false, true},
      {"gfx908", "gfx90a", false, false},
      {"", "gfx90a", false, false},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(CodeObjectServes(c.target, c.device, c.xnack, std::nullopt), c.serves)
        << c.target << " on " << c.device;
  }
  EXPECT_TRUE(CodeObjectServes("gfx90a:sramecc+", "gfx90a", false, true));
  EXPECT_FALSE(CodeObjectServes("gfx90a:sramecc+", "gfx90a", false, false));
  EXPECT_EQ(ProcessorOf("gfx942:sramecc+:xnack-"), "gfx942");
  EXPECT_EQ(GenericProcessorFor("gfx1036"), "gfx10-3-generic");
  EXPECT_EQ(GenericProcessorFor("gfx90a"), "");
}

TEST(LibraryVersion, ReleaseFromLibpatch) {
  const std::pair<const char*, std::optional<std::string>> cases[] = {
      {"4.2.60200", "6.2.0"},
      {"1.0.60204", "6.2.4"},
      {"2010000.0.60200", "6.2.0"},
      {"3.1.0.50700", "5.7.0"},
      {"7.3.70100", "7.1.0"},
      {"5.2.21153", std::nullopt},  // Debian's HIP: a build number, not a ROCm release
      {"0.1", std::nullopt},
      {"1", std::nullopt},
      {"", std::nullopt},
      {"4.2.6020x", std::nullopt},
      {"4.2.69999", std::nullopt},
  };
  for (const auto& [version, release] : cases) {
    EXPECT_EQ(ReleaseFromLibraryVersion(version), release) << version;
  }
}

}  // namespace
}  // namespace rocm_doctor::testing
