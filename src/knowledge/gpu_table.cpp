// SPDX-License-Identifier: MIT
#include "rocm_doctor/facts/gpu_table.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <map>

#include "knowledge/gpu_table_parse.h"
#include "base/text_parse.h"

namespace rocm_doctor {
namespace data {
extern const std::string_view kAmdGpusCsv;  // checks/data/amd_gpus.csv, embedded at build time
}  // namespace data

namespace {

// The columns a row must have; the others may be absent from an older table.
constexpr std::string_view kDeviceColumn = "pci_device_id";
constexpr std::string_view kNameColumn = "name";
// A family name lists at most this many variants ("AMD Radeon RX 7900 XTX / RX 7900 XT / ...").
constexpr std::size_t kFamilyVariants = 3;

// The header's columns, looked up by name once per column the rows are read by (a map lookup per
// field and row was a tenth of the parse).
struct Columns {
  std::map<std::string, std::size_t, std::less<>> index;

  struct Column {
    std::size_t at = SIZE_MAX;  // SIZE_MAX: the header has no such column
    std::string_view Of(const std::vector<std::string_view>& row) const {
      return at < row.size() ? parse::Trim(row[at]) : std::string_view();
    }
  };
  Column Find(std::string_view name) const {
    auto it = index.find(name);
    return it == index.end() ? Column{} : Column{it->second};
  }
};

// The columns a row is read by, resolved against the header.
struct RowColumns {
  explicit RowColumns(const Columns& cols)
      : count(cols.index.size()),
        device(cols.Find("pci_device_id")),
        revision(cols.Find("pci_revision_id")),
        name(cols.Find(kNameColumn)),
        gfx_target(cols.Find("gfx_target")),
        gfx_target_version(cols.Find("kfd_gfx_target_version")),
        architecture(cols.Find("architecture")),
        apu(cols.Find("apu")),
        vram_gib(cols.Find("vram_gib")),
        compute_units(cols.Find("compute_units")),
        peak_mem_bw_gbs(cols.Find("peak_mem_bw_gbs")),
        peak_fp32(cols.Find("peak_fp32_vector_tflops")),
        host_link(cols.Find("host_link")),
        source(cols.Find("source")) {}
  std::size_t count;
  Columns::Column device, revision, name, gfx_target, gfx_target_version, architecture, apu,
      vram_gib, compute_units, peak_mem_bw_gbs, peak_fp32, host_link, source;
};

// Fills `out` from one data row; false when the row is malformed.
bool ParseRow(const RowColumns& cols, const std::vector<std::string_view>& row, GpuModel& out) {
  if (row.size() != cols.count) return false;
  auto device = parse::Hex(cols.device.Of(row));
  if (!device || *device > 0xffff) return false;
  out.device_id = static_cast<std::uint16_t>(*device);
  if (std::string_view rev = cols.revision.Of(row); !rev.empty()) {
    auto value = parse::Hex(rev);
    if (!value || *value > 0xff) return false;
    out.revision = static_cast<std::uint8_t>(*value);
  }
  out.name = std::string(cols.name.Of(row));
  out.gfx_target = parse::Lower(cols.gfx_target.Of(row));
  out.gfx_target_version = std::string(cols.gfx_target_version.Of(row));
  out.architecture = std::string(cols.architecture.Of(row));
  std::string_view apu = cols.apu.Of(row);
  if (apu != "yes" && apu != "no" && !apu.empty()) return false;
  out.apu = apu == "yes";
  auto number = [&](const Columns::Column& column, std::optional<double>& field) {
    std::string_view text = column.Of(row);
    if (text.empty()) return true;
    field = parse::Decimal(text);
    return field.has_value();
  };
  std::optional<double> cus;
  if (!number(cols.vram_gib, out.vram_gib) || !number(cols.compute_units, cus) ||
      !number(cols.peak_mem_bw_gbs, out.peak_mem_bw_gbs) ||
      !number(cols.peak_fp32, out.peak_fp32_tflops)) {
    return false;
  }
  if (cus) {
    if (*cus > 100000 || *cus != static_cast<double>(static_cast<int>(*cus))) return false;
    out.compute_units = static_cast<int>(*cus);
  }
  gpu_table::HostLink link = gpu_table::ParseHostLink(cols.host_link.Of(row));
  out.pcie_gen = link.gen;
  out.pcie_width = link.width;
  out.source = std::string(cols.source.Of(row));
  return true;
}

// The words all `names` start with, short of the last word of any name.
std::vector<std::string_view> CommonPrefix(const std::vector<std::string>& names) {
  std::vector<std::string_view> prefix = parse::SplitWhitespace(names.front());
  for (const std::string& name : names) {
    std::vector<std::string_view> words = parse::SplitWhitespace(name);
    std::size_t n = 0;
    while (n < prefix.size() && n < words.size() && prefix[n] == words[n]) ++n;
    // Leave every name at least one word of its own ("RX 1000 XT" vs "RX 1000" -> "RX").
    if (n == words.size() && n > 0) --n;
    prefix.resize(n);
  }
  return prefix;
}

// A name for a device whose rows disagree: "AMD Radeon RX 7900 XTX / RX 7900 XT / ...".
std::string FamilyName(std::uint16_t device_id, const std::vector<std::string>& names) {
  if (names.empty()) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "AMD GPU 0x%04x", device_id);
    return buf;
  }
  if (names.size() == 1) return names.front();
  std::vector<std::string_view> prefix = CommonPrefix(names);
  std::string out;
  for (std::string_view w : prefix) out += std::string(w) + " ";
  for (std::size_t i = 0; i < names.size() && i < kFamilyVariants; ++i) {
    std::vector<std::string_view> words = parse::SplitWhitespace(names[i]);
    std::string rest;
    for (std::size_t w = prefix.size(); w < words.size(); ++w) {
      rest += (rest.empty() ? "" : " ") + std::string(words[w]);
    }
    out += (i == 0 ? "" : " / ") + rest;
  }
  if (names.size() > kFamilyVariants) out += " / ...";
  return out;
}

