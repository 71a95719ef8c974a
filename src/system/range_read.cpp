// SPDX-License-Identifier: MIT
#include "system/range_read.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <limits>

#include "system/fd_io.h"

namespace rocm_doctor::system {

FileContent ReadRange(int fd, std::uint64_t offset, std::size_t length) {
  FileContent out;
  out.status = FsStatus::kOk;
  constexpr auto kMaxOffset = static_cast<std::uint64_t>(std::numeric_limits<off_t>::max());
  length = std::min(length, kMaxRangedRead);
  if (offset > kMaxOffset) return out;  // no file is that long
  length = static_cast<std::size_t>(std::min<std::uint64_t>(length, kMaxOffset - offset));
  // Sized to what was asked and cut to what came: the caller bounds `length` (an ELF header is
  // 64 bytes, a bundle header a few KiB), so no chunking is needed.
  out.data.resize(length);
  std::size_t got_total = 0;
  while (got_total < length) {
    const ssize_t got = ::pread(fd, out.data.data() + got_total, length - got_total,
                                static_cast<off_t>(offset + got_total));
    if (got < 0) {
      const int error_number = errno;
      if (error_number == EINTR) continue;
      out.status = StatusFromErrno(error_number);
      if (out.status == FsStatus::kNotFound) out.status = FsStatus::kError;
      out.error = ErrnoText(error_number);
      out.data.clear();
      return out;
    }
    if (got == 0) break;  // the end of the file
    got_total += static_cast<std::size_t>(got);
  }
  out.data.resize(got_total);
  return out;
}

}  // namespace rocm_doctor::system
