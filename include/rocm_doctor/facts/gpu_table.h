// SPDX-License-Identifier: MIT
#pragma once
// The GPU table: what each AMD PCI ID is, built from checks/data/amd_gpus.csv (derived from the
// public sources listed in that file's header).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rocm_doctor {

struct GpuModel {
  std::uint16_t device_id = 0;
  std::optional<std::uint8_t> revision;  // nullopt: the row matches any revision
  std::string name;                      // marketing name, e.g. "AMD Instinct MI300X"
  std::string gfx_target;                // "gfx942"; empty when unknown
  std::string gfx_target_version;        // KFD's decimal form, "90402"; empty when unknown
  std::string architecture;              // "CDNA3", "RDNA3", ...
  bool apu = false;
  std::optional<double> vram_gib;
  std::optional<int> compute_units;
  std::optional<double> peak_mem_bw_gbs;     // datasheet GB/s
  std::optional<double> peak_fp32_tflops;
  std::optional<int> pcie_gen;               // from host_link, e.g. "PCIe 5.0 x16" -> 5
  std::optional<int> pcie_width;             // -> 16
  std::string source;                        // the rows' provenance
  // True for the summary of a device's rows that Find() returns when no row matches the
  // revision: name, gfx and architecture are what the rows share, figures are unknown.
  bool family_fallback = false;
};

class GpuTable {
 public:
  // Parses the CSV text; malformed rows are skipped and counted.
  static GpuTable Parse(std::string_view csv);
  static const GpuTable& Builtin();  // the table embedded at build time

  // Exact (device, revision) row first, then a row for the device with no revision, then the
  // device's family summary (family_fallback); nullptr when the device ID is not in the table.
  const GpuModel* Find(std::uint16_t device_id, std::optional<std::uint8_t> revision) const;
  // Maps KFD gfx_target_version (e.g. 90402) or a name (e.g. "gfx942") to known models.
  std::vector<const GpuModel*> FindByGfx(std::string_view gfx) const;
  const std::vector<GpuModel>& Models() const { return models_; }  // every row
  std::size_t size() const { return models_.size(); }
  std::size_t skipped_rows() const { return skipped_rows_; }

 private:
  std::vector<GpuModel> models_;    // sorted by (device_id, revision), any-revision rows first
  std::vector<GpuModel> families_;  // one per device_id, sorted by device_id
  std::size_t skipped_rows_ = 0;
};

}  // namespace rocm_doctor
