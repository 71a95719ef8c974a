// SPDX-License-Identifier: MIT
#pragma once
// Low-level helpers shared by the live and machine-directory views: errno to FsStatus, bounded
// reads from an open descriptor, whole writes, and node types from st_mode.
#include <fcntl.h>
#include <sys/stat.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "rocm_doctor/system_view.h"

namespace rocm_doctor::system {

// A directory opened to work below it (create, list, remove), never through a symlink.
inline constexpr int kDirNoFollowFlags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;

// ENOENT/ENOTDIR -> kNotFound, EACCES/EPERM -> kPermissionDenied, ELOOP -> kLoop, else kError.
FsStatus StatusFromErrno(int error_number);
std::string ErrnoText(int error_number);  // strerror_r, thread-safe
// Reads `fd` until EOF or `limit` bytes, then probes one byte more to set `truncated`. Never
// trusts st_size (sysfs says 4096, procfs 0). EAGAIN after some data ends the read.
// `size_hint` (a regular file's st_size, 0 if unknown) only sizes the first read of a file over
// 64 KiB, so it is read without zero-filling and over-allocating; what is read stays the truth.
// `stop_at_size`: `size_hint` is the st_size of a file on a disk filesystem (a machine
// directory's, never sysfs or procfs), so a short read that reaches it is the end of the file
// and the read that would return 0 is not made (a replayed MI300X topology is 1,300 files).
// A file that grew after its fstat() is read as it was then.
FileContent ReadBounded(int fd, std::size_t limit, std::size_t size_hint = 0,
                        bool stop_at_size = false);
NodeType TypeFromMode(mode_t mode);

// write() until all of `data` is written: 0, or the errno of the write that failed (EIO for a
// write that wrote nothing). EINTR is retried; EAGAIN (a non-blocking pipe or terminal as
// stdout) waits in poll() for room. The one write loop of the doctor.
int WriteAll(int fd, std::string_view data);

struct NameList {
  std::vector<std::string> names;  // sorted, without "." and ".."
  int error_number = 0;            // errno of the getdents64() that failed, else 0
};
// Lists the directory open as `dir_fd` from its file offset on (a fresh descriptor: all of it);
// `dir_fd` stays open for *at() calls, its offset at the end. After a failure `names` holds
// what was read before it.
NameList ListNamesAt(int dir_fd);

// A file descriptor closed on scope exit.
class UniqueFd {
 public:
  explicit UniqueFd(int fd = -1) : fd_(fd) {}
  UniqueFd(const UniqueFd&) = delete;
  UniqueFd& operator=(const UniqueFd&) = delete;
  UniqueFd(UniqueFd&& other) noexcept : fd_(other.release()) {}
  UniqueFd& operator=(UniqueFd&& other) noexcept;
  ~UniqueFd();
  int get() const { return fd_; }
  int release();
  explicit operator bool() const { return fd_ >= 0; }

 private:
  int fd_;
};

}  // namespace rocm_doctor::system
