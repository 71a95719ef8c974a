// SPDX-License-Identifier: MIT
// collective_floors::Parse / Find: the CSV format of checks/data/collective_floors.csv
// (checks/data/README.md). One record per line, so every error names the line.
#include "knowledge/collective_floors.h"

#include <cctype>

#include "base/text_parse.h"
#include "knowledge/gpu_table_parse.h"

namespace rocm_doctor {
namespace data {
extern const std::string_view kCollectiveFloorsCsv;  // checks/data/collective_floors.csv
}  // namespace data

namespace collective_floors {
namespace {

constexpr std::string_view kColumns[] = {"gpu",           "gpus",          "benchmark",
                                         "min_busbw_gbs", "message_bytes", "source"};
constexpr std::size_t kMaxRows = 1000;

bool WordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-'; }

}  // namespace

Result<std::vector<Floor>> Parse(std::string_view csv, const std::string& origin) {
  std::vector<Floor> floors;
  bool header = false;
  int number = 0;
  std::size_t pos = 0;
  while (pos < csv.size()) {
    std::size_t end = csv.find('\n', pos);
    if (end == std::string_view::npos) end = csv.size();
    std::string_view text = csv.substr(pos, end - pos);
    pos = end + 1;
    ++number;
    if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
    if (parse::Trim(text).empty() || parse::Trim(text).front() == '#') continue;
    const std::string where = origin + ":" + std::to_string(number) + ": ";
    auto records = gpu_table::ParseCsv(text);
    if (records.size() != 1 || !records[0]) return Error{where + "not one CSV record"};
    const std::vector<std::string>& f = *records[0];
    if (!header) {
      if (f.size() != std::size(kColumns))
        return Error{where + "the header must be " +
                     "gpu,gpus,benchmark,min_busbw_gbs,message_bytes,source"};
      for (std::size_t i = 0; i < f.size(); ++i) {
        if (f[i] != kColumns[i])
          return Error{where + "column " + std::to_string(i + 1) + " must be " +
                       std::string(kColumns[i])};
      }
      header = true;
      continue;
    }
    if (f.size() != std::size(kColumns)) {
      return Error{where + std::to_string(f.size()) + " fields, the header has 6"};
    }
    Floor floor;
    floor.gpu = std::string(parse::Trim(f[0]));
    if (floor.gpu.empty()) return Error{where + "gpu is empty"};
    std::optional<std::int64_t> gpus = parse::Int(f[1]);
    if (!gpus || *gpus < 2) return Error{where + "gpus must be a whole number of at least 2"};
    floor.gpus = *gpus;
    floor.benchmark = f[2];
    if (!parse::StartsWith(floor.benchmark, "collective.")) {
      return Error{where + "benchmark must be a collective.* name"};
    }
    std::optional<double> gbs = parse::Decimal(f[3]);
    if (!gbs || *gbs <= 0) return Error{where + "min_busbw_gbs must be a number above 0"};
    floor.min_busbw_bps = *gbs * 1e9;
    if (!parse::Trim(f[4]).empty()) {
      std::optional<std::int64_t> bytes = parse::Int(f[4]);
      if (!bytes || *bytes < 1) {
        return Error{where + "message_bytes must be a whole number of bytes above 0, or empty"};
      }
      floor.message_bytes = static_cast<double>(*bytes);
    }
    floor.source = f[5];
    if (floor.source.empty())
      return Error{where + "source is empty: say where the floor comes from"};
    if (floors.size() >= kMaxRows) return Error{origin + ": more than 1000 rows"};
    floors.push_back(std::move(floor));
  }
  if (!header) return Error{origin + ": no header"};
  return floors;
}

const std::vector<Floor>& Builtin() {
  static const std::vector<Floor> floors = [] {
    auto parsed = Parse(data::kCollectiveFloorsCsv, "checks/data/collective_floors.csv");
    return parsed ? parsed.value() : std::vector<Floor>{};
  }();
  return floors;
}

bool NamesModel(std::string_view device_name, std::string_view gpu) {
  if (gpu.empty()) return false;
  const std::string name = parse::Lower(device_name);
  const std::string model = parse::Lower(gpu);
  for (std::size_t at = name.find(model); at != std::string::npos; at = name.find(model, at + 1)) {
    const std::size_t after = at + model.size();
    const bool starts = at == 0 || !WordChar(name[at - 1]);
    const bool ends = after == name.size() || !WordChar(name[after]);
    if (starts && ends) return true;
  }
  return false;
}

const Floor* Find(const std::vector<Floor>& floors, std::string_view device_name, std::int64_t gpus,
                  std::string_view benchmark) {
  for (const Floor& f : floors) {
    if (f.gpus == gpus && f.benchmark == benchmark && NamesModel(device_name, f.gpu)) return &f;
  }
  return nullptr;
}

}  // namespace collective_floors
}  // namespace rocm_doctor
