// SPDX-License-Identifier: MIT
#include "collect/bench/hip_bench_parse.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <utility>

#include "collect/common/json_reader.h"

namespace rocm_doctor::parse {
namespace {

using nlohmann::json;

constexpr std::string_view kUnits[] = {"B/s", "FLOP/s", "OP/s", "s", "launch/s", "errors"};
// params keys read into typed fields (ReadTyped), allowed a larger JSON text than other values.
constexpr std::string_view kStructuredParams[] = {"telemetry", "blas", "first_wrong"};
constexpr std::string_view kLevels[] = {"quick", "standard", "stress"};

bool IsOneOf(std::string_view value, std::span<const std::string_view> choices) {
  for (std::string_view c : choices) {
    if (c == value) return true;
  }
  return false;
}

std::string Choices(std::span<const std::string_view> choices) {
  std::string text;
  for (std::string_view c : choices) text += (text.empty() ? "" : ", ") + std::string(c);
  return text;
}

std::optional<MeasurementStatus> StatusFrom(std::string_view text) {
  for (auto s : {MeasurementStatus::kOk, MeasurementStatus::kSkipped, MeasurementStatus::kFailed,
                 MeasurementStatus::kVerifyFailed, MeasurementStatus::kTimeout}) {
    if (ToString(s) == text) return s;
  }
  return std::nullopt;
}

// "memory.triad": a family and a name of [a-z0-9_], as the helper's stable names are.
bool IsBenchName(std::string_view name) {
  const std::size_t dot = name.find('.');
  if (dot == 0 || dot == std::string_view::npos || dot + 1 == name.size()) return false;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    const bool word = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    if (!word && !(c == '.' && i == dot)) return false;
  }
  return name.size() <= 64;
}

class BenchReader : public JsonFieldReader {
 public:
  explicit BenchReader(std::string* error) : JsonFieldReader(error, kMaxBenchStringBytes) {}

  // A finite number >= 0 (rates, times, counts and fractions are never negative).
  bool Figure(const json& object, const char* key, const std::string& path,
              std::optional<double>* out) {
    if (!Number(object, key, path, out)) return false;
    if (*out && (!std::isfinite(**out) || **out < 0)) {
      return Fail(Join(path, key), object.at(key).dump() + " is out of range");
    }
    return true;
  }

