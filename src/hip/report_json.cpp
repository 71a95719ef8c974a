#include "hip/report_json.h"

#include "hip/json_writer.h"

namespace rocm_doctor::hip_helper {
namespace {

void WriteError(JsonWriter& json, const std::optional<GpuError>& error) {
  if (!error) {
    json.Null();
    return;
  }
  json.BeginObject()
      .Key("code").Int(error->code)
      .Key("name").String(error->name)
      .Key("message").String(error->message)
      .Key("call").String(error->call)
      .EndObject();
}

void WriteMismatch(JsonWriter& json, const std::optional<SmokeMismatch>& mismatch) {
  if (!mismatch) {
    json.Null();
    return;
  }
  json.BeginObject()
      .Key("index").Int(mismatch->index)
      .Key("expected").Int(mismatch->expected)
      .Key("got").Int(mismatch->got)
      .Key("count").Int(mismatch->count)
      .EndObject();
}

void WriteSmoke(JsonWriter& json, const SmokeResult& smoke) {
  json.BeginObject().Key("ok").Bool(smoke.ok).Key("kernel_ms");
  if (smoke.kernel_ms) {
    json.Float(*smoke.kernel_ms);
  } else {
    json.Null();
  }
  json.Key("error");
  WriteError(json, smoke.error);
  json.Key("mismatch");
  WriteMismatch(json, smoke.mismatch);
  json.Key("checked_elements").Int(smoke.checked_elements).EndObject();
}

void WriteDevice(JsonWriter& json, const DeviceReport& device) {
  json.BeginObject()
      .Key("index").Int(device.index)
      .Key("name").NullableString(device.name)
      .Key("arch").NullableString(device.arch)
      .Key("compute_units").NullableInt(device.compute_units)
      .Key("total_memory_bytes").NullableInt(device.total_memory_bytes)
      .Key("clock_khz").NullableInt(device.clock_khz)
      .Key("memory_clock_khz").NullableInt(device.memory_clock_khz)
      .Key("memory_bus_width_bits").NullableInt(device.memory_bus_width_bits)
      .Key("pci_bdf").NullableString(device.pci_bdf)
      .Key("large_bar").NullableBool(device.large_bar)
      .Key("error");
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
  json.BeginObject()
      .Key("helper").String(kHelperName)
      .Key("version").Int(kProbeFormatVersion)
      .Key("backend").String(report.backend)
      .Key("targets").BeginArray();
  for (const std::string& target : report.targets) json.String(target);
  json.EndArray()
      .Key("runtime_version").NullableInt(report.runtime_version)
      .Key("driver_version").NullableInt(report.driver_version)
      .Key("device_count").Int(report.device_count)
      .Key("error");
  WriteError(json, report.error);
  json.Key("devices").BeginArray();
  for (const DeviceReport& device : report.devices) WriteDevice(json, device);
  json.EndArray().EndObject();
  return json.str();
}

}  // namespace rocm_doctor::hip_helper
