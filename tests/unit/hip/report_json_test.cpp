// SPDX-License-Identifier: MIT
#include "hip/report_json.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

namespace rocm_doctor::hip_helper {
namespace {

using nlohmann::json;

ProbeReport NoDeviceReport() {
  ProbeReport report;
  report.backend = "hip";
  report.targets = {"gfx90a", "gfx1030"};
  report.runtime_version = 50221153;
  report.driver_version = 50221153;
  report.error =
      GpuError{100, "hipErrorNoDevice", "no ROCm-capable device is detected", "hipGetDeviceCount"};
  return report;
}

DeviceReport Mi210() {
  DeviceReport device;
  device.index = 0;
  device.name = "AMD Instinct MI210";
  device.arch = "gfx90a:sramecc+:xnack-";
  device.compute_units = 104;
  device.total_memory_bytes = 68702699520;
  device.clock_khz = 1700000;
  device.memory_clock_khz = 1600000;
  device.memory_bus_width_bits = 4096;
  device.pci_bdf = "0000:c1:00.0";
  device.large_bar = true;
  SmokeResult smoke;
  smoke.ok = true;
  smoke.kernel_ms = 0.0512F;
  smoke.checked_elements = 4096;
  device.smoke = smoke;
  return device;
}

TEST(ProbeReportJson, NoDeviceIsExactAndOneLine) {
  const std::string text = ProbeReportJson(NoDeviceReport());
  EXPECT_EQ(text, R"({"helper":"rocm-doctor-hip","version":1,"backend":"hip",)"
                  R"("targets":["gfx90a","gfx1030"],"runtime_version":50221153,)"
                  R"("driver_version":50221153,"device_count":0,)"
                  R"("error":{"code":100,"name":"hipErrorNoDevice",)"
                  R"("message":"no ROCm-capable device is detected","call":"hipGetDeviceCount"},)"
                  R"("devices":[]})");
  EXPECT_EQ(text.find('\n'), std::string::npos);
}

TEST(ProbeReportJson, HealthyDeviceCarriesEveryField) {
  ProbeReport report;
  report.backend = "hip";
  report.device_count = 1;
  report.runtime_version = 60032831;
  report.devices.push_back(Mi210());
  const json doc = json::parse(ProbeReportJson(report));
  EXPECT_TRUE(doc["error"].is_null());
  EXPECT_TRUE(doc["driver_version"].is_null());
  EXPECT_TRUE(doc["targets"].is_array());
  const json& device = doc["devices"].at(0);
  EXPECT_EQ(device["name"], "AMD Instinct MI210");
  EXPECT_EQ(device["arch"], "gfx90a:sramecc+:xnack-");
  EXPECT_EQ(device["compute_units"], 104);
  EXPECT_EQ(device["total_memory_bytes"], 68702699520LL);
  EXPECT_EQ(device["clock_khz"], 1700000);
  EXPECT_EQ(device["memory_clock_khz"], 1600000);
  EXPECT_EQ(device["memory_bus_width_bits"], 4096);
  EXPECT_EQ(device["pci_bdf"], "0000:c1:00.0");
  EXPECT_EQ(device["large_bar"], true);
  EXPECT_TRUE(device["error"].is_null());
  const json& smoke = device["smoke"];
  EXPECT_EQ(smoke["ok"], true);
  EXPECT_NEAR(smoke["kernel_ms"].get<double>(), 0.0512, 1e-6);
  EXPECT_TRUE(smoke["error"].is_null());
  EXPECT_TRUE(smoke["mismatch"].is_null());
  EXPECT_EQ(smoke["checked_elements"], 4096);
}

TEST(ProbeReportJson, UnknownsAreNullNotZero) {
  ProbeReport report;
  report.backend = "cuda";
  report.device_count = 1;
  DeviceReport device;
  device.index = 0;
  device.error =
      GpuError{101, "cudaErrorInvalidDevice", "invalid device ordinal", "cudaGetDeviceProperties"};
  report.devices.push_back(device);  // no smoke: --no-smoke
  const json doc = json::parse(ProbeReportJson(report));
  EXPECT_TRUE(doc["runtime_version"].is_null());
  const json& d = doc["devices"].at(0);
  for (const char* key :
       {"name", "arch", "compute_units", "total_memory_bytes", "clock_khz", "memory_clock_khz",
        "memory_bus_width_bits", "pci_bdf", "large_bar", "smoke"}) {
    EXPECT_TRUE(d[key].is_null()) << key;
  }
  EXPECT_EQ(d["error"]["name"], "cudaErrorInvalidDevice");
  EXPECT_EQ(d["error"]["call"], "cudaGetDeviceProperties");
}

TEST(ProbeReportJson, FailedSmokeCarriesErrorOrMismatch) {
  ProbeReport report;
  report.backend = "hip";
  report.device_count = 2;
  DeviceReport launch_failed = Mi210();
  launch_failed.smoke = SmokeResult{};
  launch_failed.smoke->error =
      GpuError{98, "hipErrorInvalidDeviceFunction", "invalid device function", "hipLaunchKernel"};
  DeviceReport wrong = Mi210();
  wrong.index = 1;
  wrong.smoke->ok = false;
  wrong.smoke->mismatch = SmokeMismatch{5, 16, 4294967295LL, 7};
  report.devices = {launch_failed, wrong};
  const json doc = json::parse(ProbeReportJson(report));
  const json& first = doc["devices"].at(0)["smoke"];
  EXPECT_EQ(first["ok"], false);
  EXPECT_TRUE(first["kernel_ms"].is_null());
  EXPECT_EQ(first["error"]["code"], 98);
  EXPECT_EQ(first["error"]["name"], "hipErrorInvalidDeviceFunction");
  EXPECT_EQ(first["checked_elements"], 0);
  const json& second = doc["devices"].at(1)["smoke"];
  EXPECT_EQ(second["mismatch"]["index"], 5);
  EXPECT_EQ(second["mismatch"]["expected"], 16);
  EXPECT_EQ(second["mismatch"]["got"], 4294967295LL);
  EXPECT_EQ(second["mismatch"]["count"], 7);
}

TEST(ProbeReportJson, DriverStringsAreEscaped) {
  ProbeReport report;
  report.backend = "hip";
  report.device_count = 1;
  DeviceReport device = Mi210();
  device.name = std::string("Radeon\xAE \"Pro\"\n\0x", 16);
  report.devices.push_back(device);
  const json doc = json::parse(ProbeReportJson(report));  // throws on invalid JSON / UTF-8
  EXPECT_EQ(doc["devices"][0]["name"], std::string("Radeon\xEF\xBF\xBD \"Pro\"\n\0x", 18));
}

}  // namespace
}  // namespace rocm_doctor::hip_helper
