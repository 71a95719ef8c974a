// SPDX-License-Identifier: MIT
#include "system/tar_extract.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "system/fd_io.h"

namespace rocm_doctor::system {
namespace {

using Clock = std::chrono::steady_clock;
constexpr std::size_t kNameMax = 255;  // NAME_MAX of every Linux file system

// A member name as an error message may show it: the archive is a stranger's, so control
// bytes and the rest of a long name never reach the terminal.
std::string Shown(std::string_view name) {
  std::string out = "'";
  for (std::size_t i = 0; i < name.size() && i < 200; ++i) {
    const auto c = static_cast<unsigned char>(name[i]);
    if (c >= 0x20 && c < 0x7f && c != '\\' && c != '\'') {
      out += static_cast<char>(c);
    } else {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", c);
      out += hex;
    }
  }
  if (name.size() > 200) out += "...";
  return out + "'";
}

// The components of a member name, "." and empty ones dropped. Absolute names and ".." are
// refused outright: nothing in a machine directory needs them, and GNU tar's habit of stripping
// or skipping them is how archives have escaped before.
Result<std::vector<std::string>> Components(std::string_view name, const char* what) {
  if (name.size() > kMaxMemberName)
    return Error{std::string("a ") + what + " longer than 4096 bytes"};
  if (name.find('\0') != std::string_view::npos)
    return Error{std::string("a ") + what + " with a NUL"};
  if (!name.empty() && name.front() == '/') {
    return Error{std::string("an absolute ") + what + "; refused"};
  }
  std::vector<std::string> parts;
  while (!name.empty()) {
    const std::size_t slash = name.find('/');
    const std::string_view part = name.substr(0, slash);
    name = slash == std::string_view::npos ? std::string_view() : name.substr(slash + 1);
    if (part.empty() || part == ".") continue;
    if (part == "..") return Error{std::string("a ") + what + " with \"..\"; refused"};
    if (part.size() > kNameMax)
      return Error{std::string("a ") + what + " component over 255 bytes"};
    parts.emplace_back(part);
  }
  return parts;
}

class Extractor {
 public:
  Extractor(int root, const ExtractLimits& limits) : root_(root), limits_(limits) {}
  Result<bool> Member(TarReader& reader, const TarMember& member);
  ExtractStats stats;

 private:
  Result<bool> Count(std::uint64_t entries, std::uint64_t bytes);
  Result<int> ParentOf(const std::vector<std::string>& parts);
  Result<UniqueFd> Walk(int from, const std::vector<std::string>& parts, std::size_t begin,
                        std::size_t end, bool create);
  Result<bool> Clear(int dir, const std::string& name);
  Result<UniqueFd> CreateFile(int dir, const std::string& name, unsigned mode);
  Result<bool> Copy(int from, int to);
  // system::WriteAll with the extractor's error text.
  static Result<bool> Write(int fd, const char* data, std::size_t size);

