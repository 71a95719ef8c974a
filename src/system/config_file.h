// SPDX-License-Identifier: MIT
#pragma once
// Reading a file the user named on the command line: --policy, --thresholds, the reports of
// `fleet summarize` and `diff` (docs/security.md). The one way the CLI reads such a file.
//
// The name may point anywhere: a FIFO or a tty (an open() or read() that blocks forever, even
// under `gate --deadline`), /dev/zero (endless), a directory, a file of gigabytes. So:
//   - it is opened O_RDONLY|O_NONBLOCK|O_CLOEXEC|O_NOCTTY (opening a FIFO does not wait for a
//     writer, a tty does not become the controlling terminal);
//   - fstat() on the open descriptor must say regular file, else nothing is read ("not a regular
//     file (a FIFO)");
//   - st_size over `max_bytes` is refused before reading, and so is a file that grows past it
//     while it is read (at most max_bytes + 1 bytes are ever read).
// Symlinks are followed: the user named the path, and reading it changes nothing.
#include <cstddef>
#include <string>

#include "rocm_doctor/result.h"

namespace rocm_doctor::system {

// Reads the whole regular file `path` into `buffer` (reusing its capacity). Returns "" when it
// was read, else why not, without the path: "No such file or directory", "not a regular file
// (a FIFO)", "larger than 1 MiB". The caller names the file and the option.
std::string ReadUserFileInto(const std::string& path, std::size_t max_bytes, std::string& buffer);

// The same as a Result; the error is "<path>: <why>".
Result<std::string> ReadUserFile(const std::string& path, std::size_t max_bytes);

// "1 MiB", "64 KiB", "1000 bytes": a size limit in words.
std::string SizeLimitText(std::size_t bytes);

}  // namespace rocm_doctor::system
