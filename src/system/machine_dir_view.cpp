// SPDX-License-Identifier: MIT
#include "system/machine_dir_view.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <iterator>

#include "system/fd_io.h"
#include "system/nodev_clone.h"
#include "system/open_beneath.h"
#include "system/probe_json.h"
#include "system/range_read.h"
#include "system/resolved_read.h"

namespace rocm_doctor::system {
namespace {

constexpr char kMetaDir[] = ".rocm-doctor";
constexpr std::size_t kMachineJsonLimit = 16 << 20;
constexpr std::size_t kProbeLimit = 256 << 20;
constexpr char kNotRecorded[] = "not recorded in this capture";

// The capture's own metadata is not part of the host.
bool IsMeta(std::string_view logical) {
  constexpr std::string_view kPrefix = "/.rocm-doctor";
  return logical.substr(0, kPrefix.size()) == kPrefix &&
         (logical.size() == kPrefix.size() || logical[kPrefix.size()] == '/');
}

bool IsUnderDev(std::string_view logical) { return logical.substr(0, 5) == "/dev/"; }

// `name` below a directory for ReadFilesBelow: open for reading in the nodev clone (`nodev_dir`,
// when there is one) if it is a regular file there, else its O_PATH descriptor below `dir_fd`.
// False when the per-path way must answer (also when the clone already says the path fails).
bool OpenNameBelow(const UniqueFd& nodev_dir, const UniqueFd& dir_fd, std::string_view name,
                   ResolvedPath& r) {
  if (nodev_dir) {
    if (OpenRegularForReading(nodev_dir.get(), name, r)) return true;
    if (PathItselfFailed(errno)) return false;
  }
  return OpenBelow(dir_fd.get(), name, r);
}

template <class T, class Map>
std::optional<T> Recorded(const Map& errors, std::string_view path) {
  auto it = errors.find(path);
  if (it == errors.end()) return std::nullopt;
  return Refused<T>(it->second.status, it->second.error);
}

}  // namespace

Result<std::shared_ptr<const SystemView>> MachineDirSystemView::Open(
    const std::string& dir, const std::string& display, std::shared_ptr<void> keep_alive,
    ReadRoute route) {
  char resolved[PATH_MAX];
  if (::realpath(dir.c_str(), resolved) == nullptr) {
    return Error{dir + ": " + ErrnoText(errno)};
  }
  struct stat st {};
  if (::stat(resolved, &st) != 0 || !S_ISDIR(st.st_mode)) {
    return Error{dir + ": not a directory"};
  }
  std::string root = resolved;
  if (root == "/") root.clear();  // "/" as a machine directory is the host itself, link-free
  std::shared_ptr<MachineDirSystemView> view(
      new MachineDirSystemView(root, display, std::move(keep_alive)));
  // Files open for reading at once where the kernel refuses device nodes (root only; without
  // it each file is judged through an O_PATH descriptor and reopened: 6 system calls, not 4).
  if (route == ReadRoute::kCloneWhereAvailable) view->resolver_.EnableReadingClone();
  const FileContent passwd = view->ReadInternal("/etc/passwd", kMachineJsonLimit);
  const FileContent group = view->ReadInternal("/etc/group", kMachineJsonLimit);
  view->accounts_ = AccountDb::Parse(passwd.ok() ? passwd.data : "", group.ok() ? group.data : "");
  const FileContent machine =
      view->ReadInternal(std::string("/") + kMetaDir + "/machine.json", kMachineJsonLimit);
  if (machine.status == FsStatus::kNotFound) {
    view->info_.user = DefaultRootUser();
  } else if (!machine.ok()) {
    return Error{dir + "/.rocm-doctor/machine.json: " + machine.error};
  } else if (machine.truncated) {
    return Error{dir + "/.rocm-doctor/machine.json: larger than 16 MiB"};
  } else {
    auto parsed = ParseMachineJson(machine.data, view->accounts_);
    if (!parsed) return Error{dir + "/.rocm-doctor/" + parsed.error()};
    view->info_ = std::move(parsed).value();
  }
  return std::shared_ptr<const SystemView>(std::move(view));
}

FileContent MachineDirSystemView::ReadInternal(std::string_view path, std::size_t limit) const {
  const ResolvedPath r = resolver_.ResolveForReading(path);
  if (r.status != FsStatus::kOk) return Refused<FileContent>(r.status, r.error);
  return ReadRegular(resolver_, limit, r);
}

const NodeInfo* MachineDirSystemView::FindNode(std::string_view path) const {
  auto it = info_.nodes.find(path);
  return it == info_.nodes.end() ? nullptr : &it->second;
}

std::vector<std::string> MachineDirSystemView::NodeChildren(std::string_view dir) const {
  std::string prefix(dir);
  if (prefix.empty() || prefix.back() != '/') prefix += '/';
  std::vector<std::string> names;
  for (auto it = info_.nodes.lower_bound(prefix);
       it != info_.nodes.end() && it->first.compare(0, prefix.size(), prefix) == 0; ++it) {
    const std::string rest = it->first.substr(prefix.size());
    names.push_back(rest.substr(0, rest.find('/')));
  }
  return names;
}

std::optional<FileContent> MachineDirSystemView::RefuseRead(std::string_view path,
                                                            ResolvedPath& r) const {
  const std::string norm = NormalizeHostPath(path);
  if (IsMeta(norm)) return RefusedErrno<FileContent>(ENOENT);
  if (auto e = Recorded<FileContent>(info_.read_errors, norm)) return *e;
  r = resolver_.ResolveForReading(norm);
  return RefuseResolved(norm, r);
}

std::optional<FileContent> MachineDirSystemView::RefuseResolved(std::string_view norm,
                                                                const ResolvedPath& r) const {
  if (IsMeta(r.logical)) return RefusedErrno<FileContent>(ENOENT);
  if (auto e = Recorded<FileContent>(info_.read_errors, r.logical)) return *e;
  const bool node = FindNode(norm) != nullptr || FindNode(r.logical) != nullptr;
  if (node || (r.status == FsStatus::kOk && IsUnderDev(r.logical))) {
    struct stat st {};
    if (node || (LStatResolved(resolver_, r, st) == 0 && !S_ISDIR(st.st_mode))) {
      return Refused<FileContent>(FsStatus::kError,
                                 "device node " + r.logical + ": device nodes are never read");
    }
  }
  if (r.status != FsStatus::kOk) return Refused<FileContent>(r.status, r.error);
  return std::nullopt;
}

FileContent MachineDirSystemView::ReadFile(std::string_view path, std::size_t limit) const {
  ResolvedPath r;
  if (auto refused = RefuseRead(path, r)) return std::move(*refused);
  return ReadRegular(resolver_, limit, r);
}

std::vector<FileContent> MachineDirSystemView::ReadFilesBelow(
    std::string_view dir, const std::vector<std::string>& names, std::size_t limit) const {
  // `dir` is resolved once (links expanded, through the resolver's cache) to a directory
  // descriptor; each link-free name is then one openat2() below that descriptor instead of a
  // resolution from the root. Any name that is not plainly link-free below it (a symlink, "..",
  // a missing component) is read by ReadFile, whose answer, error text included, is the rule.
  std::vector<FileContent> out;
  out.reserve(names.size());
  std::string norm = NormalizeHostPath(dir);
  if (norm == "/") norm.clear();
  const std::size_t norm_stem = norm.size() + 1;
  ResolvedPath d;
  UniqueFd dir_fd;
  UniqueFd nodev_dir;  // the same directory in the nodev clone, where names open for reading
  if (!IsMeta(norm)) {
    d = resolver_.Resolve(norm.empty() ? "/" : norm, true);
    const bool is_dir = !d.has_stat || S_ISDIR(d.st.st_mode);
    if (d.status == FsStatus::kOk && is_dir && !IsMeta(d.logical)) {
      dir_fd = d.handle ? std::move(d.handle) : resolver_.Open(d.logical, O_PATH | O_DIRECTORY);
      if (d.logical == "/") d.logical.clear();
      if (const int clone = resolver_.reading_clone_fd(); clone >= 0) {
        nodev_dir = OpenBeneath(clone, d.logical, O_PATH | O_DIRECTORY);
      }
    }
  }
  std::string full = norm + "/";
  for (const std::string& name : names) {
    full.resize(norm_stem);
    full += name;
    ResolvedPath r;
    if (!dir_fd || !IsPlainRelative(name) || !OpenNameBelow(nodev_dir, dir_fd, name, r)) {
      out.push_back(ReadFile(full, limit));
      continue;
    }
    r.logical = d.logical + "/" + name;
    if (IsMeta(full)) {
      out.push_back(RefusedErrno<FileContent>(ENOENT));
    } else if (auto e = Recorded<FileContent>(info_.read_errors, full)) {
      out.push_back(std::move(*e));
    } else if (auto refused = RefuseResolved(full, r)) {
      out.push_back(std::move(*refused));
    } else {
      out.push_back(ReadRegular(resolver_, limit, r));
    }
  }
  return out;
}

FileContent MachineDirSystemView::ReadFileAt(std::string_view path, std::uint64_t offset,
                                             std::size_t length) const {
  ResolvedPath r;
  if (auto refused = RefuseRead(path, r)) return std::move(*refused);
  struct stat st {};
  FileContent refusal;
  UniqueFd fd = OpenRegular(resolver_, r, st, refusal);
  if (!fd) return refusal;
  return ReadRange(fd.get(), offset, length);
}

DirListing MachineDirSystemView::ListDir(std::string_view path) const {
  const std::string norm = NormalizeHostPath(path);
  if (IsMeta(norm)) return RefusedErrno<DirListing>(ENOENT);
  if (auto e = Recorded<DirListing>(info_.list_errors, norm)) return *e;
  ResolvedPath r = resolver_.ResolveForListing(norm);
  if (IsMeta(r.logical)) return RefusedErrno<DirListing>(ENOENT);
  if (auto e = Recorded<DirListing>(info_.list_errors, r.logical)) return *e;
  // The nodes machine.json records below the directory, then what the directory holds: one
  // sorted list without repeats (usually just the listing, already sorted).
  std::vector<std::string> names = NodeChildren(norm);
  if (r.logical != norm) {
    std::vector<std::string> more = NodeChildren(r.logical);
    names.insert(names.end(), std::make_move_iterator(more.begin()),
                 std::make_move_iterator(more.end()));
  }
  const bool recorded = !names.empty();
  if (r.status != FsStatus::kOk) {
    if (!recorded) return Refused<DirListing>(r.status, r.error);
  } else {
    constexpr int kListFlags = O_RDONLY | O_DIRECTORY | O_NONBLOCK;
    UniqueFd fd = r.readable     ? std::move(r.handle)
                  : r.handle     ? ReopenHandle(r.handle.get(), kListFlags)
                                 : UniqueFd();
    if (!fd && (!r.handle || errno == ENOSYS)) fd = resolver_.Open(r.logical, kListFlags);
    if (!fd) {
      const int error_number = errno;
      if (!recorded) {
        return error_number == ENOTDIR ? Refused<DirListing>(FsStatus::kError, ErrnoText(ENOTDIR))
                                       : RefusedErrno<DirListing>(error_number);
      }
    } else {
      // A directory that cannot be read lists what was read of it, plus the recorded nodes.
      std::vector<std::string> listed = ListNamesAt(fd.get()).names;
      if (r.logical == "/") std::erase(listed, std::string_view(kMetaDir));
      if (!recorded) {
        names = std::move(listed);
      } else {
        names.insert(names.end(), std::make_move_iterator(listed.begin()),
                     std::make_move_iterator(listed.end()));
      }
    }
  }
  if (recorded) {
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
  }
  DirListing out;
  out.status = FsStatus::kOk;
  out.names = std::move(names);
  return out;
}

LinkTarget MachineDirSystemView::ReadLink(std::string_view path) const {
  const std::string norm = NormalizeHostPath(path);
  if (IsMeta(norm)) return RefusedErrno<LinkTarget>(ENOENT);
  ResolvedPath r = resolver_.Resolve(norm, false);
  if (IsMeta(r.logical)) return RefusedErrno<LinkTarget>(ENOENT);
  if (r.status != FsStatus::kOk) return Refused<LinkTarget>(r.status, r.error);
  struct stat st {};
  if (const int error_number = LStatResolved(resolver_, r, st); error_number != 0) {
    return RefusedErrno<LinkTarget>(error_number);
  }
  if (!S_ISLNK(st.st_mode)) return Refused<LinkTarget>(FsStatus::kError, "not a symbolic link");
  // O_PATH|O_NOFOLLOW opens the link itself; readlinkat(fd, "") reads it (Linux 2.6.39+).
  UniqueFd link = r.handle ? std::move(r.handle) : resolver_.Open(r.logical, O_PATH | O_NOFOLLOW);
  if (!link) return RefusedErrno<LinkTarget>(errno);
  std::string target(static_cast<std::size_t>(PATH_MAX), '\0');
  const ssize_t got = ::readlinkat(link.get(), "", target.data(), target.size());
  if (got < 0) return RefusedErrno<LinkTarget>(errno);
  target.resize(static_cast<std::size_t>(got));
  LinkTarget out;
  out.status = FsStatus::kOk;
  out.target = std::move(target);
  return out;
}

NodeInfo MachineDirSystemView::Stat(std::string_view path) const {
  const std::string norm = NormalizeHostPath(path);
  if (IsMeta(norm)) return RefusedErrno<NodeInfo>(ENOENT);
  if (auto e = Recorded<NodeInfo>(info_.stat_errors, norm)) return *e;
  if (const NodeInfo* node = FindNode(norm)) return *node;
  const ResolvedPath r = resolver_.Resolve(norm, true);
  if (IsMeta(r.logical)) return RefusedErrno<NodeInfo>(ENOENT);
  if (auto e = Recorded<NodeInfo>(info_.stat_errors, r.logical)) return *e;
  if (const NodeInfo* node = FindNode(r.logical)) return *node;
  NodeInfo out;
  if (r.status != FsStatus::kOk) {
    if (NodeChildren(norm).empty() && NodeChildren(r.logical).empty()) {
      return Refused<NodeInfo>(r.status, r.error);
    }
    // A directory that exists only because a node listed in machine.json lives under it.
    out.status = FsStatus::kOk;
    out.type = NodeType::kDirectory;
    out.mode = 0755;
    out.owner = out.group = "root";
    return out;
  }
  struct stat st {};
  if (const int error_number = LStatResolved(resolver_, r, st); error_number != 0) {
    return RefusedErrno<NodeInfo>(error_number);
  }
  out.status = FsStatus::kOk;
  if (IsUnderDev(r.logical) && S_ISREG(st.st_mode)) {
    // machine-format.md: a file under dev/ with no "nodes" entry is a char device 0666 root:root.
    out.type = NodeType::kCharDevice;
    out.mode = 0666;
    out.owner = out.group = "root";
    return out;
  }
  out.type = TypeFromMode(st.st_mode);
  out.mode = st.st_mode & 07777;
  out.uid = st.st_uid;
  out.gid = st.st_gid;
  out.owner = accounts_.UserName(st.st_uid);
  out.group = accounts_.GroupName(st.st_gid);
  if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) {
    out.major = ::major(st.st_rdev);
    out.minor = ::minor(st.st_rdev);
  }
  return out;
}