  int root_;
  const ExtractLimits& limits_;
  std::vector<std::string> cached_parts_;  // the parent directory of the last member
  UniqueFd cached_;
};

Result<bool> Extractor::Count(std::uint64_t entries, std::uint64_t bytes) {
  if (Clock::now() > limits_.deadline) return Error{"unpacking ran past its deadline"};
  if (stats.entries + entries > limits_.max_entries) {
    return Error{"more than " + std::to_string(limits_.max_entries) +
                 " entries (the replay limit); refused"};
  }
  if (bytes > limits_.max_bytes || stats.bytes + bytes > limits_.max_bytes) {
    return Error{"unpacks to more than " + std::to_string(limits_.max_bytes >> 20) +
                 " MiB (the replay limit); refused"};
  }
  stats.entries += entries;
  stats.bytes += bytes;
  return true;
}

// parts[begin, end) below `from`, one O_NOFOLLOW open at a time (at most two descriptors
// held, whatever the depth); missing directories are created when `create`.
Result<UniqueFd> Extractor::Walk(int from, const std::vector<std::string>& parts, std::size_t begin,
                                 std::size_t end, bool create) {
  UniqueFd dir(::fcntl(from, F_DUPFD_CLOEXEC, 0));
  if (!dir) return Error{"dup: " + ErrnoText(errno)};
  for (std::size_t i = begin; i < end; ++i) {
    const char* name = parts[i].c_str();
    UniqueFd child(::openat(dir.get(), name, kDirNoFollowFlags));
    if (!child && errno == ENOENT && create) {
      if (auto counted = Count(1, 0); !counted) return Error{counted.error()};
      if (::mkdirat(dir.get(), name, 0755) != 0 && errno != EEXIST) {
        return Error{"mkdir " + Shown(parts[i]) + ": " + ErrnoText(errno)};
      }
      child = UniqueFd(::openat(dir.get(), name, kDirNoFollowFlags));
    }
    if (!child) {
      if (errno == ELOOP || errno == ENOTDIR) {
        return Error{"a path through " + Shown(parts[i]) +
                     ", which an earlier member made a symlink or a file; refused"};
      }
      return Error{"open " + Shown(parts[i]) + ": " + ErrnoText(errno)};
    }
    dir = std::move(child);
  }
  return dir;
}

Result<int> Extractor::ParentOf(const std::vector<std::string>& parts) {
  const std::size_t depth = parts.size() - 1;
  if (cached_ && cached_parts_.size() == depth &&
      std::equal(cached_parts_.begin(), cached_parts_.end(), parts.begin())) {
    return cached_.get();
  }
  // Members come in walk order: most share a prefix with the last one's directory.
  const bool below_cached = cached_ && cached_parts_.size() <= depth &&
                            std::equal(cached_parts_.begin(), cached_parts_.end(), parts.begin());
  auto dir = below_cached ? Walk(cached_.get(), parts, cached_parts_.size(), depth, true)
                          : Walk(root_, parts, 0, depth, true);
  if (!dir) return Error{dir.error()};
  cached_ = std::move(dir).value();
  cached_parts_.assign(parts.begin(), parts.begin() + static_cast<std::ptrdiff_t>(depth));
  return cached_.get();
}

// A later member replaces an earlier one of the same name (as GNU tar does), by unlinking the
// name, never by opening it: unless that earlier one is a directory.
Result<bool> Extractor::Clear(int dir, const std::string& name) {
  struct stat st {};
  if (::fstatat(dir, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) return true;
  if (S_ISDIR(st.st_mode)) return Error{"a member replacing the directory " + Shown(name)};
  if (::unlinkat(dir, name.c_str(), 0) != 0) {
    return Error{"remove " + Shown(name) + ": " + ErrnoText(errno)};
  }
  return true;
}

Result<UniqueFd> Extractor::CreateFile(int dir, const std::string& name, unsigned mode) {
  if (auto cleared = Clear(dir, name); !cleared) return Error{cleared.error()};
  UniqueFd fd(::openat(dir, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                       static_cast<mode_t>((mode & 0755) | 0600)));
  if (!fd) return Error{"create " + Shown(name) + ": " + ErrnoText(errno)};
  return fd;
}

Result<bool> Extractor::Write(int fd, const char* data, std::size_t size) {
  if (const int error_number = WriteAll(fd, std::string_view(data, size)); error_number != 0) {
    return Error{"write: " + ErrnoText(error_number)};
  }
  return true;
}

// A hard link's copy: counted against the byte cap as it goes (the source's size may lie).
Result<bool> Extractor::Copy(int from, int to) {
  char buffer[64 * 1024];
  for (;;) {
    const ssize_t got = ::read(from, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return true;
    if (auto counted = Count(0, static_cast<std::uint64_t>(got)); !counted) return counted;
    if (auto wrote = Write(to, buffer, static_cast<std::size_t>(got)); !wrote) return wrote;
  }
}

Result<bool> Extractor::Member(TarReader& reader, const TarMember& member) {
  if (auto counted = Count(1, 0); !counted) return counted;
  auto parts = Components(member.path, "member name");
  if (!parts) return Error{parts.error()};
  if (parts->empty()) return true;  // "./": the directory itself
  auto parent = ParentOf(*parts);
  if (!parent) return Error{parent.error()};
  const int dir = *parent;
  const std::string& name = parts->back();
  switch (member.type) {
    case tar::kDirectory: {
      const auto mode = static_cast<mode_t>((member.mode & 0755) | 0700);
      if (::mkdirat(dir, name.c_str(), mode) == 0) return true;
      struct stat st {};
      if (errno == EEXIST && ::fstatat(dir, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 &&
          S_ISDIR(st.st_mode)) {
        return true;
      }
      if (auto cleared = Clear(dir, name); !cleared) return cleared;
      if (::mkdirat(dir, name.c_str(), mode) == 0) return true;
      return Error{"mkdir: " + ErrnoText(errno)};
    }
    case tar::kSymlink: {
      // The text is kept as it is: replay resolves it inside the machine directory.
      if (member.link.empty() || member.link.size() > kMaxMemberName ||
          member.link.find('\0') != std::string::npos) {
        return Error{"a symlink with an empty, NUL or over-long target"};
      }
      if (auto counted = Count(0, member.link.size()); !counted) return counted;
      if (auto cleared = Clear(dir, name); !cleared) return cleared;
      if (::symlinkat(member.link.c_str(), dir, name.c_str()) != 0) {
        return Error{"symlink: " + ErrnoText(errno)};
      }
      return true;
    }
    case tar::kRegular: {
      // The declared size is refused before a byte is written.
      if (auto counted = Count(0, member.size); !counted) return counted;
      auto fd = CreateFile(dir, name, member.mode);
      if (!fd) return Error{fd.error()};
      char buffer[64 * 1024];
      for (;;) {
        auto got = reader.ReadData(buffer, sizeof buffer);
        if (!got) return Error{got.error()};
        if (*got == 0) return true;
        if (Clock::now() > limits_.deadline) return Error{"unpacking ran past its deadline"};
        auto wrote = Write(fd->get(), buffer, *got);
        if (!wrote) return wrote;
      }
    }
    case tar::kHardLink: {
      // No link is made (a link would tie two names of the replay together, and GNU tar
      // follows a symlink to make one): the member is a copy of an earlier regular file.
      auto target = Components(member.link, "hard link target");
      if (!target) return Error{target.error()};
      UniqueFd source;
      if (!target->empty()) {
        auto tdir = Walk(root_, *target, 0, target->size() - 1, false);
        if (tdir) {
          source = UniqueFd(::openat(tdir->get(), target->back().c_str(),
                                     O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
        }
      }
      struct stat st {};
      if (source && (::fstat(source.get(), &st) != 0 || !S_ISREG(st.st_mode))) source = UniqueFd();
      auto fd = CreateFile(dir, name, source ? st.st_mode : 0644);
      if (!fd) return Error{fd.error()};
      if (!source) return true;  // nothing to copy: an empty file, as for a node
      return Copy(source.get(), fd->get());
    }
    case tar::kCharDevice:
    case tar::kBlockDevice:
    case tar::kFifo: {
      // machine-format.md: nodes are empty regular files (their numbers and modes live in
      // machine.json); a real node or FIFO would let a replay open a device or block on a read.
      auto fd = CreateFile(dir, name, 0644);
      if (!fd) return Error{fd.error()};
      return true;
    }
    default:
      return true;  // volume labels, GNU sparse/dumpdir/multivolume: skipped with their data
  }
}

}  // namespace

Result<ExtractStats> ExtractTar(TarReader& reader, int root_fd, const ExtractLimits& limits) {
  Extractor extractor(root_fd, limits);
  for (;;) {
    auto member = reader.Next();
    if (!member) return Error{member.error()};
    if (!member->has_value()) return extractor.stats;
    auto done = extractor.Member(reader, **member);
    if (!done) return Error{"member " + Shown((*member)->path) + ": " + done.error()};
  }
}

}  // namespace rocm_doctor::system
