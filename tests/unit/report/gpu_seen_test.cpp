// SPDX-License-Identifier: MIT
// "ready for ROCm work" rests on a GPU seen through the stack (src/core/gpu_seen.h): both sides
// of the definition, on replayed machines, and the verdict in words that follows from it.
#include "core/gpu_seen.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/report_summary.h"
#include "rocm_doctor/facts/hip_probe.h"
#include "system/open_system_view.h"

namespace rocm_doctor {
namespace {

namespace fs = std::filesystem;

fs::path Machine(const std::string& name) {
  return fs::path(ROCMDOC_SOURCE_DIR) / "tests" / "machines" / name;
}

std::shared_ptr<const FactStore> Facts(const fs::path& dir) {
  auto view = OpenSystemView(dir.string());
  EXPECT_TRUE(view) << view.error();
  return std::make_shared<const FactStore>(*view);
}

std::string Joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines) out += l + "\n";
  return out;
}

TEST(GpuSeen, AmdgpuBoundAndAKfdNodeForTheSameGpu) {
  GpuSighting s = SeeGpuThroughStack(*Facts(Machine("rx7900xtx-healthy")));
  EXPECT_TRUE(s.seen);
  ASSERT_EQ(s.evidence.size(), 1u);
  EXPECT_EQ(s.evidence[0], "0000:03:00.0 bound to amdgpu, KFD node 1 (gfx1100)");
  EXPECT_TRUE(s.not_verified.empty());
  // Eight MI300X, each with its own node.
  EXPECT_EQ(SeeGpuThroughStack(*Facts(Machine("mi300x-healthy"))).evidence.size(), 8u);
}

TEST(GpuSeen, EachMissingStepIsNotSeenAndSaysWhich) {
  struct Case {
    const char* machine;
    const char* says;
  } cases[] = {
      {"vm-no-gpu", "no AMD GPU on the PCI bus"},
      {"nvidia-only", "no AMD GPU on the PCI bus"},
      {"amdgpu-not-loaded", "not bound to amdgpu (driver: none)"},
      {"kfd-missing", "bound to amdgpu, but KFD has no GPU node for it"},
  };
  for (const Case& c : cases) {
    GpuSighting s = SeeGpuThroughStack(*Facts(Machine(c.machine)));
    EXPECT_FALSE(s.seen) << c.machine;
    EXPECT_TRUE(s.evidence.empty()) << c.machine;
    EXPECT_NE(Joined(s.not_verified).find(c.says), std::string::npos)
        << c.machine << ": " << Joined(s.not_verified);
  }
}

// WSL2 has no amdgpu or KFD in the guest: /dev/dxg and the runtime's own enumeration count.
TEST(GpuSeen, WslWithoutARecordedProbeIsNotSeen) {
  auto facts = Facts(Machine("wsl2"));
  // No check asked for the probe: it is not started to answer this.
  GpuSighting before = SeeGpuThroughStack(*facts);
  EXPECT_FALSE(before.seen);
  EXPECT_NE(Joined(before.not_verified).find("the HIP probe did not run"), std::string::npos);
  facts->Get<HipProbeFacts>();  // as runtime.hip_devices does
  GpuSighting after = SeeGpuThroughStack(*facts);
  EXPECT_FALSE(after.seen);
  EXPECT_EQ(Joined(after.not_verified),
            "the HIP runtime's devices on /dev/dxg: the HIP probe is not recorded in this "
            "capture\n");
}

TEST(GpuSeen, WslWithTheRuntimesDeviceIsSeen) {
  const fs::path dir = fs::path(::testing::TempDir()) / "gpu_seen_wsl2";
  fs::remove_all(dir);
  fs::copy(Machine("wsl2"), dir, fs::copy_options::recursive | fs::copy_options::copy_symlinks);
  auto probe = [&](nlohmann::json devices) {
    nlohmann::json out = {{"helper", "rocm-doctor-hip"}, {"version", 1},
                          {"backend", "hip"},            {"targets", {"gfx1100"}},
                          {"runtime_version", 60241133}, {"driver_version", 60241133},
                          {"device_count", devices.size()}, {"error", nullptr},
                          {"devices", devices}};
    nlohmann::json rec = {{"name", "hip-probe"},
                          {"argv", {"/usr/libexec/rocm-doctor/rocm-doctor-hip", "--probe"}},
                          {"state", "exited"}, {"exit_code", 0}, {"signal", nullptr},
                          {"stdout", out.dump()}, {"stderr", ""}, {"truncated", false},
                          {"error", ""}, {"wall_seconds", 1.0}};
    std::ofstream(dir / ".rocm-doctor" / "probes" / "hip-probe.json") << rec.dump();
    auto facts = Facts(dir);
    facts->Get<HipProbeFacts>();
    return SeeGpuThroughStack(*facts);
  };
  nlohmann::json device = {{"index", 0}, {"name", "AMD Radeon RX 7900 XTX"}, {"arch", "gfx1100"},
                           {"compute_units", 96}, {"total_memory_bytes", 25753026560},
                           {"clock_khz", 2482000}, {"memory_clock_khz", 1250000},
                           {"memory_bus_width_bits", 384}, {"pci_bdf", nullptr},
                           {"large_bar", true}, {"error", nullptr}, {"smoke", nullptr}};
  GpuSighting one = probe(nlohmann::json::array({device}));
  EXPECT_TRUE(one.seen) << Joined(one.not_verified);
  EXPECT_EQ(Joined(one.evidence), "/dev/dxg, HIP device 0 (gfx1100)\n");
  GpuSighting none = probe(nlohmann::json::array());
  EXPECT_FALSE(none.seen);
  EXPECT_NE(Joined(none.not_verified).find("lists no device"), std::string::npos);
  fs::remove_all(dir);
}

TEST(VerdictText, ReadyOnlyWithAGpuSeen) {
  GpuSighting seen{true, {"0000:03:00.0 bound to amdgpu, KFD node 1"}, {}};
  GpuSighting unseen{false, {}, {"a GPU: no AMD GPU on the PCI bus"}};
  EXPECT_EQ(VerdictText(Verdict::kPass, seen), "ready for ROCm work");
  EXPECT_EQ(VerdictText(Verdict::kWarn, seen), "ready for ROCm work, with warnings");
  EXPECT_EQ(VerdictText(Verdict::kPass, unseen), "not verified: no GPU seen through the stack");
  EXPECT_EQ(VerdictText(Verdict::kWarn, unseen), "not verified: no GPU seen through the stack");
  EXPECT_EQ(VerdictText(Verdict::kFail, seen), "not ready for ROCm work");
  EXPECT_EQ(VerdictText(Verdict::kUnknown, unseen), "could not reach a verdict");
}

}  // namespace
}  // namespace rocm_doctor
