// SPDX-License-Identifier: MIT
// bench.path (checks/bench/path.cpp) on hand-made helper output: each bandwidth figure against
// what its path carries, and each finding code from the shortfall that produces it.
#include <gtest/gtest.h>

#include <string>

#include "checks/bench/bench_json.h"
#include "checks/platform/platform_fixture.h"
#include "support/check_harness.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kBdf[] = "0000:c1:00.0";

std::string ProbeJson() {
  return R"({"helper":"rocm-doctor-hip","version":1,"backend":"hip","targets":["gfx942"],)"
         R"("runtime_version":60443483,"driver_version":60443483,"device_count":1,"error":null,)"
         R"("devices":[{"index":0,"name":"AMD Instinct MI300X","arch":"gfx942:sramecc+:xnack-",)"
         R"("compute_units":304,"pci_bdf":"0000:c1:00.0","error":null,"smoke":null}]})";
}

// An MI300X at kBdf whose link is `current` of `max` (speeds in GT/s, widths in lanes).
std::shared_ptr<FakeSystemView> Host(const std::string& bench_json, const std::string& cur_gts,
                                     int cur_width, const std::string& max_gts = "32.0",
                                     int max_width = 16) {
  auto view = std::make_shared<FakeSystemView>();
  AddAmdGpu(*view, kBdf, "0x74a1");
  const std::string dir = std::string("/sys/bus/pci/devices/") + kBdf;
  view->File(dir + "/max_link_speed", max_gts + " GT/s PCIe\n");
  view->File(dir + "/max_link_width", std::to_string(max_width) + "\n");
  view->File(dir + "/current_link_speed", cur_gts + " GT/s PCIe\n");
  view->File(dir + "/current_link_width", std::to_string(cur_width) + "\n");
  view->Command("hip-probe", ExitedWith(ProbeJson()));
  view->Command("hip-bench", ExitedWith(bench_json));
  return view;
}

CheckOptions Standard() {
  CheckOptions options;
  options.bench.level = "quick";
  return options;
}

const Finding* Find(const CheckOutcome& out, std::string_view code) {
  for (const Finding& f : out.findings) {
    if (f.code == code) return &f;
  }
  return nullptr;
}

TEST(BenchPath, AHealthyMi300xIsWithinItsPaths) {
  auto view = Host(BenchJson(Mi300xDevice(), HealthyMi300x()), "32.0", 16);
  CheckOutcome out = RunCheck("bench.path", view, Standard());
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_EQ(out.summary, "8 bandwidth figures within what each path carries");
  bool h2d = false;
  for (const Evidence& e : out.evidence) {
    h2d |= e.observed == "host.h2d_pinned 54.0 GB/s is 86% of PCIe Gen5 x16, 63.0 GB/s one way: "
                         "what the path carries";
  }
  EXPECT_TRUE(h2d);
}

TEST(BenchPath, ANarrowedLinkIsTheFault) {
  auto list = With(HealthyMi300x(), {"host.h2d_pinned", "B/s", 13.5e9, 13.2e9, 12.9e9});
  auto view = Host(BenchJson(Mi300xDevice(), list), "16.0", 8);
  CheckOutcome out = RunCheck("bench.path", view, Standard());
  ASSERT_NE(Find(out, "bench.path.fault"), nullptr) << out.summary;
  const Finding* f = Find(out, "bench.path.fault");
  EXPECT_EQ(f->status, Status::kWarn);
  EXPECT_NE(f->message.find("host.h2d_pinned 13.2 GB/s"), std::string::npos) << f->message;
  EXPECT_NE(f->message.find("the link trained at 16.0 GT/s x8 of its 32.0 GT/s x16"),
            std::string::npos)
      << f->message;
}

