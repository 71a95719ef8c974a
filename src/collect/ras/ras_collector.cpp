// SPDX-License-Identifier: MIT
// CollectFacts<RasFacts>: the retired VRAM pages of every PCI function with a device/ras/
// directory (amdgpu's RAS interface), the bad_page_threshold parameter and the uptime
// (facts/ras.h; the kernel text behind each is in docs/research/amdgpu-ras.md).
#include <algorithm>
#include <charconv>

#include "base/text_parse.h"
#include "collect/common/sysfs_reader.h"
#include "collect/ras/bad_pages_parse.h"
#include "rocm_doctor/facts/pci.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor {
namespace {

// More RAS-capable functions than any node holds (an 8-GPU MI300X in CPX shows 8 PCI functions
// with ras/; the partitions are not PCI functions): bounds a hostile tree.
constexpr std::size_t kMaxGpus = 64;

Fact<std::vector<RetiredPage>> ReadPages(const SystemView& view, const std::string& path,
                                         GpuRasPages& gpu) {
  using PagesFact = Fact<std::vector<RetiredPage>>;
  FileContent file = view.ReadFile(path, kAttributeLimit * 16);
  if (file.status == FsStatus::kNotFound) {
    return PagesFact::Unknown(path, std::string(kNotReported) + ": no gpu_vram_bad_pages");
  }
  if (!file.ok()) {
    return PagesFact::Unknown(path, std::string(ToString(file.status)) +
                                        (file.error.empty() ? "" : ": " + file.error));
  }
  ras_parse::BadPages parsed = ras_parse::ParseBadPages(file.data);
  gpu.malformed_lines = parsed.malformed;
  if (parsed.malformed_count > 0 && parsed.pages.empty()) {
    return PagesFact::Unknown(path, "no line in the form 'pfn : size : R|P|F' (" +
                                        std::to_string(parsed.malformed_count) + " other)");
  }
  return PagesFact::Known(std::move(parsed.pages), path);
}

Fact<double> ReadUptime(const SystemView& view) {
  const std::string path(paths::kProcUptime);
  Fact<std::string> text = ReadText(view, path);
  if (!text.known()) return Fact<double>::Unknown(path, text.error);
  std::string_view first = *text;
  first = first.substr(0, first.find(' '));
  double seconds = 0;
  auto [end, ec] = std::from_chars(first.data(), first.data() + first.size(), seconds);
  if (ec != std::errc() || end != first.data() + first.size() || seconds < 0) {
    return Fact<double>::Unknown(path, "malformed '" + parse::Printable(*text, 60) + "'");
  }
  return Fact<double>::Known(seconds, path);
}

}  // namespace

std::size_t GpuRasPages::Count(char state) const {
  if (!pages.known()) return 0;
  return static_cast<std::size_t>(std::count_if(
      pages->begin(), pages->end(), [state](const RetiredPage& p) { return p.state == state; }));
}

std::optional<std::uint64_t> RetirementThreshold(const RasFacts& facts, const GpuRasPages& gpu,
                                                 std::string& why) {
  constexpr std::uint64_t kBadPageCover = 100ull * 1024 * 1024;  // RAS_BAD_PAGE_COVER
  const Fact<std::int64_t>& param = facts.bad_page_threshold_param;
  if (!param.known()) {
    why = "bad_page_threshold unknown (" + param.error + ")";
    return std::nullopt;
  }
  if (*param == 0) {
    why = "bad_page_threshold=0: page retirement is disabled";
    return std::nullopt;
  }
  if (*param > 0) return static_cast<std::uint64_t>(*param);
  if (!gpu.vram_total_bytes.known()) {
    why = "the VRAM size the driver's formula needs is unknown";
    return std::nullopt;
  }
  return *gpu.vram_total_bytes / kBadPageCover;
}

template <>
RasFacts CollectFacts<RasFacts>(const SystemView& view) {
  RasFacts facts;
  facts.cper =
      "CPER records are not read: amdgpu exposes them only in debugfs (amdgpu_ring_cper, "
      "root-only, binary) on the kernels that have them";
  facts.uptime_seconds = ReadUptime(view);
  Fact<std::int64_t> param = ReadInt(view, paths::kModuleAmdgpuBadPageThreshold);
  facts.bad_page_threshold_param = param;
  DirListing bus = view.ListDir(paths::kPciDevices);
  if (!bus.ok()) return facts;
  std::vector<std::string> names = bus.names;
  std::sort(names.begin(), names.end());
  for (const std::string& bdf : names) {
    if (facts.gpus.size() >= kMaxGpus) break;
    const std::string dir = JoinPath(paths::kPciDevices, bdf);
    const std::string ras_dir = JoinPath(dir, "ras");
    if (view.ListDir(ras_dir).status == FsStatus::kNotFound) continue;
    GpuRasPages gpu;
    gpu.bdf = bdf;
    gpu.pages = ReadPages(view, JoinPath(ras_dir, "gpu_vram_bad_pages"), gpu);
    gpu.vram_total_bytes = ReadUInt(view, JoinPath(dir, "mem_info_vram_total"));
    facts.gpus.push_back(std::move(gpu));
  }
  return facts;
}

}  // namespace rocm_doctor
