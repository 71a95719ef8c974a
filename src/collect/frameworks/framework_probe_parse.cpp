// SPDX-License-Identifier: MIT
#include "collect/frameworks/framework_probe_parse.h"

#include <algorithm>
#include <limits>
#include <nlohmann/json.hpp>
#include <utility>
#include <vector>

namespace rocm_doctor::framework {
namespace {

using json = nlohmann::json;

constexpr std::string_view kStagePrefix = "@rocm-doctor stage ";
constexpr std::string_view kReportPrefix = "@rocm-doctor report ";

std::string TypeName(const json& v) {
  if (v.is_number_integer()) return "integer";
  if (v.is_number_float()) return "number";
  return v.type_name();
}

std::size_t Depth(std::string_view text) {
  std::size_t depth = 0, max_depth = 0;
  bool in_string = false, escaped = false;
  for (char c : text) {
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      max_depth = std::max(max_depth, ++depth);
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return max_depth;
}

// Typed reads that keep the first error with its path.
class Reader {
 public:
  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }

  void Fail(const std::string& path, const std::string& what) {
    if (error_.empty()) error_ = path + ": " + what;
  }

  static std::string At(const std::string& path, std::string_view key) {
    return path.empty() ? std::string(key) : path + "." + std::string(key);
  }

  std::optional<std::string> String(const json& o, std::string_view key, const std::string& path) {
    auto it = o.find(key);
    if (it == o.end() || it->is_null()) return std::nullopt;
    if (!it->is_string()) {
      Fail(At(path, key), "expected a string or null, got " + TypeName(*it));
      return std::nullopt;
    }
    std::string value = it->get<std::string>();
    if (value.size() > kMaxProbeStrings) value.resize(kMaxProbeStrings);
    return value;
  }

  std::optional<bool> Bool(const json& o, std::string_view key, const std::string& path) {
    auto it = o.find(key);
    if (it == o.end() || it->is_null()) return std::nullopt;
    if (!it->is_boolean()) {
      Fail(At(path, key), "expected true, false or null, got " + TypeName(*it));
      return std::nullopt;
    }
    return it->get<bool>();
  }

  std::optional<double> Number(const json& o, std::string_view key, const std::string& path) {
    auto it = o.find(key);
    if (it == o.end() || it->is_null()) return std::nullopt;
    if (!it->is_number()) {
      Fail(At(path, key), "expected a number or null, got " + TypeName(*it));
      return std::nullopt;
    }
    return it->get<double>();
  }

  std::optional<std::int64_t> Count(const json& o, std::string_view key, const std::string& path) {
    auto it = o.find(key);
    if (it == o.end() || it->is_null()) return std::nullopt;
    if (!it->is_number_integer() ||
        (it->is_number_integer() && !it->is_number_unsigned() && it->get<std::int64_t>() < 0)) {
      Fail(At(path, key), "expected a count or null, got " + TypeName(*it));
      return std::nullopt;
    }
    const std::uint64_t value = it->get<std::uint64_t>();
    if (value > static_cast<std::uint64_t>(std::numeric_limits<std::int32_t>::max())) {
      Fail(At(path, key), it->dump() + " is out of range");
      return std::nullopt;
    }
    return static_cast<std::int64_t>(value);
  }

  const json* Array(const json& o, std::string_view key, const std::string& path) {
    auto it = o.find(key);
    if (it == o.end() || it->is_null()) return nullptr;
    if (!it->is_array()) {
      Fail(At(path, key), "expected an array or null, got " + TypeName(*it));
      return nullptr;
    }
    if (it->size() > kMaxProbeItems) {
      Fail(At(path, key),
           std::to_string(it->size()) + " entries, more than " + std::to_string(kMaxProbeItems));
      return nullptr;
    }
    return &*it;
  }

  const json* Object(const json& o, std::string_view key, const std::string& path) {
    auto it = o.find(key);
    if (it == o.end() || it->is_null()) return nullptr;
    if (!it->is_object()) {
      Fail(At(path, key), "expected an object or null, got " + TypeName(*it));
      return nullptr;
    }
    return &*it;
  }

  std::vector<std::string> Strings(const json& o, std::string_view key, const std::string& path) {
    std::vector<std::string> out;
    const json* array = Array(o, key, path);
    if (array == nullptr) return out;
    for (std::size_t i = 0; i < array->size(); ++i) {
      const json& item = (*array)[i];
      if (!item.is_string()) {
        Fail(At(path, key) + "[" + std::to_string(i) + "]",
             "expected a string, got " + TypeName(item));
        return out;
      }
      std::string value = item.get<std::string>();
      if (value.size() > kMaxProbeStrings) value.resize(kMaxProbeStrings);
      out.push_back(std::move(value));
    }
    return out;
  }

  std::optional<ProbeError> Error(const json& o, std::string_view key, const std::string& path) {
    const json* e = Object(o, key, path);
    if (e == nullptr) return std::nullopt;
    return ErrorOf(*e, At(path, key));
  }

  ProbeError ErrorOf(const json& e, const std::string& path) {
    ProbeError out;
    out.type = String(e, "type", path).value_or("");
    out.message = String(e, "message", path).value_or("");
    out.traceback = String(e, "traceback", path).value_or("");
    if (out.type.empty()) Fail(At(path, "type"), "missing");
    return out;
  }

 private:
  std::string error_;
};

}  // namespace

ProbeOutput ScanProbeOutput(std::string_view text) {
  ProbeOutput out;
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.substr(0, kStagePrefix.size()) == kStagePrefix) {
      out.stage = std::string(line.substr(kStagePrefix.size(), 64));
    } else if (line.substr(0, kReportPrefix.size()) == kReportPrefix) {
      out.report = std::string(line.substr(kReportPrefix.size()));
    }
  }
  return out;
}

