// SPDX-License-Identifier: MIT
#pragma once
// pread(2) of one range of an open regular file, the read behind SystemView::ReadFileAt in the
// live and machine-directory views (they open and judge the file; this only reads).
#include <cstddef>
#include <cstdint>

#include "rocm_doctor/system_view.h"

namespace rocm_doctor::system {

// Up to min(length, kMaxRangedRead) bytes from `offset`, fewer where the file ends (none at or
// past its end, and none for an offset beyond off_t). EINTR is retried; a failed pread() gives
// its errno's status (kNotFound read as kError: the file was there) and no data.
FileContent ReadRange(int fd, std::uint64_t offset, std::size_t length);

}  // namespace rocm_doctor::system
