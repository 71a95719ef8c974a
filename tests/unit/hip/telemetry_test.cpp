// SPDX-License-Identifier: MIT
// Telemetry without a GPU: NVML's reason bits and amdgpu's throttler bits as names and reasons,
// sysfs text and gpu_metrics parsing, a fake amdgpu sysfs tree, the sampler and its JSON.
#include "hip/bench/telemetry.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

namespace rocm_doctor::hip_helper {
namespace {

using Names = std::vector<std::string>;

TEST(TelemetryReasons, NvmlBitsAreNamedAndMapped) {
  EXPECT_EQ(NvmlReasonNames(0x4 | 0x40), (Names{"SwPowerCap", "HwThermalSlowdown"}));
  EXPECT_EQ(NvmlReasonNames(0x1000), (Names{"bit 12"}));
  EXPECT_STREQ(ThrottleReasonOf("SwPowerCap"), "power_cap");
  EXPECT_STREQ(ThrottleReasonOf("HwPowerBrakeSlowdown"), "power_cap");
  EXPECT_STREQ(ThrottleReasonOf("SwThermalSlowdown"), "thermal");
  EXPECT_STREQ(ThrottleReasonOf("SyncBoost"), "sync_boost");
  EXPECT_STREQ(ThrottleReasonOf("GpuIdle"), "idle");
  EXPECT_STREQ(ThrottleReasonOf("HwSlowdown"), "other");
  EXPECT_STREQ(ThrottleReasonOf("bit 12"), "other");
}

TEST(TelemetryReasons, AmdThrottlerBitsAreNamedAndMapped) {
  EXPECT_EQ(SmuIndependentThrottlerNames((1ull << 0) | (1ull << 34) | (1ull << 18)),
            (Names{"PPT0", "TDC_MEM", "TEMP_MEM"}));
  EXPECT_STREQ(ThrottleReasonOf("PPT0"), "power_cap");
  EXPECT_STREQ(ThrottleReasonOf("TEMP_MEM"), "memory_thermal");
  EXPECT_STREQ(ThrottleReasonOf("TDC_MEM"), "hbm");
  EXPECT_STREQ(ThrottleReasonOf("TEMP_HOTSPOT"), "thermal");
  EXPECT_STREQ(ThrottleReasonOf("APCC"), "sw_power");
  EXPECT_EQ(Smu1306ThrottlerNames(0x12), (Names{"PPT", "THERMAL_HBM"}));
  EXPECT_STREQ(ThrottleReasonOf("THERMAL_HBM"), "memory_thermal");
  EXPECT_STREQ(ThrottleReasonOf("PPT"), "power_cap");
}

TEST(TelemetrySysfs, NumbersParse) {
  EXPECT_EQ(ParseSysfsNumber("123456789\n"), 123456789.0);
  EXPECT_EQ(ParseSysfsNumber("65000"), 65000.0);
  EXPECT_FALSE(ParseSysfsNumber(""));
  EXPECT_FALSE(ParseSysfsNumber("N/A\n"));
  EXPECT_FALSE(ParseSysfsNumber("12 W"));
}

std::vector<std::uint8_t> Metrics(int format, int content, std::size_t size) {
  std::vector<std::uint8_t> bytes(size, 0);
  const auto structure_size = static_cast<std::uint16_t>(size);
  std::memcpy(bytes.data(), &structure_size, 2);
  bytes[2] = static_cast<std::uint8_t>(format);
  bytes[3] = static_cast<std::uint8_t>(content);
  return bytes;
}

TEST(TelemetrySysfs, GpuMetricsThrottleFieldsByFormat) {
  std::vector<std::uint8_t> v13 = Metrics(1, 3, 120);
  const std::uint64_t indep = (1ull << 1) | (1ull << 36);
  std::memcpy(&v13[112], &indep, 8);
  GpuMetricsThrottle parsed = ParseGpuMetricsThrottle(v13);
  EXPECT_TRUE(parsed.present);
  EXPECT_EQ(parsed.raw, (Names{"PPT1", "TEMP_HOTSPOT"}));

  std::vector<std::uint8_t> v14 = Metrics(1, 4, 200);
  const std::uint32_t status = 1u << 2;
  std::memcpy(&v14[40], &status, 4);
  EXPECT_EQ(ParseGpuMetricsThrottle(v14).raw, (Names{"THERMAL_SOCKET"}));

  parsed = ParseGpuMetricsThrottle(Metrics(1, 2, 120));
  EXPECT_FALSE(parsed.present);
  ASSERT_TRUE(parsed.error);
  EXPECT_NE(parsed.error->find("format 1.2"), std::string::npos);
  EXPECT_TRUE(ParseGpuMetricsThrottle(Metrics(1, 3, 100)).error);  // truncated
  EXPECT_TRUE(ParseGpuMetricsThrottle({1, 2}).error);
}

class FakeAmdgpu : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("rocmdoc-telemetry-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
            "-" + std::to_string(reinterpret_cast<std::uintptr_t>(this)));
    std::filesystem::create_directories(dir_ / "hwmon" / "hwmon4");
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  void Write(const std::string& relative, const std::string& text) {
    std::ofstream(dir_ / relative, std::ios::binary) << text;
  }
  std::filesystem::path dir_;
};

TEST_F(FakeAmdgpu, ReadsHwmonDpmAndGpuMetrics) {
  Write("hwmon/hwmon4/power1_average", "251000000\n");  // µW
  Write("hwmon/hwmon4/power1_cap", "300000000\n");
  Write("hwmon/hwmon4/temp1_input", "51000\n");  // m°C, edge
  Write("hwmon/hwmon4/temp2_input", "65000\n");  // junction
  Write("hwmon/hwmon4/temp3_input", "70000\n");  // mem
  Write("pp_dpm_sclk", "0: 500Mhz\n1: 1700Mhz *\n");
  Write("pp_dpm_mclk", "0: 400Mhz\n1: 1600Mhz *\n");
  std::vector<std::uint8_t> metrics = Metrics(1, 3, 120);
  const std::uint64_t indep = 1ull << 0;
  std::memcpy(&metrics[112], &indep, 8);
  Write("gpu_metrics", std::string(metrics.begin(), metrics.end()));

  const auto source = OpenSysfsTelemetry(dir_.string());
  ASSERT_TRUE(source->started());
  EXPECT_FALSE(source->error()) << *source->error();
  EXPECT_EQ(source->PowerLimitW(), 300.0);
  const TelemetrySample s = source->Read();
  EXPECT_EQ(s.power_w, 251.0);
  EXPECT_EQ(s.temperature_c, 65.0);
  EXPECT_EQ(s.memory_temperature_c, 70.0);
  EXPECT_EQ(s.sclk_mhz, 1700.0);
  EXPECT_EQ(s.mclk_mhz, 1600.0);
  EXPECT_EQ(s.raw_reasons, (Names{"PPT0"}));
}

TEST_F(FakeAmdgpu, MissingFilesAreSaidNotGuessed) {
  Write("hwmon/hwmon4/power1_input", "99000000\n");
  const auto source = OpenSysfsTelemetry(dir_.string());
  ASSERT_TRUE(source->started());
  ASSERT_TRUE(source->error());
  EXPECT_NE(source->error()->find("no gpu_metrics"), std::string::npos);
  const TelemetrySample s = source->Read();
  EXPECT_EQ(s.power_w, 99.0);
  EXPECT_FALSE(s.temperature_c);
  EXPECT_FALSE(s.sclk_mhz);
  EXPECT_TRUE(s.raw_reasons.empty());
}

TEST(TelemetryNvml, AbsentLibraryIsAnError) {
  const auto source = OpenNvmlTelemetry("0000:19:00.0");
  if (source->started()) GTEST_SKIP() << "NVML and an NVIDIA GPU are present here";
  ASSERT_TRUE(source->error());
  EXPECT_FALSE(source->error()->empty());
}

class ScriptedSource : public TelemetrySource {
 public:
  const char* name() const override { return "scripted"; }
  bool started() const override { return true; }
  std::optional<double> PowerLimitW() override { return 700.0; }
  std::optional<std::string> error() const override { return std::nullopt; }
  TelemetrySample Read() override {
    TelemetrySample s;
    s.power_w = 600.0 + 10.0 * (reads_ % 3);
    s.sclk_mhz = 1980.0 - reads_;
    if (reads_ % 2 == 0) s.raw_reasons = {"SwPowerCap"};
    ++reads_;
    return s;
  }
  int reads_ = 0;
};

TEST(TelemetrySampler, SamplesOnAThreadUntilStopped) {
  ScriptedSource source;
  TelemetrySampler sampler(&source, 5);
  sampler.Start();
  std::this_thread::sleep_for(std::chrono::milliseconds(60));
  const TelemetrySummary summary = sampler.Stop();
  EXPECT_GE(summary.count, 3);
  EXPECT_EQ(summary.count, source.reads_);
  ASSERT_TRUE(summary.power_w);
  EXPECT_EQ(summary.power_w->min, 600.0);
  EXPECT_EQ(summary.power_limit_w, 700.0);
  ASSERT_EQ(summary.throttle.size(), 1u);
  EXPECT_EQ(summary.throttle[0].reason, "power_cap");
  EXPECT_GE(summary.throttle[0].fraction, 0.5);

  const nlohmann::json doc = nlohmann::json::parse(TelemetryJson(summary));
  EXPECT_EQ(doc["source"], "scripted");
  EXPECT_EQ(doc["interval_ms"], 5);
  EXPECT_TRUE(doc["memory_temperature_c"].is_null());
  EXPECT_TRUE(doc["sclk_mhz"]["median"].is_number());
  EXPECT_EQ(doc["throttle"][0]["raw"], "SwPowerCap");
  EXPECT_TRUE(doc["error"].is_null());
}

TEST(TelemetrySampler, NoSourceSaysSo) {
  TelemetrySampler sampler(nullptr);
  sampler.Start();
  const TelemetrySummary summary = sampler.Stop();
  EXPECT_FALSE(summary.source);
  EXPECT_EQ(summary.count, 0);
  EXPECT_EQ(summary.error, "no telemetry source");
}

TEST(TelemetrySummary, MedianAndFractions) {
  std::vector<TelemetrySample> samples(4);
  samples[0].power_w = 100;
  samples[1].power_w = 300;
  samples[2].power_w = 200;
  samples[0].raw_reasons = {"TEMP_MEM"};
  samples[1].raw_reasons = {"TEMP_MEM", "PPT0"};
  const TelemetrySummary s = SummarizeTelemetry("sysfs", 20, samples, std::nullopt, std::nullopt);
  ASSERT_TRUE(s.power_w);
  EXPECT_EQ(s.power_w->median, 200.0);
  EXPECT_FALSE(s.temperature_c);
  ASSERT_EQ(s.throttle.size(), 2u);
  EXPECT_EQ(s.throttle[0].raw, "TEMP_MEM");
  EXPECT_EQ(s.throttle[0].reason, "memory_thermal");
  EXPECT_DOUBLE_EQ(s.throttle[0].fraction, 0.5);
  EXPECT_DOUBLE_EQ(s.throttle[1].fraction, 0.25);
}

}  // namespace
}  // namespace rocm_doctor::hip_helper