Result<FrameworkProbeReport> ParseProbeReport(std::string_view text) {
  if (text.size() > kMaxProbeOutput) {
    return Error{"the report is " + std::to_string(text.size()) + " bytes, more than " +
                 std::to_string(kMaxProbeOutput)};
  }
  if (Depth(text) > kMaxProbeDepth) return Error{"the report nests deeper than expected"};
  json root = json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (root.is_discarded()) return Error{"the report is not valid JSON"};
  if (!root.is_object()) return Error{"the report is " + TypeName(root) + ", not an object"};

  Reader r;
  FrameworkProbeReport out;
  std::optional<std::int64_t> format = r.Count(root, "format", "");
  if (!format) return Error{"format: missing"};
  if (*format != kFrameworkProbeFormat) {
    return Error{"format " + std::to_string(*format) + " (this doctor reads format " +
                 std::to_string(kFrameworkProbeFormat) +
                 "): rocm-doctor and its recording are from different versions"};
  }
  out.format = static_cast<int>(*format);
  out.framework = r.String(root, "framework", "").value_or("");
  out.python_executable = r.String(root, "python_executable", "");
  out.python_version = r.String(root, "python_version", "");
  std::optional<bool> imported = r.Bool(root, "imported", "");
  if (!imported && r.ok()) r.Fail("imported", "missing");
  out.imported = imported.value_or(false);
  out.import_error = r.Error(root, "import_error", "");
  out.import_seconds = r.Number(root, "import_seconds", "");
  out.version = r.String(root, "version", "");
  out.file = r.String(root, "file", "");
  out.hip = r.String(root, "hip", "");
  out.cuda = r.String(root, "cuda", "");
  out.rocm_build = r.Bool(root, "rocm_build", "");
  out.cuda_build = r.Bool(root, "cuda_build", "");
  out.available = r.Bool(root, "available", "");
  out.device_count = r.Count(root, "device_count", "");
  if (r.Array(root, "arch_list", "") != nullptr) out.arch_list = r.Strings(root, "arch_list", "");
  out.backend = r.String(root, "backend", "");
  out.providers = r.Strings(root, "providers", "");
  out.warnings = r.Strings(root, "warnings", "");
  if (const json* devices = r.Array(root, "devices", "")) {
    for (std::size_t i = 0; i < devices->size(); ++i) {
      const std::string path = "devices[" + std::to_string(i) + "]";
      const json& d = (*devices)[i];
      if (!d.is_object()) {
        r.Fail(path, "expected an object, got " + TypeName(d));
        break;
      }
      ProbeDevice device;
      device.name = r.String(d, "name", path);
      device.arch = r.String(d, "arch", path);
      device.platform = r.String(d, "platform", path);
      device.error = r.Error(d, "error", path);
      out.devices.push_back(std::move(device));
    }
  }
  if (const json* op = r.Object(root, "op", "")) {
    ProbeOp o;
    o.device = r.String(*op, "device", "op").value_or("");
    o.result = r.Number(*op, "result", "op");
    o.expected = r.Number(*op, "expected", "op").value_or(o.expected);
    o.error = r.Error(*op, "error", "op");
    out.op = std::move(o);
  }
  if (const json* errors = r.Object(root, "errors", "")) {
    std::size_t n = 0;
    for (auto it = errors->begin(); it != errors->end() && n < kMaxProbeItems; ++it, ++n) {
      if (!it->is_object()) {
        r.Fail("errors." + it.key(), "expected an object, got " + TypeName(*it));
        break;
      }
      out.errors[it.key()] = r.ErrorOf(*it, "errors." + it.key());
    }
  }
  if (!r.ok()) return Error{r.error()};
  if (!out.imported && !out.import_error) {
    return Error{"imported is false and import_error is null: the report says nothing"};
  }
  return out;
}

}  // namespace rocm_doctor::framework
