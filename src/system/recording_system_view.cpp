// SPDX-License-Identifier: MIT
#include "system/recording_system_view.h"

#include <fcntl.h>
#include <sys/stat.h>

#include <cerrno>
#include <optional>

#include "system/archive.h"
#include "system/fd_io.h"
#include "system/machine_json.h"
#include "system/physical_paths.h"
#include "system/probe_json.h"
#include "system/root_resolver.h"
#include "system/temp_dir.h"
#include "system/tree_writer.h"

namespace rocm_doctor {
namespace {

using system::BaseOf;
using system::Child;
using system::ClimbsAboveRoot;
using system::NormalizeHostPath;
using system::ParentOf;
using system::PhysicalPaths;
using system::RecordedError;

// Environment variables a capture keeps from Environment() (GetEnv() answers are always kept):
// those that steer the ROCm/CUDA stacks, library lookup, Python, and container detection. The
// rest (tokens, SSH agents, shell state) stays on the host.
constexpr std::string_view kEnvPrefixes[] = {"HIP_", "HSA_", "ROCR_", "ROCM_", "CUDA_", "GPU_",
                                             "AMD_", "HCC_", "KUBERNETES_"};
constexpr std::string_view kEnvNames[] = {"LD_LIBRARY_PATH", "PATH", "PYTHONPATH", "VIRTUAL_ENV",
                                          "CONDA_PREFIX", "container"};

bool KeepEnv(std::string_view name) {
  for (auto prefix : kEnvPrefixes) {
    if (name.substr(0, prefix.size()) == prefix) return true;
  }
  for (auto exact : kEnvNames) {
    if (name == exact) return true;
  }
  return false;
}

bool RecordableError(FsStatus status) {
  return status == FsStatus::kPermissionDenied || status == FsStatus::kError;
}

bool IsEmptyDir(const std::string& path) {
  // The flags opendir() uses: a link to a directory is followed here, as it always was.
  system::UniqueFd fd(::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC));
  return fd && system::ListNamesAt(fd.get()).names.empty();
}

}  // namespace

struct RecordingSystemView::Recorded {
  std::map<std::string, FileContent> files;
  std::map<std::string, std::vector<std::string>> dirs;
  std::map<std::string, std::string> links;
  std::map<std::string, NodeInfo> stats;
  std::map<std::string, RecordedError, std::less<>> read_errors, list_errors, stat_errors;
  std::map<std::string, std::string> env;
  std::optional<UnameInfo> uname;
  std::optional<UserInfo> user;
  std::map<std::string, std::pair<CommandSpec, CommandOutcome>> probes;
  std::optional<KernelLog> log;
  std::map<std::string, FsSpace, std::less<>> filesystems;
};

RecordingSystemView::RecordingSystemView(std::shared_ptr<const SystemView> inner)
    : inner_(std::move(inner)), recorded_(std::make_shared<Recorded>()) {}

FileContent RecordingSystemView::ReadFile(std::string_view path, std::size_t limit) const {
  FileContent out = inner_->ReadFile(path, limit);
  const std::string key = NormalizeHostPath(path);
  std::lock_guard lock(mutex_);
  if (out.ok()) {
    FileContent& kept = recorded_->files[key];
    if (!kept.ok() || out.data.size() > kept.data.size()) kept = out;
  } else if (RecordableError(out.status)) {
    recorded_->read_errors[key] = RecordedError{out.status, out.error};
  }
  return out;
}

FileContent RecordingSystemView::ReadFileAt(std::string_view path, std::uint64_t offset,
                                            std::size_t length) const {
  // Not forwarded: a capture stores a prefix of each file (kCaptureFileLimit), so ranges read
  // here could lie beyond what replay has. Refused, the collector falls back to ReadFile, which
  // is recorded, and the replay of this capture answers as the capture did (docs/probes.md).
  return SystemView::ReadFileAt(path, offset, length);
}

DirListing RecordingSystemView::ListDir(std::string_view path) const {
  DirListing out = inner_->ListDir(path);
  const std::string key = NormalizeHostPath(path);
  std::lock_guard lock(mutex_);
  if (out.ok()) {
    recorded_->dirs[key] = out.names;
  } else if (RecordableError(out.status)) {
    recorded_->list_errors[key] = RecordedError{out.status, out.error};
  }
  return out;
}

LinkTarget RecordingSystemView::ReadLink(std::string_view path) const {
  LinkTarget out = inner_->ReadLink(path);
  if (out.ok()) {
    std::lock_guard lock(mutex_);
    recorded_->links[NormalizeHostPath(path)] = out.target;
  }
  return out;
}

NodeInfo RecordingSystemView::Stat(std::string_view path) const {
  NodeInfo out = inner_->Stat(path);
  const std::string key = NormalizeHostPath(path);
  std::lock_guard lock(mutex_);
  if (out.ok()) {
    recorded_->stats[key] = out;
  } else if (RecordableError(out.status)) {
    recorded_->stat_errors[key] = RecordedError{out.status, out.error};
  }
  return out;
}

