// SPDX-License-Identifier: MIT
#include "collect/hip_probe/hip_probe_parse.h"

#include <algorithm>
#include <csignal>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <utility>
#include <vector>

#include "collect/common/json_reader.h"

namespace rocm_doctor {

std::string HipDevice::BaseArch() const {
  if (!arch) return {};
  return arch->substr(0, arch->find(':'));
}

std::string_view ToString(HipProbeState state) {
  switch (state) {
    case HipProbeState::kNotRecorded:
      return "not_recorded";
    case HipProbeState::kHelperMissing:
      return "helper_missing";
    case HipProbeState::kError:
      return "error";
    case HipProbeState::kTimedOut:
      return "timed_out";
    case HipProbeState::kCrashed:
      return "crashed";
    case HipProbeState::kBadOutput:
      return "bad_output";
    case HipProbeState::kParsed:
      return "parsed";
  }
  return "not_recorded";
}

std::string FormatRuntimeVersion(std::int64_t version, std::string_view backend) {
  if (version < 0) return std::to_string(version);
  if (backend == "cuda") {
    return std::to_string(version / 1000) + "." + std::to_string((version % 1000) / 10);
  }
  return std::to_string(version / 10000000) + "." + std::to_string((version / 100000) % 100) + "." +
         std::to_string(version % 100000);
}

namespace parse {
namespace {

using nlohmann::json;

std::string TypeName(const json& value) { return JsonTypeName(value); }

// Typed reads (src/collect/common/json_reader.h) plus the probe's error objects.
class Reader : public JsonFieldReader {
 public:
  explicit Reader(std::string* error) : JsonFieldReader(error, kMaxHipStringBytes) {}

  std::optional<HipError> ReadError(const json& object, const char* key, const std::string& path) {
    const json* e = Object(object, key, path);
    if (e == nullptr) return std::nullopt;
    const std::string where = Join(path, key);
    HipError error;
    std::optional<std::int64_t> code;
    std::optional<std::string> name, message, call;
    Int(*e, "code", where, &code, false, std::numeric_limits<std::int64_t>::min());
    String(*e, "name", where, &name, true);
    String(*e, "message", where, &message);
    String(*e, "call", where, &call);
    error.code = code.value_or(0);
    error.name = name.value_or("");
    error.message = message.value_or("");
    error.call = call.value_or("");
    return error;
  }
};

std::optional<HipSmoke> ReadSmoke(Reader& r, const json& device, const std::string& path) {
  const json* s = r.Object(device, "smoke", path);
  if (s == nullptr) return std::nullopt;
  const std::string where = Reader::Join(path, "smoke");
  HipSmoke smoke;
  std::optional<bool> ok;
  r.Bool(*s, "ok", where, &ok, true);
  smoke.ok = ok.value_or(false);
  r.Number(*s, "kernel_ms", where, &smoke.kernel_ms);
  smoke.error = r.ReadError(*s, "error", where);
  if (const json* m = r.Object(*s, "mismatch", where)) {
    const std::string mpath = Reader::Join(where, "mismatch");
    std::optional<std::int64_t> index, expected, got, count;
    r.Int(*m, "index", mpath, &index, true);
    r.Int(*m, "expected", mpath, &expected, true);
    r.Int(*m, "got", mpath, &got, true);
    r.Int(*m, "count", mpath, &count, true);
    smoke.mismatch = HipSmokeMismatch{index.value_or(0), expected.value_or(0), got.value_or(0),
                                      count.value_or(0)};
  }
  std::optional<std::int64_t> checked;
  r.Int(*s, "checked_elements", where, &checked);
  smoke.checked_elements = checked.value_or(0);
  return smoke;
}

HipDevice ReadDevice(Reader& r, const json& d, const std::string& path) {
  HipDevice device;
  std::optional<std::int64_t> index;
  r.Int(d, "index", path, &index, true, 0, static_cast<std::int64_t>(kMaxHipDevices));
  device.index = index.value_or(0);
  r.String(d, "name", path, &device.name);
  r.String(d, "arch", path, &device.arch);
  r.Int(d, "compute_units", path, &device.compute_units);
  r.Int(d, "total_memory_bytes", path, &device.total_memory_bytes);
  r.Int(d, "clock_khz", path, &device.clock_khz);
  r.Int(d, "memory_clock_khz", path, &device.memory_clock_khz);
  r.Int(d, "memory_bus_width_bits", path, &device.memory_bus_width_bits);
  r.String(d, "pci_bdf", path, &device.pci_bdf);
  r.Bool(d, "large_bar", path, &device.large_bar);
  device.error = r.ReadError(d, "error", path);
  device.smoke = ReadSmoke(r, d, path);
  return device;
}

}  // namespace

Result<HipProbeReport> ParseHipProbeJson(std::string_view text) {
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    return Error{"no output (expected one JSON object)"};
  }
  if (text.size() > kMaxHipProbeBytes) {
    return Error{"output of " + std::to_string(text.size()) + " bytes is larger than " +
                 std::to_string(kMaxHipProbeBytes) + " (not the helper's JSON)"};
  }
  if (JsonNestingDepth(text) > kMaxHipJsonDepth) {
    return Error{"JSON nested deeper than " + std::to_string(kMaxHipJsonDepth) + " levels"};
  }
  json root;
  try {
    root = json::parse(text.begin(), text.end());
  } catch (const json::exception& e) {
    return Error{std::string("not valid JSON: ") + e.what()};
  }
  if (!root.is_object()) return Error{"expected a JSON object, got " + TypeName(root)};