// Names that say nothing about the model; used only when a device has no other.
bool IsGenericName(std::string_view name) { return name.empty() || name == "AMD Radeon Graphics"; }

template <class T, class Get>
T Shared(const std::vector<const GpuModel*>& rows, Get get, T none) {
  T first = get(*rows.front());
  for (const GpuModel* m : rows) {
    if (get(*m) != first) return none;
  }
  return first;
}

GpuModel MakeFamily(const std::vector<const GpuModel*>& rows) {
  GpuModel family;
  family.device_id = rows.front()->device_id;
  family.family_fallback = true;
  std::vector<std::string> specific;
  bool any_generic = false;
  for (const GpuModel* m : rows) {
    if (IsGenericName(m->name)) {
      any_generic = any_generic || !m->name.empty();
    } else if (std::find(specific.begin(), specific.end(), m->name) == specific.end()) {
      specific.push_back(m->name);
    }
  }
  if (specific.empty() && any_generic) specific.emplace_back("AMD Radeon Graphics");
  family.name = FamilyName(family.device_id, specific);
  family.gfx_target = Shared(
      rows, [](const GpuModel& m) { return m.gfx_target; }, std::string());
  family.gfx_target_version = Shared(
      rows, [](const GpuModel& m) { return m.gfx_target_version; }, std::string());
  family.architecture = Shared(
      rows, [](const GpuModel& m) { return m.architecture; }, std::string());
  family.apu = Shared(
      rows, [](const GpuModel& m) { return m.apu; }, false);
  family.source = "summary of the table's rows for this device";
  return family;
}

bool ModelLess(const GpuModel& a, const GpuModel& b) {
  if (a.device_id != b.device_id) return a.device_id < b.device_id;
  return a.revision < b.revision;  // nullopt (any revision) sorts first
}

}  // namespace

GpuTable GpuTable::Parse(std::string_view csv) {
  GpuTable table;
  bool first = true;
  bool header_ok = false;
  Columns cols;
  std::optional<RowColumns> row_cols;
  gpu_table::ForEachCsvRecord(csv, [&](const std::vector<std::string_view>* record) {
    if (first) {
      first = false;
      if (record) {
        for (std::size_t i = 0; i < record->size(); ++i) {
          cols.index.emplace(std::string(parse::Trim((*record)[i])), i);
        }
      }
      header_ok = record && cols.index.count(kDeviceColumn) && cols.index.count(kNameColumn) &&
                  cols.index.size() == record->size();
      if (header_ok) {
        row_cols.emplace(cols);
      } else {
        ++table.skipped_rows_;  // the header itself
      }
      return;
    }
    GpuModel model;
    if (!header_ok || !record || !ParseRow(*row_cols, *record, model)) {
      ++table.skipped_rows_;
      return;
    }
    table.models_.push_back(std::move(model));
  });
  // The generated table is already in this order (tools/make_gpu_table.py): sorting its 1175
  // rows anyway moved every row about ten times, a quarter of the parse.
  if (!std::is_sorted(table.models_.begin(), table.models_.end(), ModelLess)) {
    std::stable_sort(table.models_.begin(), table.models_.end(), ModelLess);
  }

  for (std::size_t i = 0; i < table.models_.size();) {
    std::size_t j = i;
    std::vector<const GpuModel*> rows;
    while (j < table.models_.size() && table.models_[j].device_id == table.models_[i].device_id) {
      rows.push_back(&table.models_[j++]);
    }
    table.families_.push_back(MakeFamily(rows));
    // A row without a name (the sources only had a "15BF:E0" placeholder) takes the family's.
    for (std::size_t k = i; k < j; ++k) {
      if (table.models_[k].name.empty()) table.models_[k].name = table.families_.back().name;
    }
    i = j;
  }
  return table;
}

const GpuTable& GpuTable::Builtin() {
  // Never destroyed: a check abandoned at its deadline may still read it while the process
  // exits (ASan saw the use after free).
  static const GpuTable& table = *new GpuTable(Parse(data::kAmdGpusCsv));
  return table;
}

const GpuModel* GpuTable::Find(std::uint16_t device_id,
                               std::optional<std::uint8_t> revision) const {
  GpuModel key;
  key.device_id = device_id;
  auto it = std::lower_bound(models_.begin(), models_.end(), key, ModelLess);
  const GpuModel* any_revision = nullptr;
  for (; it != models_.end() && it->device_id == device_id; ++it) {
    if (!it->revision && !any_revision) any_revision = &*it;
    if (revision && it->revision == revision) return &*it;
  }
  if (any_revision) return any_revision;
  auto fam = std::lower_bound(families_.begin(), families_.end(), device_id,
                              [](const GpuModel& m, std::uint16_t id) { return m.device_id < id; });
  if (fam != families_.end() && fam->device_id == device_id) return &*fam;
  return nullptr;
}

std::vector<const GpuModel*> GpuTable::FindByGfx(std::string_view gfx) const {
  std::vector<const GpuModel*> out;
  std::string key = parse::Lower(parse::Trim(gfx));
  if (key.empty()) return out;
  bool numeric = parse::UInt(key).has_value();
  for (const GpuModel& m : models_) {
    if (numeric ? m.gfx_target_version == key : m.gfx_target == key) out.push_back(&m);
  }
  return out;
}

}  // namespace rocm_doctor