std::optional<std::string> MachineDirSystemView::GetEnv(std::string_view name) const {
  auto it = info_.env.find(std::string(name));
  if (it == info_.env.end()) return std::nullopt;
  return it->second;
}

CommandOutcome MachineDirSystemView::Run(const CommandSpec& spec) const {
  CommandOutcome out;
  out.state = CommandOutcome::State::kNotRecorded;
  out.error = kNotRecorded;
  if (!IsValidProbeName(spec.name)) {
    out.error += " (probe name \"" + spec.name + "\" cannot be a file name)";
    return out;
  }
  const std::string file = std::string(kProbesDir) + "/" + spec.name + ".json";
  const FileContent content = ReadInternal("/" + file, kProbeLimit);
  if (content.status == FsStatus::kNotFound) return out;
  if (!content.ok() || content.truncated) {
    out.error = file + ": " + (content.ok() ? "larger than 256 MiB" : content.error);
    return out;
  }
  auto parsed = ParseProbeJson(content.data);
  if (!parsed) {
    out.error = file + " is malformed: " + parsed.error();
    return out;
  }
  return std::move(parsed).value();
}

KernelLog MachineDirSystemView::ReadKernelLog() const {
  KernelLog log;
  const std::string file = std::string(kProbesDir) + "/" + std::string(kKernelLogProbe) + ".json";
  log.source = file;
  log.error = kNotRecorded;
  const FileContent content = ReadInternal("/" + file, kProbeLimit);
  if (content.status == FsStatus::kNotFound) return log;
  if (!content.ok() || content.truncated) {
    log.error = file + ": " + (content.ok() ? "larger than 256 MiB" : content.error);
    return log;
  }
  auto parsed = ParseKernelLogJson(content.data);
  if (!parsed) {
    log.error = file + " is malformed: " + parsed.error();
    return log;
  }
  KernelLog recorded = std::move(parsed).value();
  recorded.source = file + (recorded.source.empty() ? "" : " (from " + recorded.source + ")");
  return recorded;
}

FsSpace MachineDirSystemView::StatFs(std::string_view path) const {
  FsSpace out;
  if (!info_.filesystems_error.empty()) {
    out.status = FsStatus::kError;
    out.error = info_.filesystems_error;
    return out;
  }
  if (auto it = info_.filesystems.find(NormalizeHostPath(path)); it != info_.filesystems.end()) {
    return it->second;
  }
  out.error = std::string(kNotRecorded) + " (machine.json \"filesystems\")";
  return out;
}

}  // namespace rocm_doctor::system