  // params: each value kept as compact JSON text, bounded.
  bool Params(const json& object, const std::string& path,
              std::map<std::string, std::string>* out) {
    const json* params = Object(object, "params", path);
    if (params == nullptr) return ok();
    const std::string where = Join(path, "params");
    if (params->size() > kMaxBenchParams) {
      return Fail(where, std::to_string(params->size()) + " entries, more than " +
                             std::to_string(kMaxBenchParams));
    }
    for (const auto& [key, value] : params->items()) {
      if (key.empty() || key.size() > 64)
        return Fail(where, "a key of " + std::to_string(key.size()) + " bytes");
      std::string text;
      if (value.is_string()) {
        text = json(value.get<std::string>().substr(0, kMaxBenchStringBytes))
                   .dump(-1, ' ', false, json::error_handler_t::replace);
      } else if (value.is_array()) {
        // A long list (first bad addresses) keeps its first elements.
        json kept = json::array();
        std::size_t size = 2;
        for (const json& element : value) {
          const std::size_t element_size = element.dump().size() + 1;
          if (size + element_size > kMaxBenchParamBytes) break;
          size += element_size;
          kept.push_back(element);
        }
        text = kept.dump();
      } else {
        text = value.dump();
        const std::size_t limit = IsOneOf(key, kStructuredParams) ? kMaxBenchStructuredParamBytes
                                                                  : kMaxBenchParamBytes;
        if (text.size() > limit) {
          return Fail(where + "." + key,
                      "more than " + std::to_string(limit) + " bytes");
        }
      }
      (*out)[key] = std::move(text);
    }
    return true;
  }
};

// {"min", "median", "max"} of one telemetry reading; null as a whole or per key.
std::optional<TelemetryRange> ReadRange(BenchReader& r, const json& object, const char* key,
                                        const std::string& path) {
  const json* range = r.Object(object, key, path);
  if (range == nullptr) return std::nullopt;
  const std::string where = path + "." + key;
  TelemetryRange out;
  r.Number(*range, "min", where, &out.min);
  r.Number(*range, "median", where, &out.median);
  r.Number(*range, "max", where, &out.max);
  return out;
}

// params.telemetry (docs/hip-helper.md "Telemetry").
std::optional<BenchTelemetry> ReadTelemetry(BenchReader& r, const json& params,
                                            const std::string& path) {
  const json* t = r.Object(params, "telemetry", path);
  if (t == nullptr) return std::nullopt;
  const std::string where = path + ".telemetry";
  BenchTelemetry out;
  r.String(*t, "source", where, &out.source);
  r.Int(*t, "interval_ms", where, &out.interval_ms);
  r.Int(*t, "count", where, &out.count);
  out.power_w = ReadRange(r, *t, "power_w", where);
  r.Figure(*t, "power_limit_w", where, &out.power_limit_w);
  out.temperature_c = ReadRange(r, *t, "temperature_c", where);
  out.memory_temperature_c = ReadRange(r, *t, "memory_temperature_c", where);
  out.sclk_mhz = ReadRange(r, *t, "sclk_mhz", where);
  out.mclk_mhz = ReadRange(r, *t, "mclk_mhz", where);
  r.String(*t, "error", where, &out.error);
  if (auto it = t->find("throttle"); it != t->end() && !it->is_null()) {
    if (!it->is_array()) {
      r.Fail(where + ".throttle", "expected an array, got " + JsonTypeName(*it));
      return out;
    }
    for (std::size_t i = 0; i < it->size() && i < kMaxBenchParams && r.ok(); ++i) {
      const std::string at = where + ".throttle[" + std::to_string(i) + "]";
      const json& entry = (*it)[i];
      if (!entry.is_object()) {
        r.Fail(at, "expected an object, got " + JsonTypeName(entry));
        break;
      }
      std::optional<std::string> reason, raw;
      std::optional<double> fraction;
      r.String(entry, "reason", at, &reason, true);
      r.Figure(entry, "fraction", at, &fraction);
      r.String(entry, "raw", at, &raw);
      if (r.ok() && fraction && *fraction > 1) r.Fail(at + ".fraction", "more than 1");
      out.throttle.push_back({reason.value_or(""), fraction.value_or(0), raw.value_or("")});
    }
  }
  return out;
}

// params.blas: the library loaded (null: none could be) and every one tried with its dlerror.
std::optional<BenchBlas> ReadBlas(BenchReader& r, const json& params, const std::string& path) {
  const json* b = r.Object(params, "blas", path);
  if (b == nullptr) return std::nullopt;
  const std::string where = path + ".blas";
  BenchBlas out;
  r.String(*b, "loaded", where, &out.loaded);
  r.Int(*b, "version", where, &out.version, false, 0, std::numeric_limits<std::int64_t>::max());
  r.String(*b, "api", where, &out.api);
  if (auto it = b->find("tried"); it != b->end() && !it->is_null()) {
    if (!it->is_array()) {
      r.Fail(where + ".tried", "expected an array, got " + JsonTypeName(*it));
      return out;
    }
    for (std::size_t i = 0; i < it->size() && i < kMaxBenchParams && r.ok(); ++i) {
      const std::string at = where + ".tried[" + std::to_string(i) + "]";
      const json& entry = (*it)[i];
      if (!entry.is_object()) {
        r.Fail(at, "expected an object, got " + JsonTypeName(entry));
        break;
      }
      std::optional<std::string> library, error;
      r.String(entry, "library", at, &library, true);
      r.String(entry, "error", at, &error);
      out.tried.push_back({library.value_or(""), error});
    }
  }
  return out;
}

std::optional<BenchDevice> ReadDevice(BenchReader& r, const json& root) {
  const json* d = r.Object(root, "device", "");
  if (d == nullptr) return std::nullopt;
  const std::string path = "device";
  BenchDevice device;
  std::optional<std::int64_t> index;
  r.Int(*d, "index", path, &index, true, 0, 4096);
  device.index = index.value_or(0);
  r.String(*d, "name", path, &device.name);
  r.String(*d, "arch", path, &device.arch);
  r.String(*d, "pci_bus_id", path, &device.pci_bus_id);
  r.Int(*d, "compute_units", path, &device.compute_units);
  r.Int(*d, "clock_mhz", path, &device.clock_mhz);
  r.Int(*d, "memory_clock_mhz", path, &device.memory_clock_mhz);
  r.Int(*d, "memory_bus_width_bits", path, &device.memory_bus_width_bits);
  r.Int(*d, "total_bytes", path, &device.total_bytes);
  r.Int(*d, "free_bytes", path, &device.free_bytes);
  r.Int(*d, "numa_node", path, &device.numa_node, false, 0, 1 << 20);
  return device;
}

// best, median and worst in the order the unit implies: higher is better for rates, lower for
// times; equal for error counts.
bool CheckOrder(BenchReader& r, const Measurement& m, const std::string& path) {
  if (!m.best || !m.median || !m.worst) return true;
  const double slack = 1e-9 * std::max({*m.best, *m.median, *m.worst, 1e-300});
  const bool lower_is_better = m.unit == "s";
  const double good = lower_is_better ? -*m.best : *m.best;
  const double mid = lower_is_better ? -*m.median : *m.median;
  const double bad = lower_is_better ? -*m.worst : *m.worst;
  if (good + slack < mid || mid + slack < bad) {
    return r.Fail(path, std::string("best, median and worst are out of order for unit ") + m.unit +
                            " (" + (lower_is_better ? "lower" : "higher") + " is better)");
  }
  return true;
}

Measurement ReadMeasurement(BenchReader& r, const json& b, const std::string& path) {
  Measurement m;
  std::optional<std::string> name, status, unit;
  r.String(b, "name", path, &name, true);
  if (r.ok() && !IsBenchName(*name)) {
    r.Fail(path + ".name", "\"" + *name + "\" is not a benchmark name (family.name)");
  }
  m.name = name.value_or("");
  r.String(b, "status", path, &status, true);
  if (r.ok()) {
    if (auto s = StatusFrom(*status)) {
      m.status = *s;
    } else {
      r.Fail(path + ".status",
             "\"" + *status + "\", expected ok, skipped, failed, verify_failed or timeout");
    }
  }
  r.String(b, "reason", path, &m.reason);
  r.String(b, "unit", path, &unit, true);
  if (r.ok() && !IsOneOf(*unit, kUnits)) {
    r.Fail(path + ".unit", "\"" + *unit + "\", expected one of " + Choices(kUnits));
  }
  m.unit = unit.value_or("");
  r.Figure(b, "best", path, &m.best);
  r.Figure(b, "median", path, &m.median);
  r.Figure(b, "worst", path, &m.worst);
  r.Figure(b, "spread", path, &m.spread);
  r.Int(b, "samples", path, &m.samples);
  r.Int(b, "iterations", path, &m.iterations);
  r.Int(b, "bytes", path, &m.bytes);
  r.Int(b, "elements", path, &m.elements);
  r.Int(b, "element_bytes", path, &m.element_bytes);
  r.Int(b, "clock_mhz_seen", path, &m.clock_mhz_seen);
  r.Bool(b, "verified", path, &m.verified);
  r.Params(b, path, &m.params);
  if (const json* params = r.ok() ? r.Object(b, "params", path) : nullptr) {
    const std::string where = path + ".params";
    m.telemetry = ReadTelemetry(r, *params, where);
    m.blas = ReadBlas(r, *params, where);
    r.Int(*params, "sustained_clock_mhz", where, &m.sustained_clock_mhz);
  }
  if (r.ok() && m.status == MeasurementStatus::kOk && !m.median) {
    r.Fail(path + ".median", "null for a benchmark with status ok");
  }
  if (r.ok()) CheckOrder(r, m, path);
  return m;
}

}  // namespace

