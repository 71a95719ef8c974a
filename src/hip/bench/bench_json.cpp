// SPDX-License-Identifier: MIT
#include "hip/bench/bench_json.h"

#include "hip/json_writer.h"

namespace rocm_doctor::hip_helper {
namespace {

void NullableDouble(JsonWriter& json, const std::optional<double>& value) {
  if (value) {
    json.Double(*value);
  } else {
    json.Null();
  }
}

void WriteDevice(JsonWriter& json, const BenchDevice& device) {
  json.BeginObject();
  json.Key("index").Int(device.index);
  json.Key("name").NullableString(device.name);
  json.Key("arch").NullableString(device.arch);
  json.Key("pci_bus_id").NullableString(device.pci_bus_id);
  json.Key("compute_units").NullableInt(device.compute_units);
  json.Key("clock_mhz").NullableInt(device.clock_mhz);
  json.Key("memory_clock_mhz").NullableInt(device.memory_clock_mhz);
  json.Key("memory_bus_width_bits").NullableInt(device.memory_bus_width_bits);
  json.Key("total_bytes").NullableInt(device.total_bytes);
  json.Key("free_bytes").NullableInt(device.free_bytes);
  json.Key("numa_node").NullableInt(device.numa_node);
  json.EndObject();
}

// The params values are JSON text already; the writer has no raw-value call, so the object is
// spliced in by hand (keys quoted, values verbatim).
std::string ParamsJson(const BenchParams& params) {
  std::string out = "{";
  bool first = true;
  for (const auto& [key, value] : params.items()) {
    if (!first) out += ',';
    first = false;
    out += JsonQuote(key);
    out += ':';
    out += value.empty() ? "null" : value;
  }
  out += '}';
  return out;
}

std::string ResultJson(const BenchResult& result) {
  JsonWriter json;
  json.BeginObject();
  json.Key("name").String(result.name);
  json.Key("status").String(BenchStatusName(result.status));
  json.Key("reason").NullableString(result.reason);
  json.Key("unit").String(result.unit);
  json.Key("best");
  NullableDouble(json, result.best);
  json.Key("median");
  NullableDouble(json, result.median);
  json.Key("worst");
  NullableDouble(json, result.worst);
  json.Key("spread");
  NullableDouble(json, result.spread);
  json.Key("samples").Int(result.samples);
  json.Key("iterations").Int(result.iterations);
  json.Key("bytes").NullableInt(result.bytes);
  json.Key("elements").NullableInt(result.elements);
  json.Key("element_bytes").NullableInt(result.element_bytes);
  json.Key("clock_mhz_seen").NullableInt(result.clock_mhz_seen);
  json.Key("verified").NullableBool(result.verified);
  std::string text = json.str();
  text += ",\"params\":";
  text += ParamsJson(result.params);
  text += '}';
  return text;
}

}  // namespace

std::string BenchReportJson(const BenchReport& report) {
  JsonWriter head;
  head.BeginObject();
  head.Key("format").Int(kBenchFormatVersion);
  head.Key("kind").String("bench");
  head.Key("backend").String(report.backend);
  head.Key("runtime_version").NullableInt(report.runtime_version);
  head.Key("driver_version").NullableInt(report.driver_version);
  head.Key("level").String(report.level);
  head.Key("interrupted").Bool(report.interrupted);
  head.Key("error").NullableString(report.error);
  head.Key("device");
  if (report.device) {
    WriteDevice(head, *report.device);
  } else {
    head.Null();
  }
  std::string out = head.str();
  out += ",\"benchmarks\":[";
  for (std::size_t i = 0; i < report.benchmarks.size(); ++i) {
    if (i > 0) out += ',';
    out += ResultJson(report.benchmarks[i]);
  }
  out += "],\"wall_seconds\":";
  out += JsonNumber(report.wall_seconds);
  out += ",\"elapsed_s\":";
  out += report.elapsed_seconds ? JsonNumber(*report.elapsed_seconds) : std::string("null");
  out += '}';
  return out;
}

}  // namespace rocm_doctor::hip_helper