std::optional<std::string> RecordingSystemView::GetEnv(std::string_view name) const {
  auto out = inner_->GetEnv(name);
  if (out) {
    std::lock_guard lock(mutex_);
    recorded_->env[std::string(name)] = *out;
  }
  return out;
}

std::map<std::string, std::string> RecordingSystemView::Environment() const {
  auto out = inner_->Environment();
  std::lock_guard lock(mutex_);
  for (const auto& [name, value] : out) {
    if (KeepEnv(name)) recorded_->env[name] = value;
  }
  return out;
}

UnameInfo RecordingSystemView::Uname() const {
  UnameInfo out = inner_->Uname();
  std::lock_guard lock(mutex_);
  recorded_->uname = out;
  return out;
}

UserInfo RecordingSystemView::CurrentUser() const {
  UserInfo out = inner_->CurrentUser();
  std::lock_guard lock(mutex_);
  recorded_->user = out;
  return out;
}

CommandOutcome RecordingSystemView::Run(const CommandSpec& spec) const {
  CommandOutcome out = inner_->Run(spec);
  std::lock_guard lock(mutex_);
  recorded_->probes[spec.name] = {spec, out};
  return out;
}

KernelLog RecordingSystemView::ReadKernelLog() const {
  KernelLog out = inner_->ReadKernelLog();
  std::lock_guard lock(mutex_);
  recorded_->log = out;
  return out;
}

FsSpace RecordingSystemView::StatFs(std::string_view path) const {
  FsSpace out = inner_->StatFs(path);
  // An answer replay could not give by itself: the figures, or a failure other than "not
  // found" (a timeout, EACCES).
  if (out.ok() || RecordableError(out.status)) {
    std::lock_guard lock(mutex_);
    recorded_->filesystems[NormalizeHostPath(path)] = out;
  }
  return out;
}

bool RecordingSystemView::IsReplay() const { return inner_->IsReplay(); }
std::string RecordingSystemView::Describe() const { return inner_->Describe(); }

namespace {

struct Writer {
  system::TreeWriter& tree;
  CaptureStats& stats;
  void Warn(const std::string& what) {
    if (stats.warnings.size() < 1000) stats.warnings.push_back(what);
  }
  void Check(const Result<bool>& result) {
    if (!result) Warn(result.error());
  }
};

}  // namespace

