// SPDX-License-Identifier: MIT
#include "system/open_beneath.h"

#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <string>

namespace rocm_doctor::system {
namespace {

// Debian 12's glibc (2.36) has no openat2() wrapper; the system call number is in its headers.
#ifndef SYS_openat2
#define SYS_openat2 437
#endif

std::atomic<bool> g_openat2_missing{false};
std::atomic<bool> g_proc_fd_missing{false};

// This process's /proc/self/fd, opened once and kept for the life of the process (-1 without a
// /proc): a reopen then looks up one name below it instead of walking "/proc", "self" (a link
// to this process) and "fd" again for every file. Threads share the descriptor table it lists.
int ProcSelfFdDir() {
  static const int fd = ::open("/proc/self/fd", O_PATH | O_DIRECTORY | O_CLOEXEC);
  return fd;
}

// "/a/b/c" -> "a/b/c"; "/" -> ".".
std::string Relative(std::string_view logical) {
  while (!logical.empty() && logical.front() == '/') logical.remove_prefix(1);
  return logical.empty() ? std::string(".") : std::string(logical);
}

}  // namespace

UniqueFd OpenBeneathByWalk(int root_fd, std::string_view logical, int flags) {
  const std::string relative = Relative(logical);
  if (relative == ".") return UniqueFd(::openat(root_fd, ".", flags | O_CLOEXEC));
  UniqueFd dir;
  int at = root_fd;
  std::size_t begin = 0;
  while (true) {
    const std::size_t slash = relative.find('/', begin);
    const std::string part = relative.substr(begin, slash - begin);
    if (part == ".." || part == ".") {
      errno = EXDEV;  // a caller's bug: logical paths never hold them
      return UniqueFd();
    }
    if (slash == std::string::npos) {
      return UniqueFd(::openat(at, part.c_str(), flags | O_CLOEXEC | O_NOFOLLOW));
    }
    if (!part.empty()) {
      UniqueFd next(::openat(at, part.c_str(), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
      if (!next) {
        // O_NOFOLLOW on a symlink fails with ELOOP, or ENOTDIR with O_DIRECTORY: say ELOOP.
        if (errno == ENOTDIR) {
          struct stat st {};
          if (::fstatat(at, part.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode)) {
            errno = ELOOP;
          } else {
            errno = ENOTDIR;
          }
        }
        return UniqueFd();
      }
      dir = std::move(next);
      at = dir.get();
    }
    begin = slash + 1;
  }
}

UniqueFd OpenBeneath(int root_fd, std::string_view logical, int flags) {
  if (!g_openat2_missing.load(std::memory_order_relaxed)) {
    const std::string relative = Relative(logical);
    open_how how{};
    how.flags = static_cast<__u64>(flags | O_CLOEXEC);
    how.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS;
    const long fd = ::syscall(SYS_openat2, root_fd, relative.c_str(), &how, sizeof how);
    if (fd >= 0) return UniqueFd(static_cast<int>(fd));
    // ENOSYS: a kernel before 5.6; EPERM: a seccomp filter (some container runtimes) refusing
    // the call it does not know.
    if (errno != ENOSYS && errno != EPERM) return UniqueFd();
    g_openat2_missing.store(true, std::memory_order_relaxed);
  }
  return OpenBeneathByWalk(root_fd, logical, flags);
}

UniqueFd ReopenHandle(int path_fd, int flags) {
  if (!g_proc_fd_missing.load(std::memory_order_relaxed)) {
    char name[16];
    std::snprintf(name, sizeof name, "%d", path_fd);
    UniqueFd fd(::openat(ProcSelfFdDir(), name, flags | O_CLOEXEC));
    if (fd) return fd;
    // The magic link of an open descriptor exists even when its file was unlinked since:
    // ENOENT here means no /proc (or one without this process), EBADF that /proc/self/fd did
    // not open.
    if (errno != ENOENT && errno != EBADF) return UniqueFd();
    g_proc_fd_missing.store(true, std::memory_order_relaxed);
  }
  errno = ENOSYS;
  return UniqueFd();
}

}  // namespace rocm_doctor::system
