// SPDX-License-Identifier: MIT
#pragma once
// Resolves a host path inside a machine directory the way the kernel would resolve it on the
// host, but with DIR as "/": each component is looked at with fstatat(AT_SYMLINK_NOFOLLOW)
// relative to its parent's descriptor and symlinks are expanded by hand, an absolute target /x
// restarts at DIR/x, ".." never climbs above DIR, and 40 expansions are a loop (the kernel's
// MAXSYMLINKS). Nothing outside DIR is ever touched, even when the tree changes while it is
// read: a directory swapped for a symlink after it was looked at makes the walk (or the later
// Open of its answer, system/open_beneath.h) fail, never follow the link.
#include <sys/stat.h>

#include <cstddef>
#include <functional>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "rocm_doctor/system_view.h"
#include "system/fd_io.h"

namespace rocm_doctor::system {

inline constexpr int kMaxSymlinkHops = 40;

struct ResolvedPath {
  FsStatus status = FsStatus::kNotFound;
  std::string logical;  // the host path after expanding links, e.g. "/sys/devices/pci0000:00"
  // root + logical: where it lives in this file system, for messages. Never open it by this
  // name (a path walk that follows links): open `logical` with RootResolver::Open.
  std::string real;
  bool final_missing = false;  // kNotFound, and only the last component is missing
  std::string error;
  // kOk and the last step lstat()ed the result itself: `st` is its lstat() (saves callers one).
  // False for "/" and for paths ending in "..".
  bool has_stat = false;
  struct stat st {};
  // kOk through the one-call route (no symlink on the way): an O_PATH|O_NOFOLLOW descriptor of
  // the result itself, the inode `st` describes. ReopenHandle() opens that very file for reading
  // without another lookup; empty after a walk.
  UniqueFd handle;
  // `handle` is open for reading, not O_PATH: a regular file opened below a nodev clone of the
  // root's mounts (nodev_clone.h), where no device node can be opened, and judged by its fstat()
  // since; or a directory opened with O_DIRECTORY (ResolveForListing).
  bool readable = false;
};

// `root` is an absolute, link-free directory path without a trailing slash ("" for "/"). With
// `follow_final` false a symlink in the last component is not expanded (lstat/readlink).
ResolvedPath ResolveInRoot(const std::string& root, std::string_view path, bool follow_final);

// An O_PATH descriptor of `root` ("" for "/"), what the resolver walks from.
UniqueFd OpenRootDir(const std::string& root);

// "/a//b/./c/" -> "/a/b/c"; ".." is kept (it can only be resolved against links).
std::string NormalizeHostPath(std::string_view path);

// ResolveInRoot with a cache of resolved directory prefixes, for a root that does not change
// while it is read (a machine directory). An input prefix "/p0/.../pk" that resolved to a
// directory is remembered with what it resolved to and the link expansions it took, so a later
// path resumes at its deepest cached parent and lstat()s only the remaining components; the
// answers (errors, loop counting, escapes, follow_final) are exactly ResolveInRoot's.
// Thread-safe; the cache is dropped and refilled when it reaches `max_entries`.
class RootResolver {
 public:
  static constexpr std::size_t kDefaultMaxEntries = 64 * 1024;

  // Opens `root` once; every later access is relative to that descriptor, so renaming the
  // directory away after the view was opened changes nothing.
  explicit RootResolver(std::string root, std::size_t max_entries = kDefaultMaxEntries);
  RootResolver(const RootResolver&) = delete;
  RootResolver& operator=(const RootResolver&) = delete;

  ResolvedPath Resolve(std::string_view path, bool follow_final) const;
  // Resolve(path, true) for a read. After EnableReadingClone, a link-free regular file comes
  // back open for reading (ResolvedPath::readable), opened where no device node can be opened;
  // every other answer is Resolve's.
  ResolvedPath ResolveForReading(std::string_view path) const;
  // Resolve(path, true) for a listing: a link-free directory comes back open for reading
  // (O_RDONLY|O_DIRECTORY, ResolvedPath::readable, no lstat()); every other answer is Resolve's.
  ResolvedPath ResolveForListing(std::string_view path) const;
  // Makes the read-only nodev clone of the root's mount that ResolveForReading opens files in
  // (OpenNodevClone); false where none can be made, and ResolveForReading is Resolve. Call it
  // before the resolver is shared between threads.
  bool EnableReadingClone();
  // That clone's descriptor of the root, -1 without one.
  int reading_clone_fd() const { return clone_fd_ ? clone_fd_.get() : -1; }
  // Opens a resolved (link-free) logical path below the root: OpenBeneath's promise.
  UniqueFd Open(std::string_view logical, int flags) const;

  const std::string& root() const { return root_; }
  std::size_t cached_entries() const;

  struct Entry {
    std::string logical;  // "" for the root, else "/a/b": link-free, a directory
    int hops = 0;         // link expansions taken to get there
  };
  struct KeyHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view key) const {
      return std::hash<std::string_view>{}(key);
    }
  };
  using Map = std::unordered_map<std::string, Entry, KeyHash, std::equal_to<>>;

 private:
  std::string root_;
  UniqueFd root_fd_;
  UniqueFd clone_fd_;  // EnableReadingClone's, else empty
  std::size_t max_entries_;
  mutable std::shared_mutex mutex_;
  mutable Map cache_;
};

}  // namespace rocm_doctor::system
