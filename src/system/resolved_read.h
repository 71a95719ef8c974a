// SPDX-License-Identifier: MIT
#pragma once
// Reading a path of a machine directory that the RootResolver answered: judged by its lstat()
// and opened for reading only when it is a regular file, through the descriptor it was judged
// by (docs/security.md, "Replay"). MachineDirSystemView's reads all end here.
#include <sys/stat.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

#include "rocm_doctor/system_view.h"
#include "system/fd_io.h"
#include "system/root_resolver.h"

namespace rocm_doctor::system {

// An answer of a view (FileContent, DirListing, LinkTarget, NodeInfo) that says why there is
// none: its status and error text.
template <class T>
T Refused(FsStatus status, std::string error) {
  T out;
  out.status = status;
  out.error = std::move(error);
  return out;
}

// Refused with the status and text of an errno (ENOENT: kNotFound, "No such file or directory").
template <class T>
T RefusedErrno(int error_number) {
  return Refused<T>(StatusFromErrno(error_number), ErrnoText(error_number));
}

// The lstat() of a resolved path: the resolver's when it has one, else fstat() of an O_PATH
// descriptor opened below the root (never a lookup by the full path, which follows links).
// 0, or the errno of the failure.
int LStatResolved(const RootResolver& resolver, const ResolvedPath& r, struct stat& st);

// Opens a resolved path for reading when it is a regular file, else sets `refusal`. A FIFO or
// device in a hostile directory must not block or have effects: it is judged by its lstat() and
// never opened for reading. `st` is the opened file's fstat().
UniqueFd OpenRegular(const RootResolver& resolver, const ResolvedPath& r, struct stat& st,
                     FileContent& refusal);

// The whole file (at most `limit` bytes) of a resolved path, or why it is not read. A path
// already open for reading (r.readable, a regular file) is read through that descriptor.
FileContent ReadRegular(const RootResolver& resolver, std::size_t limit, const ResolvedPath& r);

// "a/b" with no empty, "." or ".." component and no leading or trailing slash.
bool IsPlainRelative(std::string_view name);

// `name` (IsPlainRelative) below the directory `dir_fd` with no symlink on the way and not a
// symlink itself: `r` is kOk with its lstat() and O_PATH descriptor, as the resolver's one-call
// route gives them (`r.logical` is the caller's to set). False when the resolver must answer.
bool OpenBelow(int dir_fd, std::string_view name, ResolvedPath& r);

}  // namespace rocm_doctor::system
