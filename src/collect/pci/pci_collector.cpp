// SPDX-License-Identifier: MIT
// CollectPci: every function under /sys/bus/pci/devices (kernel ABI
// Documentation/ABI/testing/sysfs-bus-pci), plus the amdgpu attributes of AMD GPUs
// (drivers/gpu/drm/amd/amdgpu: amdgpu_vram_mgr.c mem_info_*, amdgpu_ras.c ras/).
#include <algorithm>
#include <cstdio>
#include <map>

#include "collect/pci/pci_parse.h"
#include "collect/pci/pci_aer.h"
#include "collect/pci/pci_power.h"
#include "base/text_parse.h"
#include "collect/common/sysfs_reader.h"
#include "rocm_doctor/fact_store.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor {
namespace {

// Bounds on what a hostile or broken tree can make us read. A real host has a few hundred
// functions, a dozen RAS blocks and two DRM nodes per GPU.
constexpr std::size_t kMaxFunctions = 4096;
constexpr std::size_t kMaxRasBlocks = 64;
constexpr std::size_t kMaxDrmNodes = 64;
constexpr std::string_view kRasSuffix = "_err_count";

template <class T>
Fact<T> NotReportedFact(std::string source, std::string_view detail) {
  return Fact<T>::Unknown(std::move(source),
                          std::string(kNotReported) + ": " + std::string(detail));
}

// An attribute that does not exist is "not reported", not unreadable.
template <class T>
Fact<T> MarkMissing(const SystemView& view, Fact<T> fact) {
  if (!fact.known() && view.Stat(fact.source).status == FsStatus::kNotFound) {
    return NotReportedFact<T>(fact.source, "no such attribute");
  }
  return fact;
}

// A hex attribute narrowed to T (16-bit IDs, 8-bit revision, 24-bit class).
template <class T>
Fact<T> HexAttribute(const SystemView& view, const std::string& path, std::uint64_t max) {
  Fact<std::uint64_t> wide = ReadHex(view, path);
  if (!wide.known()) return Fact<T>::Unknown(wide.source, wide.error);
  if (*wide > max) {
    char text[40];
    std::snprintf(text, sizeof text, "value 0x%llx out of range",
                  static_cast<unsigned long long>(*wide));
    return Fact<T>::Unknown(wide.source, text);
  }
  return Fact<T>::Known(static_cast<T>(*wide), wide.source);
}

// uevent (PCI_ID, PCI_SUBSYS_ID, PCI_CLASS), read once; partial captures often keep only it.
class Uevent {
 public:
  Uevent(const SystemView& view, std::string path) : view_(view), path_(std::move(path)) {}

  std::optional<pci_parse::IdPair> Pair(std::string_view key) {
    auto value = Get(key);
    return value ? pci_parse::UeventIdPair(*value) : std::nullopt;
  }
  std::optional<std::uint32_t> Class() {
    auto value = Get("PCI_CLASS");
    if (!value) return std::nullopt;
    auto code = parse::Hex(*value);
    if (!code || *code > 0xffffff) return std::nullopt;
    return static_cast<std::uint32_t>(*code);
  }
  std::string Source(std::string_view key) const { return path_ + " " + std::string(key); }

 private:
  std::optional<std::string> Get(std::string_view key) {
    if (!loaded_) {
      loaded_ = true;
      Fact<std::string> text = ReadText(view_, path_);
      if (text.known()) values_ = parse::KeyEqualsValueLines(*text);
    }
    auto it = values_.find(std::string(key));
    if (it == values_.end()) return std::nullopt;
    return it->second;
  }

