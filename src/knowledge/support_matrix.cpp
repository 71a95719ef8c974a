// SPDX-License-Identifier: MIT
#include "knowledge/support_matrix.h"

#include <algorithm>
#include <array>
#include <map>

#include "knowledge/gpu_table_parse.h"
#include "base/text_parse.h"

namespace rocm_doctor {
namespace data {
extern const std::string_view kRocmSupportCsv;  // checks/data/rocm_support.csv
extern const std::string_view kRocmKernelsCsv;  // checks/data/rocm_kernels.csv
}  // namespace data

namespace {

using Version = std::array<unsigned, 3>;

// "6.2.4", "6.2.4-120", "6.2" -> {6, 2, 4} / {6, 2, 0}; nullopt for anything else.
std::optional<Version> ParseVersion(std::string_view text) {
  text = parse::Trim(text);
  text = text.substr(0, text.find('-'));
  Version v{0, 0, 0};
  std::size_t part = 0;
  bool digit_seen = false;
  for (char c : text) {
    if (c == '.') {
      if (!digit_seen || ++part > 2) return std::nullopt;
      digit_seen = false;
    } else if (c >= '0' && c <= '9') {
      if (v[part] > 9999) return std::nullopt;
      v[part] = v[part] * 10 + static_cast<unsigned>(c - '0');
      digit_seen = true;
    } else {
      return std::nullopt;
    }
  }
  if (!digit_seen || part < 1) return std::nullopt;
  return v;
}

std::string VersionText(const Version& v) {
  return std::to_string(v[0]) + "." + std::to_string(v[1]) + "." + std::to_string(v[2]);
}

struct MatrixColumns {
  std::map<std::string, std::size_t, std::less<>> index;
  bool Has(std::string_view name) const { return index.find(name) != index.end(); }
  std::string Get(const std::vector<std::string_view>& row, std::string_view name) const {
    auto it = index.find(name);
    if (it == index.end() || it->second >= row.size()) return {};
    return std::string(parse::Trim(row[it->second]));
  }
};

// Header row first, then data rows; calls `row` for each well-formed data row. The fields view
// the embedded text (gpu_table::ForEachCsvRecord): nothing is copied but what a row keeps.
template <class Fn>
std::size_t ForEachRow(std::string_view csv, std::initializer_list<std::string_view> required,
                       Fn row) {
  std::size_t skipped = 0;
  std::size_t records = 0;
  MatrixColumns columns;
  bool header = true;
  bool other_file = false;
  gpu_table::ForEachCsvRecord(csv, [&](const std::vector<std::string_view>* record) {
    ++records;
    if (other_file) return;
    if (!record) {
      ++skipped;
      return;
    }
    if (header) {
      for (std::size_t i = 0; i < record->size(); ++i) {
        columns.index[std::string(parse::Trim((*record)[i]))] = i;
      }
      for (std::string_view name : required) {
        if (!columns.Has(name)) other_file = true;  // not this file: every row is skipped
      }
      header = false;
      return;
    }
    if (!row(columns, *record)) ++skipped;
  });
  return other_file ? records : skipped;
}

}  // namespace

std::string_view ToString(GfxSupport support) {
  switch (support) {
    case GfxSupport::kOfficial:
      return "official";
    case GfxSupport::kOverride:
      return "override";
    case GfxSupport::kUnsupported:
      return "unsupported";
  }
  return "unsupported";
}

bool SupportRow::Deprecated() const { return parse::StartsWith(notes, "deprecated:"); }
bool SupportRow::Risky() const { return parse::Contains(notes, "risky:"); }

SupportMatrix SupportMatrix::Parse(std::string_view support_csv, std::string_view kernels_csv) {
  SupportMatrix m;
  m.skipped_rows_ +=
      ForEachRow(support_csv, {"rocm_release", "gfx_target", "status"},
                 [&](const MatrixColumns& c, const std::vector<std::string_view>& r) {
                   SupportRow row;
                   row.release = c.Get(r, "rocm_release");
                   row.gfx_target = c.Get(r, "gfx_target");
                   row.override_to = c.Get(r, "override_to");
                   row.notes = c.Get(r, "notes");
                   row.source = c.Get(r, "source");
                   std::string status = c.Get(r, "status");
                   if (status == "official") {
                     row.status = GfxSupport::kOfficial;
                   } else if (status == "override") {
                     row.status = GfxSupport::kOverride;
                   } else if (status != "unsupported") {
                     return false;
                   }
                   if (!ParseVersion(row.release) || !parse::StartsWith(row.gfx_target, "gfx"))
                     return false;
                   if (row.status == GfxSupport::kOverride && row.override_to.empty()) return false;
                   m.rows_.push_back(std::move(row));
                   return true;
                 });
  m.skipped_rows_ += ForEachRow(kernels_csv, {"rocm_release", "kind"},
                                [&](const MatrixColumns& c, const std::vector<std::string_view>& r) {
                                  KernelRow row{.release = c.Get(r, "rocm_release"),
                                                .kind = c.Get(r, "kind"),
                                                .name = c.Get(r, "name"),
                                                .version = c.Get(r, "version"),
                                                .kernel = c.Get(r, "kernel"),
                                                .kernel_flavor = c.Get(r, "kernel_flavor"),
                                                .notes = c.Get(r, "notes"),
                                                .source = c.Get(r, "source")};
                                  if (!ParseVersion(row.release) || row.kind.empty()) return false;
                                  m.kernels_.push_back(std::move(row));
                                  return true;
                                });
  return m;
}

const SupportMatrix& SupportMatrix::Builtin() {
  // Never destroyed (GpuTable::Builtin): abandoned checks may read it while the process exits.
  static const SupportMatrix& matrix =
      *new SupportMatrix(Parse(data::kRocmSupportCsv, data::kRocmKernelsCsv));
  return matrix;
}

std::vector<std::string> SupportMatrix::Releases() const {
  std::map<Version, std::string> by_version;
  for (const SupportRow& row : rows_) by_version.emplace(*ParseVersion(row.release), row.release);
  std::vector<std::string> out;
  for (const auto& [v, text] : by_version) out.push_back(text);
  return out;
}

Result<ReleaseMatch> SupportMatrix::MatchRelease(std::string_view version) const {
  auto wanted = ParseVersion(version);
  if (!wanted) {
    return Error{"\"" + parse::Printable(version, 40) + "\" is not a ROCm release number"};
  }
  ReleaseMatch match;
  match.installed = VersionText(*wanted);
  std::optional<Version> best;
  std::string best_text;
  bool minor_known = false;
  for (const std::string& text : Releases()) {
    Version v = *ParseVersion(text);
    if (v[0] != (*wanted)[0] || v[1] != (*wanted)[1]) continue;
    minor_known = true;
    if (v[2] <= (*wanted)[2] && (!best || v > *best)) {
      best = v;
      best_text = text;
    }
  }
  if (!best) {
    std::string minor = std::to_string((*wanted)[0]) + "." + std::to_string((*wanted)[1]);
    return Error{minor_known ? "the support data has no ROCm " + minor + " release at or below " +
                                   match.installed
                             : "the support data has no ROCm " + minor};
  }
  match.release = best_text;
  match.fallback = *best != *wanted;
  return match;
}

const SupportRow* SupportMatrix::Find(std::string_view release, std::string_view gfx) const {
  for (const SupportRow& row : rows_) {
    if (row.release == release && row.gfx_target == gfx) return &row;
  }
  return nullptr;
}

std::vector<const SupportRow*> SupportMatrix::RowsFor(std::string_view release) const {
  std::vector<const SupportRow*> out;
  for (const SupportRow& row : rows_) {
    if (row.release == release) out.push_back(&row);
  }
  return out;
}

std::string SupportMatrix::FirstOfficial(std::string_view gfx) const {
  for (const std::string& release : Releases()) {
    const SupportRow* row = Find(release, gfx);
    if (row != nullptr && row->status == GfxSupport::kOfficial) return release;
  }
  return "";
}

std::vector<const KernelRow*> SupportMatrix::KernelRowsFor(std::string_view release) const {
  std::vector<const KernelRow*> out;
  for (const KernelRow& row : kernels_) {
    if (row.release == release) out.push_back(&row);
  }
  return out;
}

std::vector<const KernelRow*> SupportMatrix::KernelRowsOfKind(std::string_view kind) const {
  std::vector<const KernelRow*> out;
  for (const KernelRow& row : kernels_) {
    if (row.kind == kind) out.push_back(&row);
  }
  return out;
}

Fact<std::string> InstalledRocmRelease(const RocmFacts& rocm) {
  const RocmInstall* install = rocm.InUse();
  if (install == nullptr) {
    return Fact<std::string>::Unknown("ROCm installs", rocm.installs.empty()
                                                           ? "no ROCm install found"
                                                           : "no install has a HIP runtime");
  }
  if (!install->version.known()) {
    return Fact<std::string>::Unknown(
        install->version.source.empty() ? install->root : install->version.source,
        "the release of " + install->root + " is unknown" +
            (install->version.error.empty() ? "" : ": " + install->version.error));
  }
  return Fact<std::string>::Known(
      *install->version, install->version.source.empty() ? install->root : install->version.source);
}

bool IsIntegratedGpu(const KfdNode& node, const PciInventory& pci, const GpuTable& table) {
  const std::string bdf = node.PciBdf();
  for (const PciDevice& dev : pci.devices) {
    if (dev.bdf != bdf || !dev.device_id.known()) continue;
    std::optional<std::uint8_t> revision;
    if (dev.revision.known()) revision = *dev.revision;
    if (const GpuModel* model = table.Find(*dev.device_id, revision)) return model->apu;
  }
  if (auto device_id = node.Get("device_id"); device_id && *device_id <= 0xffff) {
    if (const GpuModel* model = table.Find(static_cast<std::uint16_t>(*device_id), std::nullopt)) {
      return model->apu;
    }
  }
  return node.Get("cpu_cores_count").value_or(0) > 0;
}

}  // namespace rocm_doctor
