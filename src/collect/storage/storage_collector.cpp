// SPDX-License-Identifier: MIT
// CollectFacts<StorageFacts>: the filesystems that hold the user's home directory and model
// caches, with their kind (network, memory, disk), medium (rotational or not) and free space.
#include <algorithm>
#include <string>

#include "collect/storage/block_device.h"
#include "collect/storage/filesystem_types.h"
#include "collect/storage/mountinfo_read.h"
#include "collect/python/python_paths.h"
#include "base/text_parse.h"
#include "collect/common/sysfs_reader.h"
#include "rocm_doctor/facts/storage_facts.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor {
namespace {

constexpr std::size_t kPasswdLimit = 4u << 20;

// The variables that move where model weights and datasets are downloaded, in the order a
// report lists them: Hugging Face hub and datasets (huggingface_hub's constants: HF_HOME
// defaults to $XDG_CACHE_HOME/huggingface), PyTorch hub (torch.hub: TORCH_HOME, default
// $XDG_CACHE_HOME/torch), and the XDG base directory both fall back to.
constexpr std::string_view kCacheVariables[] = {"HF_HOME", "HF_HUB_CACHE", "HF_DATASETS_CACHE",
                                                "TORCH_HOME", "XDG_CACHE_HOME"};

// The home directory of `user` from passwd(5) ("name:x:uid:gid:gecos:dir:shell"), by uid.
std::optional<std::string> PasswdHome(const SystemView& view, const UserInfo& user) {
  FileContent passwd = view.ReadFile(paths::kEtcPasswd, kPasswdLimit);
  if (!passwd.ok()) return std::nullopt;
  for (std::string_view line : parse::Lines(passwd.data)) {
    std::vector<std::string_view> fields;
    for (std::size_t pos = 0; fields.size() < 7;) {
      const std::size_t colon = line.find(':', pos);
      fields.push_back(line.substr(pos, colon == std::string_view::npos ? colon : colon - pos));
      if (colon == std::string_view::npos) break;
      pos = colon + 1;
    }
    if (fields.size() < 6) continue;
    auto uid = parse::UInt(fields[2]);
    if (uid && *uid == user.uid && !fields[5].empty() && fields[5].front() == '/') {
      return std::string(fields[5]);
    }
  }
  return std::nullopt;
}

StoragePlace Place(const SystemView& view, std::string role, std::string path, std::string source) {
  StoragePlace place;
  place.role = std::move(role);
  place.path = std::move(path);
  place.source = std::move(source);
  if (place.path.empty() || place.path.front() != '/') {
    place.error = "not an absolute path";
  } else {
    place.resolved = python::RealPath(view, place.path);
  }
  return place;
}

std::vector<StoragePlace> Places(const SystemView& view) {
  std::vector<StoragePlace> places;
  std::optional<std::string> home = view.GetEnv("HOME");
  std::string home_source = "$HOME";
  if (!home || home->empty()) {
    home = PasswdHome(view, view.CurrentUser());
    home_source = std::string(paths::kEtcPasswd);
  }
  if (home) places.push_back(Place(view, "home directory", *home, home_source));
  for (std::string_view name : kCacheVariables) {
    std::optional<std::string> value = view.GetEnv(name);
    if (!value || value->empty()) continue;
    places.push_back(Place(view, "$" + std::string(name), *value, "$" + std::string(name)));
  }
  if (home && !home->empty() && home->front() == '/') {
    const std::string hf = JoinPath(*home, ".cache/huggingface");
    NodeInfo node = view.Stat(hf);
    if (node.ok() && node.type == NodeType::kDirectory) {
      places.push_back(Place(view, "~/.cache/huggingface", hf, hf));
    }
  }
  return places;
}

StorageFilesystem Describe(const SystemView& view, const mountinfo::Mount& mount) {
  StorageFilesystem fs;
  fs.mount_point = mount.mount_point;
  fs.fstype = mount.fstype;
  fs.mount_source = mount.source;
  fs.major = mount.major;
  fs.minor = mount.minor;
  fs.mount_evidence =
      std::string(paths::kProcSelfMountinfo) + " line " + std::to_string(mount.line);
  fs.network = fstypes::IsNetwork(mount.fstype);
  fs.memory = fstypes::IsMemory(mount.fstype);
  if (fs.network) {
    fs.rotational =
        Fact<bool>::Unknown(fs.mount_evidence, "a network filesystem (" + mount.fstype + ")");
  } else if (fs.memory) {
    fs.rotational = Fact<bool>::Unknown(fs.mount_evidence, "in memory (" + mount.fstype + ")");
  } else {
    BlockMedium medium = ResolveBlockMedium(view, mount.major, mount.minor, mount.source);
    fs.rotational = std::move(medium.rotational);
    fs.devices = std::move(medium.devices);
  }
  const std::string space_source = "statvfs(" + mount.mount_point + ")";
  FsSpace space = view.StatFs(mount.mount_point);
  if (space.ok()) {
    fs.space = Fact<FsSpace>::Known(space, space_source);
  } else {
    fs.space = Fact<FsSpace>::Unknown(
        space_source, space.error.empty() ? std::string(ToString(space.status)) : space.error);
  }
  return fs;
}

}  // namespace

template <>
StorageFacts CollectFacts<StorageFacts>(const SystemView& view) {
  StorageFacts facts;
  const std::string source(paths::kProcSelfMountinfo);
  mountinfo::ReadTable read = mountinfo::ReadSelfMountinfo(view);
  const FileContent& file = read.file;
  facts.mount_table_status = file.status;
  facts.places = Places(view);
  if (!file.ok()) {
    facts.mounts = Fact<std::size_t>::Unknown(
        source, file.error.empty() ? std::string(ToString(file.status)) : file.error);
    return facts;
  }
  const mountinfo::Table& table = read.table;
  facts.mount_lines_skipped = table.skipped_lines;
  facts.mounts = Fact<std::size_t>::Known(table.mounts.size(),
                                          source + (file.truncated ? " (truncated)" : ""));
  std::vector<const mountinfo::Mount*> used;
  for (StoragePlace& place : facts.places) {
    if (place.resolved.empty()) continue;
    const mountinfo::Mount* mount = mountinfo::MountFor(table, place.resolved);
    if (mount == nullptr) {
      place.error = "no mount in " + source + " holds it";
      continue;
    }
    auto it = std::find(used.begin(), used.end(), mount);
    if (it == used.end()) {
      used.push_back(mount);
      facts.filesystems.push_back(Describe(view, *mount));
      it = used.end() - 1;
    }
    place.filesystem = static_cast<std::size_t>(it - used.begin());
  }
  return facts;
}

}  // namespace rocm_doctor
