// SPDX-License-Identifier: MIT
#pragma once
// The RootResolver's one-call routes (root_resolver.cpp): a link-free path, or a symlink's
// target, answered by one openat2(2) below the root instead of a walk that looks at one
// component at a time. Each gives exactly the answer the walk would give, or false (the walk
// must answer), with nothing of a partial answer left in `out`.
#include <sys/stat.h>

#include <string>
#include <string_view>
#include <vector>

#include "system/fd_io.h"
#include "system/root_resolver.h"

namespace rocm_doctor::system::direct {

// The non-empty components of `path` other than ".", as views into it.
std::vector<std::string_view> SplitPath(std::string_view path);

// What a path is resolved for: a plain answer (O_PATH), a read (`read_fd`: the root in a nodev
// clone, RootResolver::EnableReadingClone) or a listing (`list`).
struct Purpose {
  int read_fd = -1;
  bool list = false;
};

// parts[first..] below `cur` (where the walk would start: "" for the root, else a cached
// link-free directory) in one openat2(2); resolve_direct.cpp says how, and for what.
bool ResolveDirect(const std::string& root, int root_fd, Purpose purpose, const std::string& cur,
                   const std::vector<std::string_view>& parts, std::size_t first, bool follow_final,
                   ResolvedPath& out);

struct LinkTargetAnswer {
  std::string logical;
  struct stat st {};
  UniqueFd fd;  // O_PATH|O_NOFOLLOW of the target itself
};
// A symlink's `target`, read in the link-free directory `cur`, resolved in one openat2(2).
bool ResolveLinkTarget(int root_fd, const std::string& cur, const std::string& target,
                       LinkTargetAnswer& out);

}  // namespace rocm_doctor::system::direct
