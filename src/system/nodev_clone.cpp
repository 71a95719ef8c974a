// SPDX-License-Identifier: MIT
#include "system/nodev_clone.h"

#include <fcntl.h>
#include <linux/mount.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <string>

#include "base/mountinfo_parse.h"

namespace rocm_doctor::system {
namespace {

// Debian 12's glibc (2.36) wraps none of these; the numbers are the same on every architecture
// that has them (the unified system call table since Linux 5.1).
#ifndef SYS_open_tree
#define SYS_open_tree 428
#endif
#ifndef SYS_openat2
#define SYS_openat2 437
#endif
#ifndef SYS_mount_setattr
#define SYS_mount_setattr 442
#endif

}  // namespace

bool HasMountBelow(std::string_view mountinfo_text, const std::string& dir_path) {
  const std::string prefix = dir_path + "/";
  const mountinfo::Table table = mountinfo::Parse(mountinfo_text);
  if (table.skipped_lines != 0) return true;  // not the kernel's plain text: assume the worst
  return std::any_of(table.mounts.begin(), table.mounts.end(), [&](const mountinfo::Mount& m) {
    return m.mount_point.size() > prefix.size() &&
           m.mount_point.compare(0, prefix.size(), prefix) == 0;
  });
}

UniqueFd OpenNodevClone(int dir_fd, const std::string& dir_path) {
  const UniqueFd mounts(::open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC));
  if (!mounts) return UniqueFd();
  const FileContent mount_table = ReadBounded(mounts.get(), mountinfo::kMaxBytes);
  if (!mount_table.ok() || mount_table.truncated || HasMountBelow(mount_table.data, dir_path)) {
    return UniqueFd();
  }
  const long tree =
      ::syscall(SYS_open_tree, dir_fd, "", OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_EMPTY_PATH);
  if (tree < 0) return UniqueFd();
  UniqueFd clone(static_cast<int>(tree));
  mount_attr attr{};
  attr.attr_set = MOUNT_ATTR_RDONLY | MOUNT_ATTR_NODEV | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NOEXEC;
  if (::syscall(SYS_mount_setattr, clone.get(), "", AT_EMPTY_PATH, &attr, sizeof attr) != 0) {
    return UniqueFd();  // a clone that would open device nodes is no use
  }
  return clone;
}

bool OpenRegularForReading(int dir_fd, std::string_view name, ResolvedPath& r) {
  open_how how{};
  how.flags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
  // RESOLVE_NO_XDEV: the clone holds one mount; should another be attached below it, it is
  // never crossed here.
  how.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS | RESOLVE_NO_XDEV;
  const std::string relative(name);
  const long opened = ::syscall(SYS_openat2, dir_fd, relative.c_str(), &how, sizeof how);
  if (opened < 0) return false;
  UniqueFd fd(static_cast<int>(opened));
  if (::fstat(fd.get(), &r.st) != 0 || !S_ISREG(r.st.st_mode)) {
    errno = 0;  // the path is there: what it is, is for the O_PATH way to say
    return false;
  }
  r.status = FsStatus::kOk;
  r.has_stat = true;
  r.handle = std::move(fd);
  r.readable = true;
  return true;
}

}  // namespace rocm_doctor::system
