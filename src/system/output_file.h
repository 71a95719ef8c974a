// SPDX-License-Identifier: MIT
#pragma once
// Writing a file the user named with -o, --junit, ... (docs/security.md, "Output files").
//
// The doctor runs as root on cluster nodes, so the path may name anything: /dev/null, a FIFO, a
// symlink planted in a shared directory, a directory. What is at the path decides what happens:
//   absent, or a regular file      the content goes to an unpredictable temporary file created
//                                  exclusively (O_EXCL|O_NOFOLLOW) in the same directory, which
//                                  is then renamed over the path: a reader never sees half a
//                                  report, and nothing else is ever created or followed;
//   a character device or a FIFO   written straight through (/dev/stdout, /dev/null, a pipe),
//                                  never replaced;
//   a symlink                      followed only as the kernel's fs.protected_symlinks would
//                                  (the link is owned by the caller or by root); a dangling link
//                                  or one to a directory, socket or block device is an error;
//   anything else                  an error (a directory, a socket, a block device).
// A short write (ENOSPC from a full disk or /dev/full) is an error and leaves no temporary file.
#include <functional>
#include <string>
#include <string_view>

#include "rocm_doctor/result.h"

namespace rocm_doctor::system {

Result<bool> WriteOutputFile(const std::string& path, std::string_view content);

// Tests only: `hook` runs each time a symlink on the way has been judged trustworthy, before
// anything is read or written through it - where another user would swap the link. Empty to
// clear. Not thread-safe.
void SetOutputFileLinkJudgedHookForTest(std::function<void()> hook);

}  // namespace rocm_doctor::system
