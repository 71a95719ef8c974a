// SPDX-License-Identifier: MIT
#include "system/root_resolver.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <deque>
#include <mutex>
#include <utility>
#include <vector>

#include "system/fd_io.h"
#include "system/nodev_clone.h"
#include "system/open_beneath.h"
#include "system/resolve_direct.h"

namespace rocm_doctor::system {
namespace {

// True when `path` is what NormalizeHostPath makes of it: "/" or "/a/b" with no empty or "."
// component and no trailing slash ("..", which normalising keeps, may be there).
bool IsNormal(std::string_view path) {
  if (path.empty() || path.front() != '/') return false;
  if (path.size() == 1) return true;
  for (std::size_t slash = 0; slash != std::string_view::npos;
       slash = path.find('/', slash + 1)) {
    const std::string_view rest = path.substr(slash + 1);
    if (rest.empty() || rest.front() == '/') return false;  // "//" or a trailing slash
    if (rest.front() == '.' && (rest.size() == 1 || rest[1] == '/')) return false;  // "/."
  }
  return true;
}

bool ReadLinkText(int dir_fd, const std::string& name, std::string& target) {
  char buffer[4096];
  const ssize_t got = ::readlinkat(dir_fd, name.c_str(), buffer, sizeof buffer);
  if (got < 0 || static_cast<std::size_t>(got) >= sizeof buffer) return false;
  target.assign(buffer, static_cast<std::size_t>(got));
  return true;
}

// The directory the walk stands in, as a descriptor: every lookup is relative to it and never
// follows a symlink, so a directory swapped for a link after it was looked at is caught (the
// open of a link with O_NOFOLLOW fails) instead of leading outside the root.
class DirCursor {
 public:
  explicit DirCursor(int root_fd) : root_fd_(root_fd) {}
  // The walk moved to `logical` (link-free); the descriptor is opened when next needed.
  void MoveTo(const std::string& logical, bool is_child_of_current) {
    if (is_child_of_current && !stale_) {
      child_ = logical.substr(logical.rfind('/') + 1);
    } else {
      stale_ = true;
      child_.clear();
    }
    logical_ = logical;
  }
  // The walk moved to `logical` (link-free), a directory `fd` (O_PATH) already refers to.
  void Adopt(const std::string& logical, UniqueFd fd) {
    owned_ = std::move(fd);
    logical_ = logical;
    child_.clear();
    stale_ = false;
  }
  void ToRoot() {
    owned_ = UniqueFd();
    logical_.clear();
    child_.clear();
    stale_ = false;
  }
  // The descriptor of the current directory, or -1 with errno set.
  int Fd() {
    if (stale_) {
      owned_ = logical_.empty() ? UniqueFd() : OpenBeneath(root_fd_, logical_, kDirFlags);
      if (!logical_.empty() && !owned_) return -1;
      stale_ = false;
    } else if (!child_.empty()) {
      UniqueFd next(::openat(Current(), child_.c_str(), kDirFlags | O_NOFOLLOW));
      if (!next) return -1;
      owned_ = std::move(next);
      child_.clear();
    }
    return Current();
  }

 private:
  static constexpr int kDirFlags = O_PATH | O_DIRECTORY | O_CLOEXEC;
  int Current() const { return owned_ ? owned_.get() : root_fd_; }

