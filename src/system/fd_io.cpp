// SPDX-License-Identifier: MIT
#include "system/fd_io.h"

#include <dirent.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string_view>

namespace rocm_doctor::system {

FsStatus StatusFromErrno(int error_number) {
  switch (error_number) {
    case 0:
      return FsStatus::kOk;
    case ENOENT:
    case ENOTDIR:
      return FsStatus::kNotFound;
    case EACCES:
    case EPERM:
      return FsStatus::kPermissionDenied;
    case ELOOP:
      return FsStatus::kLoop;
    default:
      return FsStatus::kError;
  }
}

std::string ErrnoText(int error_number) {
  char buffer[256] = {};
  // GNU strerror_r may return a static string instead of filling the buffer.
  const char* text = strerror_r(error_number, buffer, sizeof buffer);
  return text != nullptr ? std::string(text) : std::string("errno ") + std::to_string(error_number);
}

FileContent ReadBounded(int fd, std::size_t limit, std::size_t size_hint, bool stop_at_size) {
  FileContent out;
  // Sysfs attributes are a few bytes: read into a stack buffer first and append, so a small
  // file costs no 64 KiB zero-fill (that was 15% of a replay's CPU time).
  // Past 64 KiB (a library's ELF, a big log) it reads 1 MiB at a time straight into the string.
  // A large regular file whose size the caller knows (the 1 MB dpkg status) is read straight
  // into a string of that size: 1 MiB chunks made a 2 MiB string (each chunk zero-filled, the
  // second one to find EOF) and 1.5 MiB more peak RSS. The size is only a first guess (the file
  // may change after its fstat()): past it the stack buffer finds EOF, or the rest.
  char buffer[8192];
  constexpr std::size_t kSmallFile = 64 * 1024;
  constexpr std::size_t kLargeChunk = 1 << 20;
  const std::size_t expected = size_hint >= kSmallFile ? std::min(size_hint, limit) : 0;
  while (out.data.size() < limit) {
    const std::size_t old_size = out.data.size();
    const bool large = expected != 0 ? old_size < expected : old_size >= kSmallFile;
    const std::size_t chunk = expected != 0 ? expected - old_size : kLargeChunk;
    const std::size_t want = std::min(large ? chunk : sizeof buffer, limit - old_size);
    if (large) out.data.resize(old_size + want);
    const ssize_t got = ::read(fd, large ? out.data.data() + old_size : buffer, want);
    if (large) out.data.resize(old_size + static_cast<std::size_t>(std::max<ssize_t>(got, 0)));
    if (got < 0) {
      const int error_number = errno;
      if (error_number == EINTR) continue;
      if (error_number == EAGAIN && !out.data.empty()) break;
      out.status = StatusFromErrno(error_number);
      if (out.status == FsStatus::kNotFound) out.status = FsStatus::kError;
      out.error = ErrnoText(error_number);
      out.data.clear();
      return out;
    }
    if (got == 0) {
      out.status = FsStatus::kOk;
      return out;
    }
    if (!large) out.data.append(buffer, static_cast<std::size_t>(got));
    if (stop_at_size && static_cast<std::size_t>(got) < want && out.data.size() == size_hint) {
      out.status = FsStatus::kOk;
      return out;
    }
  }
  out.status = FsStatus::kOk;
  if (out.data.size() >= limit) {
    char probe = 0;
    ssize_t got = 0;
    do {
      got = ::read(fd, &probe, 1);
    } while (got < 0 && errno == EINTR);
    out.truncated = got > 0;
  }
  return out;
}

NodeType TypeFromMode(mode_t mode) {
  if (S_ISREG(mode)) return NodeType::kRegular;
  if (S_ISDIR(mode)) return NodeType::kDirectory;
  if (S_ISLNK(mode)) return NodeType::kSymlink;
  if (S_ISCHR(mode)) return NodeType::kCharDevice;
  if (S_ISBLK(mode)) return NodeType::kBlockDevice;
  return NodeType::kOther;
}

NameList ListNamesAt(int dir_fd) {
  NameList out;
  // getdents64(2) into a buffer on the stack: what readdir() does, without the dup(), the
  // fcntl() and fstat() of fdopendir() and its 32 KiB heap buffer per directory (a replayed
  // MI300X topology lists about 300 directories). Entries are struct dirent64 records of
  // d_reclen bytes each; the call returns 0 at the end, -1 with errno on failure.
  alignas(dirent64) char buffer[8192];
  while (true) {
    const ssize_t got = ::getdents64(dir_fd, buffer, sizeof buffer);
    if (got < 0) {
      if (errno == EINTR) continue;
      out.error_number = errno;
      break;
    }
    if (got == 0) break;
    for (ssize_t at = 0; at < got;) {
      const auto* entry = reinterpret_cast<const dirent64*>(buffer + at);
      const std::string_view name(entry->d_name);
      if (name != "." && name != "..") out.names.emplace_back(name);
      at += entry->d_reclen;
    }
  }
  std::sort(out.names.begin(), out.names.end());
  return out;
}

UniqueFd& UniqueFd::operator=(UniqueFd&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = other.release();
  }
  return *this;
}

UniqueFd::~UniqueFd() {
  if (fd_ >= 0) ::close(fd_);
}

int UniqueFd::release() {
  const int fd = fd_;
  fd_ = -1;
  return fd;
}

int WriteAll(int fd, std::string_view data) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN) {
        pollfd p{fd, POLLOUT, 0};
        ::poll(&p, 1, -1);
        continue;
      }
      return errno;
    }
    if (n == 0) return EIO;
    data.remove_prefix(static_cast<std::size_t>(n));
  }
  return 0;
}

}  // namespace rocm_doctor::system
