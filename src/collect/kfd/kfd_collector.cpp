// SPDX-License-Identifier: MIT
// CollectKfd: the KFD topology under /sys/class/kfd/kfd/topology (kfd_topology.c, uapi
// kfd_sysfs.h). Unreadable parts are kept with their reason: the properties of a GPU that the
// device cgroup does not permit return EPERM (kfd_devcgroup_check_permission), which is how a
// container sees the host's other GPUs.
#include <algorithm>
#include <atomic>
#include <future>
#include <limits>
#include <map>
#include <system_error>
#include <thread>
#include <tuple>

#include "base/text_parse.h"
#include "collect/common/sysfs_reader.h"
#include "rocm_doctor/fact_store.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor {
namespace {

// Per node; the densest real node (MI300X CPX) has 63 io_links and 80 caches.
constexpr std::size_t kMaxLinksPerNode = 1024;
constexpr std::size_t kMaxBanksPerNode = 256;

std::string ReadError(const FileContent& file) {
  std::string why(ToString(file.status));
  if (!file.error.empty()) why += ": " + file.error;
  return why;
}

// Numeric entries of a directory, sorted by value (nodes/10 after nodes/9), at most `limit`.
std::vector<std::pair<int, std::string>> NumericEntries(const DirListing& listing,
                                                        std::size_t limit) {
  std::vector<std::pair<int, std::string>> out;
  for (const std::string& name : listing.names) {
    auto index = parse::UInt(name);
    if (!index || *index > static_cast<std::uint64_t>(std::numeric_limits<int>::max())) continue;
    out.emplace_back(static_cast<int>(*index), name);
  }
  std::sort(out.begin(), out.end());
  if (out.size() > limit) out.resize(limit);
  return out;
}

// A properties file's text. nullopt + `error` when unreadable or truncated.
std::optional<std::string> PropertiesText(FileContent file, std::string& error) {
  if (!file.ok()) {
    error = ReadError(file);
    return std::nullopt;
  }
  if (file.truncated) {
    error = "properties larger than 64 KiB";
    return std::nullopt;
  }
  return std::move(file.data);
}

std::string NoPairsError(std::string_view text) {
  return "no 'key value' lines in '" + parse::Printable(parse::Trim(text), 60) + "'";
}

// A "key value" properties file. nullopt + `error` when unreadable or without any pair.
std::optional<std::map<std::string, std::uint64_t>> Properties(FileContent file,
                                                               std::string& error) {
  auto text = PropertiesText(std::move(file), error);
  if (!text) return std::nullopt;
  auto props = parse::KeyValueLines(parse::Trim(*text));
  if (props.empty()) {
    error = NoPairsError(*text);
    return std::nullopt;
  }
  return props;
}

template <class T>
Fact<T> PropertyFact(std::optional<std::uint64_t> value, std::string_view key,
                     const std::string& source) {
  if (!value) return Fact<T>::Unknown(source, "no '" + std::string(key) + "' line");
  if (*value > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) {
    return Fact<T>::Unknown(source, "'" + std::string(key) + "' out of range: " +
                                        std::to_string(*value));
  }
  return Fact<T>::Known(static_cast<T>(*value), source);
}

// The values a link is judged by, read straight from its text: a node has up to a thousand
// links (an MI300X in CPX mode), and a map of every line of each was most of the topology's
// parse. The first line of a key wins, as in KeyValueLines.
struct LinkValues {
  std::optional<std::uint64_t> type, node_from, node_to, flags, max_bandwidth, weight;
  bool any = false;
};

LinkValues ParseLinkValues(std::string_view text) {
  LinkValues v;
  parse::ForEachKeyValueLine(text, [&v](std::string_view key, std::uint64_t value) {
    v.any = true;
    std::optional<std::uint64_t>* slot = key == "type"            ? &v.type
                                         : key == "node_from"     ? &v.node_from
                                         : key == "node_to"       ? &v.node_to
                                         : key == "flags"         ? &v.flags
                                         : key == "max_bandwidth" ? &v.max_bandwidth
                                         : key == "weight"        ? &v.weight
                                                                  : nullptr;
    if (slot && !*slot) *slot = value;
  });
  return v;
}

// The "<N>/properties" of each numeric entry of `dir` (at most `max_entries`), read in one
// ReadFilesBelow: the entries' indices and the files, in the same order. Empty when `dir`
// cannot be listed.
struct NumberedFiles {
  std::vector<std::pair<int, std::string>> entries;  // (N, "N/properties")
  std::vector<FileContent> files;
};
NumberedFiles ReadNumberedProperties(const SystemView& view, const std::string& dir,
                                     std::size_t max_entries) {
  NumberedFiles out;
  DirListing listing = view.ListDir(dir);
  if (!listing.ok()) return out;
  out.entries = NumericEntries(listing, max_entries);
  std::vector<std::string> names;
  names.reserve(out.entries.size());
  for (auto& entry : out.entries) {
    entry.second += "/properties";
    names.push_back(entry.second);
  }
  out.files = view.ReadFilesBelow(dir, names, kAttributeLimit);
  return out;
}

std::vector<KfdIoLink> ReadLinks(const SystemView& view, const std::string& dir) {
  std::vector<KfdIoLink> links;
  // No io_links/ gives none (old kernels have no p2p_links/).
  NumberedFiles read = ReadNumberedProperties(view, dir, kMaxLinksPerNode);
  links.reserve(read.entries.size());
  for (std::size_t i = 0; i < read.entries.size(); ++i) {
    KfdIoLink link;
    link.index = read.entries[i].first;
    link.source = JoinPath(dir, read.entries[i].second);
    std::string error;
    LinkValues values;
    if (auto text = PropertiesText(std::move(read.files[i]), error)) {
      values = ParseLinkValues(parse::Trim(*text));
      if (!values.any) error = NoPairsError(*text);
    }
    if (!values.any) {
      link.type = Fact<int>::Unknown(link.source, error);
      link.node_from = Fact<int>::Unknown(link.source, error);
      link.node_to = Fact<int>::Unknown(link.source, error);
      link.flags = Fact<std::uint32_t>::Unknown(link.source, error);
      link.max_bandwidth_mbs = Fact<std::uint64_t>::Unknown(link.source, error);
      link.weight = Fact<std::uint64_t>::Unknown(link.source, error);
    } else {
      link.type = PropertyFact<int>(values.type, "type", link.source);
      link.node_from = PropertyFact<int>(values.node_from, "node_from", link.source);
      link.node_to = PropertyFact<int>(values.node_to, "node_to", link.source);
      link.flags = PropertyFact<std::uint32_t>(values.flags, "flags", link.source);
      link.max_bandwidth_mbs =
          PropertyFact<std::uint64_t>(values.max_bandwidth, "max_bandwidth", link.source);
      link.weight = PropertyFact<std::uint64_t>(values.weight, "weight", link.source);
    }
    links.push_back(std::move(link));
  }
  return links;
}

// Sum of the VRAM heaps (HSA_HEAPTYPE_FRAME_BUFFER_PUBLIC = 1, _PRIVATE = 2), saturating.
std::uint64_t ReadVram(const SystemView& view, const std::string& dir) {
  std::uint64_t total = 0;
  NumberedFiles read = ReadNumberedProperties(view, dir, kMaxBanksPerNode);
  for (FileContent& file : read.files) {
    std::string error;
    auto props = Properties(std::move(file), error);
    if (!props) continue;
    auto heap = props->find("heap_type");
    auto size = props->find("size_in_bytes");
    if (heap == props->end() || size == props->end()) continue;
    if (heap->second != 1 && heap->second != 2) continue;
    std::uint64_t room = std::numeric_limits<std::uint64_t>::max() - total;
    total += std::min(room, size->second);
  }
  return total;
}

KfdNode ReadNode(const SystemView& view, int index, const std::string& dir) {
  static const std::vector<std::string> kNodeFiles = {"properties", "name", "gpu_id"};
  std::vector<FileContent> files = view.ReadFilesBelow(dir, kNodeFiles, kAttributeLimit);
  KfdNode node;
  node.index = index;
  node.source = JoinPath(dir, "properties");
  if (auto props = Properties(std::move(files[0]), node.error)) node.properties = *props;
  node.name = TextFact(files[1], JoinPath(dir, "name"));
  node.gpu_id = UIntFact(files[2], JoinPath(dir, "gpu_id"));
  node.io_links = ReadLinks(view, JoinPath(dir, "io_links"));
  node.p2p_links = ReadLinks(view, JoinPath(dir, "p2p_links"));
  node.vram_bytes = ReadVram(view, JoinPath(dir, "mem_banks"));
  return node;
}

// Reads the listed nodes into `nodes` (one slot per entry, so the order is the listing's whatever
// thread reads which). A node is a few hundred small files (an MI300X CPX node: 63 io_links, 63
// p2p_links, mem_banks), each a path walk, an open and a read: a large topology is read by up to
// kMaxNodeReaders threads, each taking the next unread node. A failure to start a thread leaves
// its share to the others (the calling thread reads too); what ReadNode throws reaches the caller.
constexpr std::size_t kNodesPerReader = 8;
constexpr unsigned kMaxNodeReaders = 4;

void ReadNodes(const SystemView& view, const std::vector<std::pair<int, std::string>>& entries,
               std::vector<KfdNode>& nodes) {
  nodes.resize(entries.size());
  std::atomic<std::size_t> next{0};
  auto read_some = [&] {
    for (std::size_t i = next++; i < entries.size(); i = next++) {
      nodes[i] = ReadNode(view, entries[i].first,
                          JoinPath(paths::kKfdTopologyNodes, entries[i].second));
    }
  };
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  const std::size_t helpers = std::min<std::size_t>(
      {entries.size() / kNodesPerReader, cores, kMaxNodeReaders});
  std::vector<std::future<void>> others;
  for (std::size_t h = 1; h < helpers; ++h) {
    try {
      others.push_back(std::async(std::launch::async, read_some));
    } catch (const std::system_error&) {
      break;  // no thread to be had (RLIMIT_NPROC): the others read its share
    }
  }
  read_some();
  for (std::future<void>& other : others) other.get();
}

// Nodes of one physical device share domain, location_id without the function bits, device_id
// and unique_id (all 8 CPX partitions of an MI300X print the same unique_id).
void CountDeviceNodes(std::vector<KfdNode>& nodes) {
  using Key = std::tuple<std::uint64_t, std::uint64_t, std::uint64_t, std::uint64_t>;
  auto key_of = [](const KfdNode& n) -> std::optional<Key> {
    auto location = n.Get("location_id");
    if (!n.IsGpu() || !location) return std::nullopt;
    return Key{n.Get("domain").value_or(0), *location & ~std::uint64_t{7},
               n.Get("device_id").value_or(0), n.Get("unique_id").value_or(0)};
  };
  std::map<Key, std::uint32_t> counts;
  for (const KfdNode& n : nodes) {
    if (auto key = key_of(n)) ++counts[*key];
  }
  for (KfdNode& n : nodes) {
    if (auto key = key_of(n)) n.device_node_count = counts[*key];
  }
}

}  // namespace

KfdTopology CollectKfd(const SystemView& view) {
  KfdTopology topo;
  topo.source = std::string(paths::kKfdTopology);
  topo.kfd_class_present = Exists(view, paths::kKfdClass);
  topo.dev = ReadText(view, JoinPath(paths::kKfdClass, "dev"));
  topo.present = Exists(view, paths::kKfdTopology);
  if (!topo.present) return topo;
  topo.generation_id = ReadUInt(view, JoinPath(paths::kKfdTopology, "generation_id"));

  DirListing listing = view.ListDir(paths::kKfdTopologyNodes);
  if (!listing.ok()) {
    topo.error =
        std::string(paths::kKfdTopologyNodes) + ": " + std::string(ToString(listing.status));
    if (!listing.error.empty()) topo.error += ": " + listing.error;
    return topo;
  }
  auto entries = NumericEntries(listing, std::numeric_limits<std::size_t>::max());
  topo.nodes_listed = entries.size();
  if (entries.size() > kMaxKfdNodes) entries.resize(kMaxKfdNodes);
  ReadNodes(view, entries, topo.nodes);
  CountDeviceNodes(topo.nodes);
  return topo;
}

}  // namespace rocm_doctor
