// SPDX-License-Identifier: MIT
#include "system/resolved_read.h"

#include <fcntl.h>
#include <sys/stat.h>

#include <cerrno>
#include <string>
#include <utility>

#include "system/open_beneath.h"

namespace rocm_doctor::system {

int LStatResolved(const RootResolver& resolver, const ResolvedPath& r, struct stat& st) {
  if (r.has_stat) {
    st = r.st;
    return 0;
  }
  UniqueFd fd = resolver.Open(r.logical, O_PATH | O_NOFOLLOW);
  if (!fd) return errno;
  return ::fstat(fd.get(), &st) == 0 ? 0 : errno;
}

UniqueFd OpenRegular(const RootResolver& resolver, const ResolvedPath& r, struct stat& st,
                     FileContent& refusal) {
  if (const int error_number = LStatResolved(resolver, r, st); error_number != 0) {
    refusal = RefusedErrno<FileContent>(error_number);
    return UniqueFd();
  }
  if (S_ISDIR(st.st_mode)) {
    refusal = RefusedErrno<FileContent>(EISDIR);
    return UniqueFd();
  }
  if (!S_ISREG(st.st_mode)) {
    refusal = Refused<FileContent>(
        FsStatus::kError,
        "not a regular file (" + std::string(ToString(TypeFromMode(st.st_mode))) + "); not read");
    return UniqueFd();
  }
  constexpr int kReadFlags = O_RDONLY | O_NONBLOCK | O_NOCTTY;
  if (r.handle) {
    // The inode just judged by its fstat(): nothing swapped in at the path since is opened.
    UniqueFd fd = ReopenHandle(r.handle.get(), kReadFlags);
    if (fd) return fd;
    if (errno != ENOSYS) {
      refusal = RefusedErrno<FileContent>(errno);
      return UniqueFd();
    }
  }
  UniqueFd fd = resolver.Open(r.logical, kReadFlags);
  if (!fd) {
    refusal = RefusedErrno<FileContent>(errno);
    return UniqueFd();
  }
  if (::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode)) {
    refusal = Refused<FileContent>(FsStatus::kError, "not a regular file; not read");
    return UniqueFd();
  }
  return fd;
}

bool IsPlainRelative(std::string_view name) {
  if (name.empty() || name.front() == '/' || name.back() == '/') return false;
  while (!name.empty()) {
    const std::size_t slash = name.find('/');
    const std::string_view part = name.substr(0, slash);
    if (part.empty() || part == "." || part == "..") return false;
    if (slash == std::string_view::npos) break;
    name.remove_prefix(slash + 1);
  }
  return true;
}

bool OpenBelow(int dir_fd, std::string_view name, ResolvedPath& r) {
  UniqueFd fd = OpenBeneath(dir_fd, name, O_PATH | O_NOFOLLOW);
  if (!fd || ::fstat(fd.get(), &r.st) != 0 || S_ISLNK(r.st.st_mode)) return false;
  r.status = FsStatus::kOk;
  r.has_stat = true;
  r.handle = std::move(fd);
  return true;
}

FileContent ReadRegular(const RootResolver& resolver, std::size_t limit, const ResolvedPath& r) {
  if (r.readable && r.has_stat && S_ISREG(r.st.st_mode)) {
    return ReadBounded(r.handle.get(), limit, static_cast<std::size_t>(r.st.st_size),
                       /*stop_at_size=*/true);
  }
  struct stat st {};
  FileContent refusal;
  UniqueFd fd = OpenRegular(resolver, r, st, refusal);
  if (!fd) return refusal;
  return ReadBounded(fd.get(), limit, static_cast<std::size_t>(st.st_size), /*stop_at_size=*/true);
}

}  // namespace rocm_doctor::system