Result<CaptureStats> RecordingSystemView::WriteMachine(const std::string& out,
                                                       const std::string& description,
                                                       const TreeHook& before_pack) const {
  Recorded snapshot;
  {
    std::lock_guard lock(mutex_);
    snapshot = *recorded_;
  }
  if (!snapshot.uname) snapshot.uname = inner_->Uname();
  if (!snapshot.user) snapshot.user = inner_->CurrentUser();

  const bool archive = system::IsArchiveName(out);
  std::shared_ptr<system::TempDir> temp;
  std::string dir = out;
  struct stat st {};
  if (archive) {
    if (::lstat(out.c_str(), &st) == 0) return Error{out + ": already exists; not overwritten"};
    auto created = system::TempDir::Create("capture");
    if (!created) return Error{created.error()};
    temp = created.value();
    dir = temp->path();
  } else if (::lstat(out.c_str(), &st) == 0) {
    if (!S_ISDIR(st.st_mode)) return Error{out + ": exists and is not a directory"};
    if (!IsEmptyDir(out)) return Error{out + ": directory is not empty; not overwritten"};
  } else if (errno != ENOENT || ::mkdir(out.c_str(), 0755) != 0) {
    return Error{out + ": " + system::ErrnoText(errno)};
  }
  auto opened = system::TreeWriter::Open(dir);
  if (!opened) return Error{opened.error()};
  system::TreeWriter& tree = opened.value();

  CaptureStats stats;
  stats.path = out;
  Writer writer{tree, stats};
  PhysicalPaths physical(*inner_, snapshot.links);
  system::MachineInfo info;
  info.description = description;
  info.uname = *snapshot.uname;
  info.user = *snapshot.user;
  info.env = snapshot.env;
  info.read_errors = snapshot.read_errors;
  info.list_errors = snapshot.list_errors;
  info.stat_errors = snapshot.stat_errors;
  info.filesystems = snapshot.filesystems;

  const auto where = [&](const std::string& path, bool follow) -> std::optional<std::string> {
    auto resolved = physical.Resolve(path, follow);
    if (!resolved) writer.Warn(path + ": symlink loop; not written");
    return resolved;
  };
  // Resolve everything first so every link on the way is known before anything is created.
  std::map<std::string, std::string> file_at, dir_at, stat_at;
  for (const auto& [path, unused] : snapshot.files) {
    if (auto p = where(path, true)) file_at[path] = *p;
  }
  for (const auto& [path, unused] : snapshot.dirs) {
    if (auto p = where(path, true)) dir_at[path] = *p;
  }
  for (const auto& [path, unused] : snapshot.stats) {
    if (auto p = where(path, true)) stat_at[path] = *p;
  }
  std::map<std::string, std::string> links = physical.links();
  for (const auto& [path, target] : snapshot.links) {
    if (auto parent = where(ParentOf(path), true)) links[Child(*parent, BaseOf(path))] = target;
  }
  std::vector<std::string> listed;
  for (const auto& [path, names] : snapshot.dirs) {
    auto it = dir_at.find(path);
    if (it == dir_at.end()) continue;
    for (const auto& name : names) {
      const std::string child = Child(it->second, name);
      if (auto target = physical.LinkAt(child)) links.emplace(child, *target);
      listed.push_back(child);
    }
  }

  for (const auto& [path, target] : links) {
    if (target.empty()) continue;
    if (ClimbsAboveRoot(path, target)) {
      // Replay would stop at the root, but anything else following it leaves the capture.
      writer.Warn(path + " -> " + target + ": the link climbs above /; not written");
      continue;
    }
    writer.Check(tree.MakeLink(path, target));
    ++stats.links;
  }
  for (const auto& [path, at] : dir_at) {
    writer.Check(tree.MakeDirs(at));
    ++stats.dirs;
  }
  for (const auto& [path, at] : file_at) {
    const FileContent& content = snapshot.files[path];
    unsigned mode = 0644;
    if (auto s = snapshot.stats.find(path); s != snapshot.stats.end()) {
      mode = (s->second.mode & 0777) | 0600;
    }
    std::string_view data = content.data;
    if (data.size() > kCaptureFileLimit) {
      writer.Warn(path + ": larger than " + std::to_string(kCaptureFileLimit >> 20) +
                  " MiB; kept truncated");
      data = data.substr(0, kCaptureFileLimit);
    }
    if (stats.bytes + data.size() > kCaptureTotalLimit) {
      writer.Warn(path + ": the capture reached " + std::to_string(kCaptureTotalLimit >> 20) +
                  " MiB; not written");
      continue;
    }
    auto wrote = tree.WriteFile(at, data, mode);
    writer.Check(wrote);
    if (wrote) {
      ++stats.files;
      stats.bytes += data.size();
    }
  }
  const auto place_node = [&](const std::string& at, const NodeInfo& node) {
    switch (node.type) {
      case NodeType::kDirectory:
        writer.Check(tree.MakeDirs(at, (node.mode & 0777) | 0700));
        break;
      case NodeType::kCharDevice:
      case NodeType::kBlockDevice:
        if (info.nodes.emplace(at, node).second) ++stats.nodes;
        writer.Check(tree.Touch(at));  // machine-format.md: dev/ holds empty regular files
        break;
      case NodeType::kRegular:
        writer.Check(tree.Touch(at, (node.mode & 0777) | 0600));
        break;
      default:
        break;
    }
  };
  for (const auto& [path, at] : stat_at) place_node(at, snapshot.stats[path]);
  // A listed name nothing else recorded: an empty stand-in of the right type, so replay lists
  // the same names.
  for (const auto& child : listed) {
    if (tree.Exists(child)) continue;
    NodeInfo node = inner_->Stat(child);
    if (node.ok()) {
      place_node(child, node);
    } else {
      writer.Check(tree.Touch(child));
    }
  }

  writer.Check(tree.MakeDirs("/" + std::string(system::kProbesDir)));
  for (const auto& [name, probe] : snapshot.probes) {
    if (!system::IsValidProbeName(name)) {
      writer.Warn("probe \"" + name + "\": not a valid file name; not written");
      continue;
    }
    const std::string file = "/" + std::string(system::kProbesDir) + "/" + name + ".json";
    writer.Check(tree.WriteFile(file, system::ProbeJsonText(probe.first, probe.second)));
    ++stats.probes;
  }
  if (snapshot.log && snapshot.log->state != KernelLog::State::kNotRecorded) {
    const std::string file = "/" + std::string(system::kProbesDir) + "/" +
                             std::string(system::kKernelLogProbe) + ".json";
    writer.Check(tree.WriteFile(file, system::KernelLogJsonText(*snapshot.log)));
    ++stats.probes;
  }
  auto wrote = tree.WriteFile("/.rocm-doctor/machine.json", system::MachineJsonText(info));
  if (!wrote) return Error{wrote.error()};
  if (before_pack) {
    auto hooked = before_pack(dir, stats);
    if (!hooked) {
      if (!archive) system::RemoveTree(dir);  // a half-processed capture is not kept
      return Error{hooked.error()};
    }
  }

  if (archive) {
    auto packed = system::PackArchive(dir, out);
    if (!packed) return Error{packed.error()};
  }
  return stats;
}

}  // namespace rocm_doctor