  int root_fd_;
  UniqueFd owned_;       // the current directory; empty at the root
  std::string logical_;  // its logical path, "" for the root
  std::string child_;    // a child of owned_ moved into but not opened yet
  bool stale_ = false;   // owned_ is not logical_ (after "..", a cache hit or a failed open)
};

struct Cache {
  RootResolver::Map& map;
  std::shared_mutex& mutex;
  std::size_t max_entries;
};

// The resolution itself; `cache` may be null. Input component i is resolved completely (its
// link expansions are processed before component i+1 is looked at), so the state after it -
// the link-free directory reached and the expansions taken - is all that resolving the rest
// depends on. That state is what the cache holds, keyed by the input prefix "/p0/.../pi".
ResolvedPath Walk(const std::string& root, int root_fd, direct::Purpose purpose,
                  std::string_view path, bool follow_final, Cache* cache) {
  ResolvedPath out;
  if (root_fd < 0) {
    out.status = FsStatus::kError;
    out.error = "the machine directory could not be opened";
    return out;
  }
  const std::vector<std::string_view> parts = direct::SplitPath(path);
  const std::size_t n = parts.size();
  std::string cur;  // resolved so far: "" for the root, else "/a/b" (link-free directories)
  int hops = 0;
  std::size_t first = 0;  // the first input component still to resolve

  std::string key;                // "/p0/p1/...", the input's components
  std::vector<std::size_t> ends;  // ends[i]: the length of the key through parts[i]
  std::vector<std::pair<std::size_t, RootResolver::Entry>> learned;
  if (cache != nullptr && n > 0) {
    key.reserve(path.size() + 1);
    ends.reserve(n);
    for (const std::string_view part : parts) {
      key += '/';
      key += part;
      ends.push_back(key.size());
    }
    // The deepest cached parent; the last component is always looked at (it decides
    // follow_final, not-found versus a directory, and gives the caller its lstat()).
    std::shared_lock lock(cache->mutex);
    for (std::size_t k = n - 1; k > 0; --k) {
      auto it = cache->map.find(std::string_view(key).substr(0, ends[k - 1]));
      if (it != cache->map.end()) {
        cur = it->second.logical;
        hops = it->second.hops;
        first = k;
        break;
      }
    }
  }
  const auto remember = [&] {
    if (cache != nullptr && !learned.empty()) {
      std::unique_lock lock(cache->mutex);
      for (auto& [length, entry] : learned) {
        if (cache->map.size() >= cache->max_entries) cache->map.clear();
        cache->map.try_emplace(key.substr(0, length), std::move(entry));
      }
    }
  };

  errno = 0;
  if (direct::ResolveDirect(root, root_fd, purpose, cur, parts, first, follow_final, out)) {
    return out;
  }
  if (errno == ENOENT && first + 1 == n && parts[first] != "..") {
    // Only the last component was left, below the root or a cached directory (link-free, there
    // when it was cached: the root does not change while it is read), and the kernel's walk of
    // that parent found no such name: the answer the walk below gives after an fstatat() of it,
    // without opening the parent again. Collectors ask for many attributes a device lacks.
    out.status = FsStatus::kNotFound;
    out.error = ErrnoText(ENOENT);
    out.logical = cur + "/" + std::string(parts[first]);
    out.real = root + out.logical;
    out.final_missing = true;
    return out;
  }

  DirCursor dir(root_fd);
  if (!cur.empty()) dir.MoveTo(cur, /*is_child_of_current=*/false);
  std::deque<std::string> pending;
  bool cur_is_dir = true;
  for (std::size_t i = first; i < n; ++i) {
    const bool last_input = i + 1 == n;
    pending.clear();
    pending.emplace_back(parts[i]);
    while (!pending.empty()) {
      std::string part = std::move(pending.front());
      pending.pop_front();
      if (part == "..") {
        if (!cur.empty()) cur.erase(cur.rfind('/'));
        if (cur.empty()) {
          dir.ToRoot();
        } else {
          dir.MoveTo(cur, /*is_child_of_current=*/false);
        }
        cur_is_dir = true;
        out.has_stat = false;
        continue;
      }
      const bool is_final = last_input && pending.empty();
      std::string logical = cur + "/" + part;
      std::string real = root + logical;
      struct stat st {};
      const int at = dir.Fd();
      if (at < 0 || ::fstatat(at, part.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
        const int error_number = errno;
        out.status = StatusFromErrno(error_number);
        out.error = ErrnoText(error_number);
        out.logical = std::move(logical);
        out.real = std::move(real);
        out.final_missing = is_final && error_number == ENOENT;
        out.has_stat = false;
        remember();
        return out;
      }
      if (S_ISLNK(st.st_mode) && (!is_final || follow_final)) {
        if (++hops > kMaxSymlinkHops) {
          out.status = FsStatus::kLoop;
          out.error = ErrnoText(ELOOP);
          out.logical = std::move(logical);
          out.has_stat = false;
          remember();
          return out;
        }
        std::string target;
        if (!ReadLinkText(at, part, target) || target.empty()) {
          out.status = FsStatus::kNotFound;
          out.error = "unreadable or empty symlink " + logical;
          out.logical = std::move(logical);
          out.has_stat = false;
          remember();
          return out;
        }
        direct::LinkTargetAnswer target_answer;
        if (pending.empty() && direct::ResolveLinkTarget(root_fd, cur, target, target_answer)) {
          const bool is_dir = S_ISDIR(target_answer.st.st_mode);
          if (!last_input && !is_dir) {
            out.status = FsStatus::kNotFound;
            out.error = ErrnoText(ENOTDIR);
            out.logical = std::move(target_answer.logical);
            out.has_stat = false;
            remember();
            return out;
          }
          cur = std::move(target_answer.logical);
          cur_is_dir = is_dir;
          out.st = target_answer.st;
          out.has_stat = true;
          if (last_input) {
            out.handle = std::move(target_answer.fd);
          } else {
            dir.Adopt(cur, std::move(target_answer.fd));
          }
          continue;
        }
        if (target.front() == '/') {
          cur.clear();
          dir.ToRoot();
        }
        const std::vector<std::string_view> expanded = direct::SplitPath(target);
        pending.insert(pending.begin(), expanded.begin(), expanded.end());
        continue;
      }
      if (!is_final && !S_ISDIR(st.st_mode)) {
        out.status = FsStatus::kNotFound;
        out.error = ErrnoText(ENOTDIR);
        out.logical = std::move(logical);
        out.has_stat = false;
        remember();
        return out;
      }
      cur = std::move(logical);
      cur_is_dir = S_ISDIR(st.st_mode);
      if (cur_is_dir) dir.MoveTo(cur, /*is_child_of_current=*/true);
      out.st = st;
      out.has_stat = true;
    }
    if (cache != nullptr && cur_is_dir) {
      learned.emplace_back(ends[i], RootResolver::Entry{cur, hops});
    }
  }
  out.status = FsStatus::kOk;
  out.logical = cur.empty() ? "/" : cur;
  out.real = root + cur;
  remember();
  return out;
}

}  // namespace

std::string NormalizeHostPath(std::string_view path) {
  if (IsNormal(path)) return std::string(path);  // most paths a collector asks for
  std::string out;
  for (const std::string_view part : direct::SplitPath(path)) {
    out += '/';
    out += part;
  }
  return out.empty() ? "/" : out;
}

ResolvedPath ResolveInRoot(const std::string& root, std::string_view path, bool follow_final) {
  const UniqueFd root_fd = OpenRootDir(root);
  return Walk(root, root_fd.get(), direct::Purpose{}, path, follow_final, nullptr);
}

UniqueFd OpenRootDir(const std::string& root) {
  return UniqueFd(::open(root.empty() ? "/" : root.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC));
}

RootResolver::RootResolver(std::string root, std::size_t max_entries)
    : root_(std::move(root)),
      root_fd_(OpenRootDir(root_)),
      max_entries_(max_entries == 0 ? 1 : max_entries) {}

ResolvedPath RootResolver::Resolve(std::string_view path, bool follow_final) const {
  Cache cache{cache_, mutex_, max_entries_};
  return Walk(root_, root_fd_.get(), direct::Purpose{}, path, follow_final, &cache);
}

ResolvedPath RootResolver::ResolveForReading(std::string_view path) const {
  Cache cache{cache_, mutex_, max_entries_};
  return Walk(root_, root_fd_.get(), direct::Purpose{clone_fd_.get(), false}, path, true, &cache);
}

ResolvedPath RootResolver::ResolveForListing(std::string_view path) const {
  Cache cache{cache_, mutex_, max_entries_};
  return Walk(root_, root_fd_.get(), direct::Purpose{-1, true}, path, true, &cache);
}

bool RootResolver::EnableReadingClone() {
  if (!clone_fd_) clone_fd_ = OpenNodevClone(root_fd_.get(), root_);
  return static_cast<bool>(clone_fd_);
}

UniqueFd RootResolver::Open(std::string_view logical, int flags) const {
  if (!root_fd_) {
    errno = EBADF;
    return UniqueFd();
  }
  return OpenBeneath(root_fd_.get(), logical, flags);
}

std::size_t RootResolver::cached_entries() const {
  std::shared_lock lock(mutex_);
  return cache_.size();
}

}  // namespace rocm_doctor::system