TEST(BenchPath, SlowMemoryWithNothingWrongIsUnexplained) {
  auto list = With(HealthyMi300x(), {"memory.triad", "B/s", 2.2e12, 2.16e12, 2.1e12});
  auto view = Host(BenchJson(Mi300xDevice(), list), "32.0", 16);
  CheckOutcome out = RunCheck("bench.path", view, Standard());
  ASSERT_NE(Find(out, "bench.path.unexplained"), nullptr) << out.summary;
  const Finding* f = Find(out, "bench.path.unexplained");
  EXPECT_NE(f->message.find("memory.triad 2.16 TB/s is only 41% of the HBM peak of 5.30 TB/s"),
            std::string::npos)
      << f->message;
  EXPECT_EQ(Find(out, "bench.path.fault"), nullptr);
}

TEST(BenchPath, ThrottlingExplainsSlowMemory) {
  std::string device = Mi300xDevice();
  // The runtime's peak clock twice what the memory benchmark saw (2100 MHz in bench_json.h).
  device.replace(device.find("\"clock_mhz\":2100"), 16, "\"clock_mhz\":4200");
  auto list = With(HealthyMi300x(), {"memory.triad", "B/s", 2.2e12, 2.16e12, 2.1e12});
  auto view = Host(BenchJson(device, list), "32.0", 16);
  CheckOutcome out = RunCheck("bench.path", view, Standard());
  ASSERT_NE(Find(out, "bench.path.fault"), nullptr) << out.summary;
  const Finding* f = Find(out, "bench.path.fault");
  EXPECT_NE(f->message.find("the clock was 2100 of its 4200 MHz"), std::string::npos)
      << f->message;
}

TEST(BenchPath, ANarrowSlotLimitsTheLinkWithoutAFault) {
  // The link runs at its own maximum, x8: no fault, but half the datasheet's Gen5 x16.
  auto list = With(HealthyMi300x(), {"host.h2d_pinned", "B/s", 27.5e9, 27.0e9, 26.5e9});
  auto view = Host(BenchJson(Mi300xDevice(), list), "32.0", 8, "32.0", 8);
  CheckOutcome out = RunCheck("bench.path", view, Standard());
  ASSERT_NE(Find(out, "bench.path.limited"), nullptr) << out.summary;
  const Finding* f = Find(out, "bench.path.limited");
  EXPECT_NE(f->message.find("host.h2d_pinned 27.0 GB/s is 86% of PCIe Gen5 x8, 31.5 GB/s one way: "
                            "expected for this path (the GPU's headline figure is 63.0 GB/s)"),
            std::string::npos)
      << f->message;
  EXPECT_EQ(Find(out, "bench.path.fault"), nullptr);
}

TEST(BenchPath, OneXgmiLinkExplains48GBsBetweenPeers) {
  // Two MI300X, KFD nodes 1 and 2 with one io_link of type 11 (XGMI) each way; KFD leaves
  // max_bandwidth 0 on MI300, so the per-link rate comes from path_capacity (64 GB/s).
  auto list = With(HealthyMi300x(), {"peer.copy", "B/s", 49e9, 48e9, 47e9});
  auto view = Host(BenchJson(Mi300xDevice(), list), "32.0", 16);
  AddAmdGpu(*view, "0000:c2:00.0", "0x74a1", "amdgpu", 129);
  AddKfdCpuNode(*view, 0);
  AddKfdNode(*view, 1, GpuProperties(90402, 0x74a1, LocationId(kBdf), 128),
             {IoLink(2, 1, 0, 1), IoLink(11, 1, 2, 1)});
  AddKfdNode(*view, 2, GpuProperties(90402, 0x74a1, LocationId("0000:c2:00.0"), 129),
             {IoLink(2, 2, 0, 1), IoLink(11, 2, 1, 1)});
  CheckOutcome out = RunCheck("bench.path", view, Standard());
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  bool peer = false;
  for (const Evidence& e : out.evidence) {
    peer |= e.observed ==
            "peer.copy 48.0 GB/s is 75% of one 64.0 GB/s xGMI link: expected for a single link";
  }
  EXPECT_TRUE(peer);
}

}  // namespace
}  // namespace rocm_doctor::testing
