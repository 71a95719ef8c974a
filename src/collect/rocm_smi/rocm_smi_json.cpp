// SPDX-License-Identifier: MIT
#include "collect/rocm_smi/rocm_smi_json.h"

#include <nlohmann/json.hpp>

#include "collect/rocm_smi/rocm_smi_probe.h"
#include "base/text_parse.h"

namespace rocm_doctor::rocm_smi {
namespace {

using nlohmann::json;

constexpr std::size_t kMaxAttempts = 64;
constexpr std::size_t kMaxText = 1000;  // characters kept of any string from the child

template <class T>
json OrNull(const std::optional<T>& value) {
  return value ? json(*value) : json(nullptr);
}

json StatusJson(const std::optional<RsmiStatus>& status) {
  if (!status) return nullptr;
  return {{"code", status->code}, {"name", status->name}, {"message", status->message}};
}

json DeviceJson(const RsmiDevice& d) {
  json ecc = nullptr;
  if (d.ecc_umc) {
    ecc = {{"correctable", d.ecc_umc->correctable}, {"uncorrectable", d.ecc_umc->uncorrectable}};
  }
  return {{"index", d.index},
          {"device_id", OrNull(d.device_id)},
          {"name", OrNull(d.name)},
          {"bdfid", OrNull(d.bdfid)},
          {"pci_bdf", OrNull(d.pci_bdf)},
          {"vbios_version", OrNull(d.vbios_version)},
          {"power_cap_uw", OrNull(d.power_cap_uw)},
          {"vram_total_bytes", OrNull(d.vram_total_bytes)},
          {"firmware", d.firmware},
          {"ecc_umc", ecc},
          {"errors", d.errors}};
}

// Reading: each helper checks the type and bounds of one field; an error names the field.
class Reader {
 public:
  explicit Reader(std::string where) : where_(std::move(where)) {}
  const std::string& error() const { return error_; }
  bool ok() const { return error_.empty(); }

  std::optional<std::string> Text(const json& obj, const char* key) {
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) return std::nullopt;
    if (!it->is_string()) {
      Fail(key, "is not a string");

      return std::nullopt;
    }
    return parse::Printable(it->get<std::string>(), kMaxText);
  }
  template <class T>
  std::optional<T> Number(const json& obj, const char* key) {
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) return std::nullopt;
    if (!it->is_number_integer()) {
      Fail(key, "is not an integer");

      return std::nullopt;
    }
    if constexpr (std::is_unsigned_v<T>) {
      if (!it->is_number_unsigned()) {
        Fail(key, "is negative");

        return std::nullopt;
      }
    }
    return it->get<T>();
  }
  std::optional<RsmiStatus> Status(const json& obj, const char* key) {
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) return std::nullopt;
    if (!it->is_object()) {
      Fail(key, "is not an object");

      return std::nullopt;
    }
    RsmiStatus s;
    std::optional<std::int64_t> code = Number<std::int64_t>(*it, "code");
    std::optional<std::string> name = Text(*it, "name");
    if (!code || !name) {
      Fail(key, "lacks an integer code and a name");

      return std::nullopt;
    }
    s.code = *code;
    s.name = *name;
    s.message = Text(*it, "message").value_or("");
    return s;
  }
  void Fail(const char* key, const std::string& what) {
    if (error_.empty()) error_ = where_ + "\"" + key + "\" " + what;
  }
  void SetWhere(std::string where) { where_ = std::move(where); }

 private:
  std::string where_;
  std::string error_;
};

bool ReadDevice(const json& entry, Reader& r, RsmiDevice& d) {
  if (!entry.is_object()) {
    r.Fail("devices", "holds something other than an object");
    return false;
  }
  std::optional<std::int64_t> index = r.Number<std::int64_t>(entry, "index");
  if (!index) {
    r.Fail("index", "is missing");
    return false;
  }
  d.index = *index;
  d.device_id = r.Number<std::int64_t>(entry, "device_id");
  d.name = r.Text(entry, "name");
  d.bdfid = r.Number<std::uint64_t>(entry, "bdfid");
  d.pci_bdf = r.Text(entry, "pci_bdf");
  d.vbios_version = r.Text(entry, "vbios_version");
  d.power_cap_uw = r.Number<std::uint64_t>(entry, "power_cap_uw");
  d.vram_total_bytes = r.Number<std::uint64_t>(entry, "vram_total_bytes");
  if (auto fw = entry.find("firmware"); fw != entry.end() && !fw->is_null()) {
    if (!fw->is_object()) {
      r.Fail("firmware", "is not an object");

      return false;
    }
    for (const auto& [block, value] : fw->items()) {
      if (!value.is_number_unsigned()) {
        r.Fail("firmware", "holds a non-number");

        return false;
      }
      d.firmware[parse::Printable(block, 40)] = value.get<std::uint64_t>();
    }
  }
  if (auto ecc = entry.find("ecc_umc"); ecc != entry.end() && !ecc->is_null()) {
    std::optional<std::uint64_t> ce = r.Number<std::uint64_t>(*ecc, "correctable");
    std::optional<std::uint64_t> ue = r.Number<std::uint64_t>(*ecc, "uncorrectable");
    if (!ce || !ue) {
      r.Fail("ecc_umc", "lacks its two counters");

      return false;
    }
    d.ecc_umc = RsmiErrorCount{*ce, *ue};
  }
  if (auto errors = entry.find("errors"); errors != entry.end() && !errors->is_null()) {
    if (!errors->is_object()) {
      r.Fail("errors", "is not an object");

      return false;
    }
    for (const auto& [call, name] : errors->items()) {
      if (!name.is_string()) {
        r.Fail("errors", "holds a non-string");

        return false;
      }
      d.errors[parse::Printable(call, 80)] = parse::Printable(name.get<std::string>(), 80);
    }
  }
  return r.ok();
}

}  // namespace