Result<BenchReport> ParseHipBenchJson(std::string_view text) {
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    return Error{"no output (expected one JSON object)"};
  }
  if (text.size() > kMaxBenchBytes) {
    return Error{"output of " + std::to_string(text.size()) + " bytes is larger than " +
                 std::to_string(kMaxBenchBytes) + " (not the helper's JSON)"};
  }
  if (JsonNestingDepth(text) > kMaxBenchJsonDepth) {
    return Error{"JSON nested deeper than " + std::to_string(kMaxBenchJsonDepth) + " levels"};
  }
  json root;
  try {
    root = json::parse(text.begin(), text.end());
  } catch (const json::exception& e) {
    return Error{std::string("not valid JSON: ") + e.what()};
  }
  if (!root.is_object()) return Error{"expected a JSON object, got " + JsonTypeName(root)};

  std::string error;
  BenchReader r(&error);
  BenchReport report;
  std::optional<std::int64_t> format;
  r.Int(root, "format", "", &format, true, 0, std::numeric_limits<int>::max());
  if (r.ok() && *format != kBenchFormatVersion) {
    r.Fail("format", "JSON format " + std::to_string(*format) + "; this rocm-doctor reads " +
                         "format " + std::to_string(kBenchFormatVersion) +
                         " (rocm-doctor and rocm-doctor-hip are from different versions)");
  }
  std::optional<std::string> kind;
  r.String(root, "kind", "", &kind, true);
  if (r.ok() && *kind != "bench") r.Fail("kind", "\"" + *kind + "\", expected \"bench\"");
  if (!r.ok()) return Error{error};
  report.format_version = static_cast<int>(*format);

  std::optional<std::string> backend, level;
  r.String(root, "backend", "", &backend, true);
  if (r.ok() && *backend != "hip" && *backend != "cuda") {
    r.Fail("backend", "\"" + *backend + "\", expected \"hip\" or \"cuda\"");
  }
  report.backend = backend.value_or("");
  r.Int(root, "runtime_version", "", &report.runtime_version);
  r.Int(root, "driver_version", "", &report.driver_version);
  r.String(root, "level", "", &level, true);
  if (r.ok() && !IsOneOf(*level, kLevels)) {
    r.Fail("level", "\"" + *level + "\", expected one of " + Choices(kLevels));
  }
  // Kept in the doctor's words (facts/bench.h): the report says "at the standard level" for
  // the helper's quick run, as the user asked for it.
  const std::optional<BenchLevel> ran = level ? BenchLevelFromHelper(*level) : std::nullopt;
  report.level = ran ? std::string(ToString(*ran)) : level.value_or("");
  std::optional<bool> interrupted;
  r.Bool(root, "interrupted", "", &interrupted, true);
  report.interrupted = interrupted.value_or(false);
  r.String(root, "error", "", &report.error);
  report.device = ReadDevice(r, root);
  std::optional<double> wall;
  r.Figure(root, "wall_seconds", "", &wall);
  report.wall_seconds = wall;
  r.Figure(root, "elapsed_s", "", &report.elapsed_seconds);

  auto benchmarks = root.find("benchmarks");
  if (benchmarks == root.end() || !benchmarks->is_array()) {
    r.Fail("benchmarks", benchmarks == root.end()
                             ? "missing"
                             : "expected an array, got " + JsonTypeName(*benchmarks));
  } else if (benchmarks->size() > kMaxBenchmarks) {
    r.Fail("benchmarks", std::to_string(benchmarks->size()) + " entries, more than " +
                             std::to_string(kMaxBenchmarks));
  } else {
    std::set<std::string> seen;
    for (std::size_t i = 0; i < benchmarks->size() && r.ok(); ++i) {
      const std::string path = "benchmarks[" + std::to_string(i) + "]";
      const json& b = (*benchmarks)[i];
      if (!b.is_object()) {
        r.Fail(path, "expected an object, got " + JsonTypeName(b));
        break;
      }
      Measurement m = ReadMeasurement(r, b, path);
      if (r.ok() && !seen.insert(m.name).second) {
        r.Fail(path + ".name", "\"" + m.name + "\" appears twice");
      }
      report.benchmarks.push_back(std::move(m));
    }
  }
  if (r.ok() && !report.error && !report.device && !report.benchmarks.empty()) {
    r.Fail("device", "null, yet benchmarks were measured and no error is given");
  }
  if (!r.ok()) return Error{error};
  return report;
}

}  // namespace rocm_doctor::parse