  std::string error;
  Reader r(&error);
  HipProbeReport report;
  std::optional<std::string> helper;
  r.String(root, "helper", "", &helper, true);
  if (r.ok() && *helper != "rocm-doctor-hip") {
    r.Fail("helper", "\"" + *helper + "\", expected \"rocm-doctor-hip\"");
  }
  std::optional<std::int64_t> version;
  r.Int(root, "version", "", &version, true, 0, std::numeric_limits<int>::max());
  if (r.ok() && *version != kHipProbeFormatVersion) {
    r.Fail("version", "JSON format " + std::to_string(*version) + "; this rocm-doctor reads " +
                          "format " + std::to_string(kHipProbeFormatVersion) +
                          " (rocm-doctor and rocm-doctor-hip are from different versions)");
  }
  if (!r.ok()) return Error{error};
  report.format_version = static_cast<int>(*version);

  std::optional<std::string> backend;
  r.String(root, "backend", "", &backend);
  report.backend = backend.value_or("");
  if (auto it = root.find("targets"); it != root.end() && !it->is_null()) {
    if (!it->is_array()) {
      r.Fail("targets", "expected an array, got " + TypeName(*it));
    } else {
      for (std::size_t i = 0; i < it->size() && i < kMaxHipDevices; ++i) {
        const json& t = (*it)[i];
        if (!t.is_string()) {
          r.Fail("targets[" + std::to_string(i) + "]", "expected a string, got " + TypeName(t));
          break;
        }
        report.targets.push_back(t.get<std::string>().substr(0, kMaxHipStringBytes));
      }
    }
  }
  r.Int(root, "runtime_version", "", &report.runtime_version);
  r.Int(root, "driver_version", "", &report.driver_version);
  std::optional<std::int64_t> count;
  r.Int(root, "device_count", "", &count, true, 0, static_cast<std::int64_t>(kMaxHipDevices));
  report.device_count = count.value_or(0);
  report.error = r.ReadError(root, "error", "");

  auto devices = root.find("devices");
  if (devices == root.end() || !devices->is_array()) {
    r.Fail("devices",
           devices == root.end() ? "missing" : "expected an array, got " + TypeName(*devices));
  } else if (devices->size() > kMaxHipDevices) {
    r.Fail("devices", std::to_string(devices->size()) + " entries, more than " +
                          std::to_string(kMaxHipDevices));
  } else {
    for (std::size_t i = 0; i < devices->size() && r.ok(); ++i) {
      const std::string path = "devices[" + std::to_string(i) + "]";
      const json& d = (*devices)[i];
      if (!d.is_object()) {
        r.Fail(path, "expected an object, got " + TypeName(d));
        break;
      }
      report.devices.push_back(ReadDevice(r, d, path));
    }
  }
  if (!r.ok()) return Error{error};
  return report;
}

std::string PrintableExcerpt(std::string_view bytes, std::size_t max_bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  const std::size_t n = std::min(bytes.size(), max_bytes);
  for (std::size_t i = 0; i < n; ++i) {
    const auto c = static_cast<unsigned char>(bytes[i]);
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else if (c == '\n' || c == '\t') {
      out += c == '\n' ? "\\n" : "\\t";
    } else {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 0xf];
    }
  }
  if (bytes.size() > max_bytes) out += "...";
  return out;
}

std::string TailLines(std::string_view text, std::size_t max_lines, std::size_t max_bytes) {
  std::vector<std::string_view> lines;
  std::size_t end = text.size();
  while (end > 0 && lines.size() < max_lines) {
    std::size_t start = text.rfind('\n', end - 1);
    start = start == std::string_view::npos ? 0 : start + 1;
    std::string_view line = text.substr(start, end - start);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
    if (!line.empty()) lines.push_back(line);
    if (start == 0) break;
    end = start - 1;
  }
  std::string out;
  for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
    if (!out.empty()) out += " | ";
    out += PrintableExcerpt(*it, max_bytes);
  }
  if (out.size() > max_bytes) out = "..." + out.substr(out.size() - max_bytes);
  return out;
}

std::string SignalName(int signal) {
  switch (signal) {
    case SIGSEGV:
      return "SIGSEGV";
    case SIGABRT:
      return "SIGABRT";
    case SIGBUS:
      return "SIGBUS";
    case SIGILL:
      return "SIGILL";
    case SIGFPE:
      return "SIGFPE";
    case SIGKILL:
      return "SIGKILL";
    case SIGTERM:
      return "SIGTERM";
    case SIGTRAP:
      return "SIGTRAP";
    case SIGPIPE:
      return "SIGPIPE";
    case SIGINT:
      return "SIGINT";
    case SIGQUIT:
      return "SIGQUIT";
    case SIGHUP:
      return "SIGHUP";
    case SIGSYS:
      return "SIGSYS";
    case SIGXCPU:
      return "SIGXCPU";
    default:
      return "signal " + std::to_string(signal);
  }
}

}  // namespace parse
}  // namespace rocm_doctor