  const SystemView& view_;
  std::string path_;
  bool loaded_ = false;
  std::map<std::string, std::string> values_;
};

// The ID attribute, or the same value from uevent when the attribute file is missing.
void ReadIds(const SystemView& view, PciDevice& dev) {
  const std::string& dir = dev.sysfs_path;
  Uevent uevent(view, JoinPath(dir, "uevent"));
  auto with_fallback = [&](Fact<std::uint16_t> fact, std::string_view key, bool first) {
    if (fact.known() || view.Stat(fact.source).status != FsStatus::kNotFound) return fact;
    if (auto pair = uevent.Pair(key)) {
      return Fact<std::uint16_t>::Known(first ? pair->first : pair->second, uevent.Source(key));
    }
    return fact;
  };
  dev.vendor_id = with_fallback(HexAttribute<std::uint16_t>(view, JoinPath(dir, "vendor"), 0xffff),
                                "PCI_ID", true);
  dev.device_id = with_fallback(HexAttribute<std::uint16_t>(view, JoinPath(dir, "device"), 0xffff),
                                "PCI_ID", false);
  dev.subsystem_vendor_id =
      with_fallback(HexAttribute<std::uint16_t>(view, JoinPath(dir, "subsystem_vendor"), 0xffff),
                    "PCI_SUBSYS_ID", true);
  dev.subsystem_device_id =
      with_fallback(HexAttribute<std::uint16_t>(view, JoinPath(dir, "subsystem_device"), 0xffff),
                    "PCI_SUBSYS_ID", false);
  dev.revision = HexAttribute<std::uint8_t>(view, JoinPath(dir, "revision"), 0xff);
  dev.class_code = HexAttribute<std::uint32_t>(view, JoinPath(dir, "class"), 0xffffff);
  if (!dev.class_code.known() && view.Stat(dev.class_code.source).status == FsStatus::kNotFound) {
    if (auto code = uevent.Class()) {
      dev.class_code = Fact<std::uint32_t>::Known(*code, uevent.Source("PCI_CLASS"));
    }
  }
}

Fact<int> ReadNumaNode(const SystemView& view, const std::string& path) {
  Fact<std::int64_t> raw = MarkMissing(view, ReadInt(view, path));
  if (!raw.known()) return Fact<int>::Unknown(raw.source, raw.error);
  // -1 = no NUMA information; node numbers are below MAX_NUMNODES (at most 1024).
  if (*raw < -1 || *raw > 65535) {
    return Fact<int>::Unknown(raw.source, "value " + std::to_string(*raw) + " out of range");
  }
  return Fact<int>::Known(static_cast<int>(*raw), raw.source);
}

// The `driver` link: absent = known empty (no driver bound).
Fact<std::string> ReadDriver(const SystemView& view, const std::string& path) {
  LinkTarget link = view.ReadLink(path);
  if (link.status == FsStatus::kNotFound) return Fact<std::string>::Known("", path);
  return ReadLinkBase(view, path);
}

// "16.0 GT/s PCIe" -> 16.0; "Unknown" and a missing file are "not reported".
Fact<double> ReadLinkSpeed(const SystemView& view, const std::string& path) {
  Fact<std::string> raw = MarkMissing(view, ReadText(view, path));
  if (!raw.known()) return Fact<double>::Unknown(raw.source, raw.error);
  if (auto gts = parse::LinkSpeedGts(*raw)) return Fact<double>::Known(*gts, raw.source);
  if (parse::Lower(*raw) == "unknown") return NotReportedFact<double>(raw.source, "'Unknown'");
  return Fact<double>::Unknown(raw.source,
                               "malformed link speed '" + parse::Printable(*raw, 40) + "'");
}

Fact<int> ReadLinkWidth(const SystemView& view, const std::string& path) {
  Fact<std::string> raw = MarkMissing(view, ReadText(view, path));
  if (!raw.known()) return Fact<int>::Unknown(raw.source, raw.error);
  if (auto width = pci_parse::LinkWidth(*raw)) return Fact<int>::Known(*width, raw.source);
  if (auto number = parse::Int(*raw); number && (*number == 0 || *number == 255)) {
    // 0: no link trained (SR-IOV VFs read 0); 255: PCIE_LNK_WIDTH_UNKNOWN.
    return NotReportedFact<int>(raw.source, "'" + std::string(*raw) + "'");
  }
  return Fact<int>::Unknown(raw.source,
                            "malformed link width '" + parse::Printable(*raw, 40) + "'");
}

Fact<std::uint64_t> CountFact(const std::optional<std::uint64_t>& value, const std::string& src,
                              std::string_view key) {
  if (value) return Fact<std::uint64_t>::Known(*value, src);
  return NotReportedFact<std::uint64_t>(src, "no '" + std::string(key) + "' line");
}

RasCounter ReadRasCounter(const SystemView& view, const std::string& ras_dir,
                          const std::string& name) {
  RasCounter counter;
  counter.block = name.substr(0, name.size() - kRasSuffix.size());
  counter.source = JoinPath(ras_dir, name);
  Fact<std::string> text = ReadText(view, counter.source);
  auto all_unknown = [&](const std::string& why) {
    counter.uncorrectable = Fact<std::uint64_t>::Unknown(counter.source, why);
    counter.correctable = Fact<std::uint64_t>::Unknown(counter.source, why);
    counter.deferred = Fact<std::uint64_t>::Unknown(counter.source, why);
  };
  if (!text.known()) {
    all_unknown(text.error);
    return counter;
  }
  std::optional<pci_parse::RasCounts> counts = pci_parse::RasErrCount(*text);
  if (!counts) {
    all_unknown("malformed RAS counter '" + parse::Printable(*text, 60) + "'");
  } else if (counts->inaccessible) {
    all_unknown(
        "the kernel says 'Query currently inaccessible' (a GPU reset or RAS query is in "
        "progress)");
  } else {
    counter.uncorrectable = CountFact(counts->ue, counter.source, "ue:");
    counter.correctable = CountFact(counts->ce, counter.source, "ce:");
    counter.deferred = CountFact(counts->de, counter.source, "de:");
  }
  return counter;
}

void ReadRas(const SystemView& view, PciDevice& dev) {
  std::string ras_dir = JoinPath(dev.sysfs_path, "ras");
  DirListing listing = view.ListDir(ras_dir);
  if (listing.status == FsStatus::kNotFound) return;
  if (!listing.ok()) {
    dev.ras_error = ras_dir + ": " + std::string(ToString(listing.status)) +
                    (listing.error.empty() ? "" : ": " + listing.error);
    return;
  }
  for (const std::string& name : listing.names) {
    if (dev.ras.size() >= kMaxRasBlocks) break;
    if (name.size() <= kRasSuffix.size() ||
        name.compare(name.size() - kRasSuffix.size(), kRasSuffix.size(), kRasSuffix) != 0) {
      continue;
    }
    dev.ras.push_back(ReadRasCounter(view, ras_dir, name));
  }
}

bool IsNodeName(std::string_view name, std::string_view prefix) {
  if (!parse::StartsWith(name, prefix) || name.size() == prefix.size()) return false;
  return std::all_of(name.begin() + static_cast<std::ptrdiff_t>(prefix.size()), name.end(),
                     [](char c) { return c >= '0' && c <= '9'; });
}

void ReadDrmNodes(const SystemView& view, PciDevice& dev) {
  DirListing listing = view.ListDir(JoinPath(dev.sysfs_path, "drm"));
  if (!listing.ok()) return;
  for (const std::string& name : listing.names) {
    if (dev.drm_cards.size() + dev.render_nodes.size() >= kMaxDrmNodes) break;
    if (IsNodeName(name, "card")) dev.drm_cards.push_back(name);
    if (IsNodeName(name, "renderD")) dev.render_nodes.push_back(name);
  }
}

PciDevice ReadFunction(const SystemView& view, const std::string& bdf) {
  PciDevice dev;
  dev.bdf = bdf;
  dev.sysfs_path = JoinPath(paths::kPciDevices, bdf);
  const std::string& dir = dev.sysfs_path;
  ReadIds(view, dev);
  dev.numa_node = ReadNumaNode(view, JoinPath(dir, "numa_node"));
  dev.driver = ReadDriver(view, JoinPath(dir, "driver"));
  dev.current_link_speed_gts = ReadLinkSpeed(view, JoinPath(dir, "current_link_speed"));
  dev.max_link_speed_gts = ReadLinkSpeed(view, JoinPath(dir, "max_link_speed"));
  dev.current_link_width = ReadLinkWidth(view, JoinPath(dir, "current_link_width"));
  dev.max_link_width = ReadLinkWidth(view, JoinPath(dir, "max_link_width"));
  if (!dev.IsAmdGpu()) return dev;
  pci_power::ReadRuntimePm(view, dev);  // power/ exists whether or not amdgpu is bound
  // Present only while amdgpu is bound (amdgpu_vram_mgr.c); bytes, decimal.
  dev.vram_total_bytes = MarkMissing(view, ReadUInt(view, JoinPath(dir, "mem_info_vram_total")));
  dev.vis_vram_total_bytes =
      MarkMissing(view, ReadUInt(view, JoinPath(dir, "mem_info_vis_vram_total")));
  dev.gtt_total_bytes = MarkMissing(view, ReadUInt(view, JoinPath(dir, "mem_info_gtt_total")));
  ReadRas(view, dev);
  pci_aer::ReadAer(view, dev);
  ReadDrmNodes(view, dev);
  return dev;
}

}  // namespace

std::vector<const PciDevice*> PciInventory::AmdGpus() const {
  std::vector<const PciDevice*> out;
  for (const PciDevice& dev : devices) {
    if (dev.IsAmdGpu()) out.push_back(&dev);
  }
  return out;
}

PciInventory CollectPci(const SystemView& view) {
  PciInventory inventory;
  inventory.source = std::string(paths::kPciDevices);
  DirListing listing = view.ListDir(paths::kPciDevices);
  if (!listing.ok()) {
    inventory.error =
        std::string(ToString(listing.status)) + (listing.error.empty() ? "" : ": " + listing.error);
    return inventory;
  }
  std::vector<std::string> names = listing.names;
  std::sort(names.begin(), names.end());
  if (names.size() > kMaxFunctions) {
    names.resize(kMaxFunctions);
    inventory.truncated = true;
  }
  inventory.devices.reserve(names.size());
  for (const std::string& bdf : names) inventory.devices.push_back(ReadFunction(view, bdf));
  return inventory;
}

}  // namespace rocm_doctor
