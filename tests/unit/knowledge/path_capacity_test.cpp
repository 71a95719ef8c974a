// SPDX-License-Identifier: MIT
// "Why below spec" (src/knowledge/path_capacity.h): one test per rule.
#include "knowledge/path_capacity.h"

#include <gtest/gtest.h>

namespace rocm_doctor::path_capacity {
namespace {

LinkState Link(double cur_gts, int cur_w, double max_gts, int max_w) {
  return {cur_gts, max_gts, cur_w, max_w, "/sys/bus/pci/devices/0000:0c:00.0/current_link_*"};
}

TEST(PathCapacity, HostLinkIsGenerationTimesWidth) {
  PathCapacity c = HostLinkCapacity(Link(32.0, 16, 32.0, 16), false);
  ASSERT_TRUE(c.bps);
  EXPECT_NEAR(*c.bps, 63.0e9, 0.1e9);
  EXPECT_EQ(c.description, "PCIe Gen5 x16, 63.0 GB/s one way");
  PathCapacity both = HostLinkCapacity(Link(16.0, 16, 16.0, 16), true);
  ASSERT_TRUE(both.bps);
  EXPECT_NEAR(*both.bps, 63.0e9, 0.1e9) << "Gen4 x16 both ways";
  EXPECT_FALSE(HostLinkCapacity({std::nullopt, 32.0, 16, 16, "x"}, false).bps);
}

TEST(PathCapacity, AHealthyLinkExplainsItsFigure) {
  Explanation e = Explain("host.h2d_pinned", 54.2e9, HostLinkCapacity(Link(32, 16, 32, 16), false),
                          {});
  EXPECT_EQ(e.verdict, Verdict::kWithinPath);
  EXPECT_NEAR(*e.fraction, 0.86, 0.01);
  EXPECT_EQ(e.text, "host.h2d_pinned 54.2 GB/s is 86% of PCIe Gen5 x16, 63.0 GB/s one way: what "
                    "the path carries");
}

TEST(PathCapacity, ANarrowedLinkIsAFaultThatExplainsTheShortfall) {
  const LinkState link = Link(32, 8, 32, 16);
  auto fault = DowntrainedLink(link, 27.0e9, false);
  ASSERT_TRUE(fault);
  EXPECT_EQ(fault->observed, "32.0 GT/s x8 (max 32.0 GT/s x16)");
  EXPECT_NE(fault->text.find("trained at 32.0 GT/s x8 of its 32.0 GT/s x16 (31.5 GB/s of 63.0 GB/s)"),
            std::string::npos)
      << fault->text;
  // 27 GB/s is 86% of the x8 link as read: healthy for that path, short of the GPU's x16.
  Explanation e = Explain("host.h2d_pinned", 27.0e9, HostLinkCapacity(link, false), {*fault}, 63.0e9);
  EXPECT_EQ(e.verdict, Verdict::kFault);
  EXPECT_NE(e.text.find("a fault on its path explains it: the link trained at"), std::string::npos)
      << e.text;
}

TEST(PathCapacity, ALinkReadWhileIdleIsNoFaultWhenTheFigureOutranIt) {
  // Read at 2.5 GT/s (idle power saving); the copy ran at 54 GB/s, far above what 2.5 GT/s x16
  // carries: the link was at full speed under load.
  EXPECT_FALSE(DowntrainedLink(Link(2.5, 16, 32, 16), 54e9, false));
  // At the same speed, a figure the slow link does explain keeps the fault.
  EXPECT_TRUE(DowntrainedLink(Link(2.5, 16, 32, 16), 3e9, false));
  // Width does not retrain with load: always a fault.
  EXPECT_TRUE(DowntrainedLink(Link(32, 8, 32, 16), 54e9, false));
  EXPECT_FALSE(DowntrainedLink(Link(32, 16, 32, 16), 54e9, false));
}

TEST(PathCapacity, OneXgmiLinkExplains48GBs) {
  auto rate = XgmiLinkRate("gfx942");
  ASSERT_TRUE(rate);
  PathCapacity c = XgmiCapacity(1, rate->bps, std::string(rate->source), std::nullopt, "kfd");
  Explanation e = Explain("peer.copy", 48e9, c, {});
  EXPECT_EQ(e.verdict, Verdict::kWithinPath);
  EXPECT_EQ(e.text, "peer.copy 48.0 GB/s is 75% of one 64.0 GB/s xGMI link: expected for a single link");
  // Compared with what four links would carry, the single link explains the shortfall.
  Explanation limited = Explain("peer.copy", 48e9, c, {}, 4 * 64e9);
  EXPECT_EQ(limited.verdict, Verdict::kPathLimited);
  EXPECT_NE(limited.text.find("expected for a single link"), std::string::npos) << limited.text;
  EXPECT_NE(std::string(ExpectedEfficiency(PathKind::kPeerXgmi).source)
                .find("https://github.com/ROCm/rccl/issues/1210"),
            std::string::npos);
}

TEST(PathCapacity, XgmiLinksMultiplyAndKfdStandsInForAnUnknownRate) {
  PathCapacity two = XgmiCapacity(2, 50e9, "mi250", std::nullopt, "kfd");
  ASSERT_TRUE(two.bps);
  EXPECT_DOUBLE_EQ(*two.bps, 100e9);
  PathCapacity kfd = XgmiCapacity(1, std::nullopt, "", 100e9, "kfd");
  ASSERT_TRUE(kfd.bps);
  EXPECT_DOUBLE_EQ(*kfd.bps, 100e9);
  EXPECT_FALSE(XgmiCapacity(0, 64e9, "", std::nullopt, "kfd").bps);
  EXPECT_FALSE(XgmiLinkRate("gfx1100"));
  Explanation e = Explain("peer.copy", 20e9, XgmiCapacity(0, 64e9, "", std::nullopt, "kfd"), {});
  EXPECT_EQ(e.verdict, Verdict::kUnknown);
  EXPECT_NE(e.text.find("no xGMI link between the pair"), std::string::npos);
}

TEST(PathCapacity, MemoryShortWithNoFaultIsUnexplained) {
  Explanation e = Explain("memory.triad", 2.16e12, MemoryCapacity(5.3e12, "amd_gpus.csv"), {});
  EXPECT_EQ(e.verdict, Verdict::kUnexplained);
  EXPECT_NE(e.text.find("is only 41% of the HBM peak of 5.30 TB/s"), std::string::npos) << e.text;
  EXPECT_EQ(Explain("memory.triad", 4.33e12, MemoryCapacity(5.3e12, "t"), {}).verdict,
            Verdict::kWithinPath);
  EXPECT_EQ(Explain("memory.triad", 4e12, MemoryCapacity(std::nullopt, "t"), {}).verdict,
            Verdict::kUnknown);
}

TEST(PathCapacity, ThrottlingExplainsAMemoryShortfall) {
  auto throttled = Throttled(1100, 2100, "hip-bench.json (memory.triad)");
  ASSERT_TRUE(throttled);
  EXPECT_EQ(throttled->text, "the clock was 1100 of its 2100 MHz (power or thermal limits)");
  EXPECT_FALSE(Throttled(2000, 2100, "x")) << "within 10% of the peak";
  EXPECT_FALSE(Throttled(std::nullopt, 2100, "x"));
  Explanation e = Explain("memory.triad", 2.16e12, MemoryCapacity(5.3e12, "t"), {*throttled});
  EXPECT_EQ(e.verdict, Verdict::kFault);
  // A fault on a path whose figure is healthy explains nothing.
  EXPECT_EQ(Explain("memory.triad", 4.3e12, MemoryCapacity(5.3e12, "t"), {*throttled}).verdict,
            Verdict::kWithinPath);
}

TEST(PathCapacity, AnErrorCounterIsAFault) {
  auto errors = ErrorCounter("xgmi_error", 12, "/sys/bus/pci/devices/0000:0c:00.0/xgmi_error");
  ASSERT_TRUE(errors);
  EXPECT_EQ(errors->text, "xgmi_error counted 12 errors");
  EXPECT_FALSE(ErrorCounter("xgmi_error", 0, "x"));
  EXPECT_FALSE(ErrorCounter("xgmi_error", std::nullopt, "x"));
  Explanation e = Explain("peer.copy", 20e9, XgmiCapacity(1, 64e9, "", std::nullopt, "kfd"),
                          {*errors});
  EXPECT_EQ(e.verdict, Verdict::kFault);
  EXPECT_NE(e.text.find("is 31% of 1 xGMI link of 64.0 GB/s: a fault on its path explains it: "
                        "xgmi_error counted 12 errors"),
            std::string::npos)
      << e.text;
}

}  // namespace
}  // namespace rocm_doctor::path_capacity
