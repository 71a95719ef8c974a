// SPDX-License-Identifier: MIT
#include "system/resolve_direct.h"

#include <fcntl.h>

#include <cerrno>
#include <utility>

#include "system/nodev_clone.h"
#include "system/open_beneath.h"

namespace rocm_doctor::system::direct {

std::vector<std::string_view> SplitPath(std::string_view path) {
  std::vector<std::string_view> parts;
  while (!path.empty()) {
    const std::size_t slash = path.find('/');
    const std::string_view part = path.substr(0, slash);
    if (!part.empty() && part != ".") parts.push_back(part);
    if (slash == std::string_view::npos) break;
    path.remove_prefix(slash + 1);
  }
  return parts;
}

namespace {

// The direct open for a read or a listing (ResolveDirect); false with errno as the open left it.
bool OpenForPurpose(const std::string& root, int root_fd, Purpose purpose, std::string& logical,
                    ResolvedPath& out) {
  if (purpose.read_fd >= 0) {
    if (!OpenRegularForReading(purpose.read_fd, std::string_view(logical).substr(1), out)) {
      return false;
    }
  } else {
    UniqueFd dir = OpenBeneath(root_fd, logical, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK);
    if (!dir) return false;
    out.status = FsStatus::kOk;
    out.handle = std::move(dir);
    out.readable = true;
  }
  out.real = root + logical;
  out.logical = std::move(logical);
  return true;
}

}  // namespace

// Most paths a replay reads hold no symlink and no "..": for those one openat2(2) below the root
// with RESOLVE_NO_SYMLINKS (OpenBeneath: the kernel walks every component, refuses any symlink
// and never leaves the root) and an fstat() of the O_PATH descriptor give the answer the walk
// below would give (the path itself, the lstat() of its last component), in 2 system calls
// instead of an open, an fstatat() and a close per component not cached; the descriptor stays in
// the answer (ResolvedPath::handle) for the read that usually follows. O_PATH opens nothing for
// reading, so a device node or FIFO met here has no effect. Any failure (a symlink on the
// way, a missing or denied component, an old kernel) says nothing: the walk answers, with its
// own errors. False when the walk must answer.
// `cur` is where the walk would start ("" for the root, else a cached link-free directory) and
// parts[first..] what is left to resolve from there.
// For a read (`purpose.read_fd`, the root in a nodev clone: RootResolver::EnableReadingClone) a
// regular file is opened for reading at once (OpenRegularForReading: a device node cannot be
// opened there) and comes back readable. For a listing (`purpose.list`) a directory is opened
// with O_DIRECTORY below the root itself: the kernel refuses anything else before opening it
// (ENOTDIR), so no device node or FIFO is ever opened. A path that fails there with ENOENT or
// ELOOP fails alike with O_PATH (the same walk, the same flags) and the walk below answers;
// anything else (a file where a directory was wanted, a FIFO, a device node, a directory without
// read permission) is looked at again the O_PATH way.
bool ResolveDirect(const std::string& root, int root_fd, Purpose purpose, const std::string& cur,
                   const std::vector<std::string_view>& parts, std::size_t first, bool follow_final,
                   ResolvedPath& out) {
  if (first >= parts.size()) return false;
  std::string logical = cur;
  for (std::size_t i = first; i < parts.size(); ++i) {
    const std::string_view part = parts[i];
    if (part == "..") return false;
    logical += '/';
    logical += part;
  }
  if ((purpose.read_fd >= 0 || purpose.list) && follow_final) {
    if (OpenForPurpose(root, root_fd, purpose, logical, out)) return true;
    // For a listing, ENOTDIR may be the last component itself (a file): the O_PATH way says.
    if (PathItselfFailed(errno) && !(purpose.list && errno == ENOTDIR)) return false;
  }
  UniqueFd fd = OpenBeneath(root_fd, logical, O_PATH | O_NOFOLLOW);
  struct stat st {};
  if (!fd || ::fstat(fd.get(), &st) != 0) return false;
  if (S_ISLNK(st.st_mode) && follow_final) return false;  // the walk expands it
  out.status = FsStatus::kOk;
  out.real = root + logical;
  out.logical = std::move(logical);
  out.st = st;
  out.has_stat = true;
  out.handle = std::move(fd);
  return true;
}

// A symlink's target, resolved from `cur` (the link-free directory holding the link) in one
// openat2(2) instead of an open, an fstatat() and a close per component: sysfs links are
// "../../devices/pci0000:00/..." with no further link on the way. RESOLVE_NO_SYMLINKS makes the
// kernel refuse any link it meets, so a success means every component was a real directory and
// the lexical path ("cur/../../x" -> "/x") is the one the walk would reach; RESOLVE_BENEATH
// refuses a ".." that would climb out of the root (the walk stops such a ".." at the root
// instead) and any rename racing a "..". False, touching nothing, when the walk must do it:
// a link on the way or at the end, a missing component, an empty or "/" target.
bool ResolveLinkTarget(int root_fd, const std::string& cur, const std::string& target,
                       LinkTargetAnswer& out) {
  const bool absolute = target.front() == '/';
  std::string logical = absolute ? std::string() : cur;
  std::string kernel_path = logical;
  bool any = false;
  for (const std::string_view part : SplitPath(target)) {
    any = true;
    kernel_path += '/';
    kernel_path += part;
    if (part != "..") {
      logical += '/';
      logical += part;
    } else if (logical.empty()) {
      return false;  // ".." at the root: the walk's answer (it stays at the root)
    } else {
      logical.erase(logical.rfind('/'));
    }
  }
  if (!any || logical.empty()) return false;
  UniqueFd fd = OpenBeneath(root_fd, kernel_path, O_PATH | O_NOFOLLOW);
  if (!fd || ::fstat(fd.get(), &out.st) != 0 || S_ISLNK(out.st.st_mode)) return false;
  out.logical = std::move(logical);
  out.fd = std::move(fd);
  return true;
}

}  // namespace rocm_doctor::system::direct
