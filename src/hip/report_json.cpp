// SPDX-License-Identifier: MIT
#include "hip/report_json.h"

#include "hip/json_writer.h"

namespace rocm_doctor::hip_helper {
namespace {

void WriteError(JsonWriter& json, const std::optional<GpuError>& error) {
  if (!error) {
    json.Null();
    return;
  }
  json.BeginObject();
  json.Key("code").Int(error->code);
  json.Key("name").String(error->name);
  json.Key("message").String(error->message);
  json.Key("call").String(error->call);
  json.EndObject();
}

void WriteMismatch(JsonWriter& json, const std::optional<SmokeMismatch>& mismatch) {
  if (!mismatch) {
    json.Null();
    return;
  }
  json.BeginObject();
  json.Key("index").Int(mismatch->index);
  json.Key("expected").Int(mismatch->expected);
  json.Key("got").Int(mismatch->got);
  json.Key("count").Int(mismatch->count);
  json.EndObject();
}

void WriteSmoke(JsonWriter& json, const SmokeResult& smoke) {
  json.BeginObject();
  json.Key("ok").Bool(smoke.ok);
  json.Key("kernel_ms");
  if (smoke.kernel_ms) {
    json.Float(*smoke.kernel_ms);
  } else {
    json.Null();
  }
  json.Key("error");
  WriteError(json, smoke.error);
  json.Key("mismatch");
  WriteMismatch(json, smoke.mismatch);
  json.Key("checked_elements").Int(smoke.checked_elements);
  json.EndObject();
}

void WriteDevice(JsonWriter& json, const DeviceReport& device) {
  json.BeginObject();
  json.Key("index").Int(device.index);
  json.Key("name").NullableString(device.name);
  json.Key("arch").NullableString(device.arch);
  json.Key("compute_units").NullableInt(device.compute_units);
  json.Key("total_memory_bytes").NullableInt(device.total_memory_bytes);
  json.Key("clock_khz").NullableInt(device.clock_khz);
  json.Key("memory_clock_khz").NullableInt(device.memory_clock_khz);
  json.Key("memory_bus_width_bits").NullableInt(device.memory_bus_width_bits);
  json.Key("pci_bdf").NullableString(device.pci_bdf);
  json.Key("large_bar").NullableBool(device.large_bar);
  json.Key("error");
  WriteError(json, device.error);
  json.Key("smoke");
  if (device.smoke) {
    WriteSmoke(json, *device.smoke);
  } else {
    json.Null();
  }
  json.EndObject();
}

}  // namespace

std::string ProbeReportJson(const ProbeReport& report) {
  JsonWriter json;
  json.BeginObject();
  json.Key("helper").String(kHelperName);
  json.Key("version").Int(kProbeFormatVersion);
  json.Key("backend").String(report.backend);
  json.Key("targets").BeginArray();
  for (const std::string& target : report.targets) json.String(target);
  json.EndArray();
  json.Key("runtime_version").NullableInt(report.runtime_version);
  json.Key("driver_version").NullableInt(report.driver_version);
  json.Key("device_count").Int(report.device_count);
  json.Key("error");
  WriteError(json, report.error);
  json.Key("devices").BeginArray();
  for (const DeviceReport& device : report.devices) WriteDevice(json, device);
  json.EndArray();
  json.EndObject();
  return json.str();
}

}  // namespace rocm_doctor::hip_helper