std::string ReportJson(const RocmSmiReport& report) {
  json attempts = json::array();
  for (const RsmiLoadAttempt& a : report.attempts) {
    attempts.push_back(
        {{"library", a.library}, {"error", a.error.empty() ? json(nullptr) : json(a.error)}});
  }
  json devices = json::array();
  for (const RsmiDevice& d : report.devices) devices.push_back(DeviceJson(d));
  json doc = {{"probe", kRocmSmiProbe},
              {"format", report.format_version},
              {"attempts", attempts},
              {"library", report.library.empty() ? json(nullptr) : json(report.library)},
              {"missing_symbols", report.missing_symbols},
              {"library_version", OrNull(report.library_version)},
              {"library_build", OrNull(report.library_build)},
              {"driver_version", OrNull(report.driver_version)},
              {"init", StatusJson(report.init)},
              {"device_count", OrNull(report.device_count)},
              {"count_error", StatusJson(report.count_error)},
              {"devices", devices}};
  // dlerror() and library strings are not guaranteed UTF-8: replace bad bytes, never throw.
  return doc.dump(-1, ' ', false, json::error_handler_t::replace);
}

Result<RocmSmiReport> ParseReport(std::string_view text) {
  json doc = json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return Error{"output is not JSON"};
  if (!doc.is_object()) return Error{"output is not a JSON object"};
  auto probe = doc.find("probe");
  if (probe == doc.end() || !probe->is_string() || probe->get<std::string>() != kRocmSmiProbe) {
    return Error{"output is not the rocm-smi probe's (no \"probe\": \"rocm-smi\")"};
  }
  Reader r("");
  RocmSmiReport report;
  std::optional<int> format = r.Number<int>(doc, "format");
  if (!format) return Error{"output has no integer \"format\""};
  if (*format != kRocmSmiFormat) {
    return Error{"format " + std::to_string(*format) + " (this rocm-doctor reads format " +
                 std::to_string(kRocmSmiFormat) + ")"};
  }
  report.format_version = *format;
  if (auto attempts = doc.find("attempts"); attempts != doc.end()) {
    if (!attempts->is_array() || attempts->size() > kMaxAttempts) {
      return Error{"\"attempts\" is not an array of at most 64 entries"};
    }
    for (const json& a : *attempts) {
      if (!a.is_object()) return Error{"an attempt is not an object"};
      std::optional<std::string> library = r.Text(a, "library");
      if (!library) return Error{"an attempt has no \"library\""};
      report.attempts.push_back({*library, r.Text(a, "error").value_or("")});
    }
  }
  report.library = r.Text(doc, "library").value_or("");
  if (auto missing = doc.find("missing_symbols"); missing != doc.end() && !missing->is_null()) {
    if (!missing->is_array()) return Error{"\"missing_symbols\" is not an array"};
    for (const json& m : *missing) {
      if (!m.is_string()) return Error{"\"missing_symbols\" holds a non-string"};
      report.missing_symbols.push_back(parse::Printable(m.get<std::string>(), 80));
    }
  }
  report.library_version = r.Text(doc, "library_version");
  report.library_build = r.Text(doc, "library_build");
  report.driver_version = r.Text(doc, "driver_version");
  report.init = r.Status(doc, "init");
  report.device_count = r.Number<std::int64_t>(doc, "device_count");
  report.count_error = r.Status(doc, "count_error");
  if (!r.ok()) return Error{r.error()};
  if (report.device_count && (*report.device_count < 0 || *report.device_count > 4096)) {
    return Error{"\"device_count\" " + std::to_string(*report.device_count) + " is out of range"};
  }
  auto devices = doc.find("devices");
  if (devices != doc.end() && !devices->is_null()) {
    if (!devices->is_array() || devices->size() > kMaxDevices) {
      return Error{"\"devices\" is not an array of at most " + std::to_string(kMaxDevices) +
                   " entries"};
    }
    for (std::size_t i = 0; i < devices->size(); ++i) {
      r.SetWhere("device " + std::to_string(i) + ": ");
      RsmiDevice d;
      if (!ReadDevice((*devices)[i], r, d)) return Error{r.error()};
      report.devices.push_back(std::move(d));
    }
  }
  return report;
}

}  // namespace rocm_doctor::rocm_smi
