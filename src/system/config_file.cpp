// SPDX-License-Identifier: MIT
#include "system/config_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

#include "system/fd_io.h"

namespace rocm_doctor::system {
namespace {

std::string KindOf(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISLNK(mode)) return "a symlink";
  return "not a file";
}

}  // namespace

std::string SizeLimitText(std::size_t bytes) {
  if (bytes >= (1u << 20) && bytes % (1u << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  if (bytes >= (1u << 10) && bytes % (1u << 10) == 0) return std::to_string(bytes >> 10) + " KiB";
  return std::to_string(bytes) + " bytes";
}

std::string ReadUserFileInto(const std::string& path, std::size_t max_bytes, std::string& buffer) {
  buffer.clear();
  if (path.empty()) return "empty file name";
  // O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting for one.
  UniqueFd fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
  if (!fd) return ErrnoText(errno);
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) return ErrnoText(errno);
  if (!S_ISREG(st.st_mode)) return "not a regular file (" + KindOf(st.st_mode) + ")";
  const std::string too_large = "larger than " + SizeLimitText(max_bytes);
  if (st.st_size < 0 || static_cast<std::size_t>(st.st_size) > max_bytes) return too_large;
  // A regular file never blocks, but the descriptor is made an ordinary one all the same.
  const int flags = ::fcntl(fd.get(), F_GETFL);
  if (flags >= 0) ::fcntl(fd.get(), F_SETFL, flags & ~O_NONBLOCK);
  // st_size is a hint (the file may grow or shrink while read): read to EOF, never more than
  // max_bytes + 1 bytes.
  buffer.resize(static_cast<std::size_t>(st.st_size) + 1);
  std::size_t got = 0;
  for (;;) {
    if (got == buffer.size()) {
      if (buffer.size() > max_bytes) {
        buffer.clear();
        return too_large;
      }
      buffer.resize(std::min(max_bytes + 1, std::max<std::size_t>(buffer.size() * 2, 4096)));
    }
    const ssize_t n = ::read(fd.get(), buffer.data() + got, buffer.size() - got);
    if (n < 0) {
      if (errno == EINTR) continue;
      const int error_number = errno;
      buffer.clear();
      return ErrnoText(error_number);
    }
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  buffer.resize(got);
  if (got > max_bytes) {
    buffer.clear();
    return too_large;
  }
  return {};
}

Result<std::string> ReadUserFile(const std::string& path, std::size_t max_bytes) {
  std::string text;
  if (std::string error = ReadUserFileInto(path, max_bytes, text); !error.empty()) {
    return Error{path + ": " + error};
  }
  return text;
}

}  // namespace rocm_doctor::system
