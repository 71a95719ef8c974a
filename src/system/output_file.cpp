// SPDX-License-Identifier: MIT
#include "system/output_file.h"

#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <optional>

#include "system/fd_io.h"

namespace rocm_doctor::system {
namespace {

std::function<void()>& LinkJudgedHook() {
  static std::function<void()> hook;
  return hook;
}

constexpr int kTempNameAttempts = 16;
// Links followed from the path the user named before giving up (a loop, or a long chain).
constexpr int kMaxLinkHops = 8;
// NAME_MAX is 255 bytes; the temporary name adds a dot, ".rocm-doctor-" and 16 hex digits.
constexpr std::size_t kTempBaseBytes = 200;

Error Failure(const std::string& path, const std::string& why) {
  return Error{"cannot write " + path + ": " + why};
}

// 16 hex digits from the kernel's random pool: another user cannot guess the name to plant a
// symlink there first (and O_EXCL|O_NOFOLLOW would refuse it anyway).
std::string RandomSuffix() {
  unsigned char bytes[8] = {};
  std::size_t got = 0;
  while (got < sizeof bytes) {
    const ssize_t n = ::getrandom(bytes + got, sizeof bytes - got, 0);
    if (n < 0) {
      if (errno == EINTR) continue;
      break;  // a kernel without getrandom: O_EXCL still makes a taken name a retry
    }
    got += static_cast<std::size_t>(n);
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (unsigned char b : bytes) {
    out += kHex[b >> 4];
    out += kHex[b & 15];
  }
  return out;
}

// A character device or FIFO: written in place, never replaced or truncated.
Result<bool> WriteThrough(int dir_fd, const std::string& base, const std::string& path,
                          std::string_view content) {
  UniqueFd fd(
      ::openat(dir_fd, base.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NOFOLLOW));
  if (!fd) return Failure(path, ErrnoText(errno));
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) return Failure(path, ErrnoText(errno));
  if (!S_ISCHR(st.st_mode) && !S_ISFIFO(st.st_mode)) {
    return Failure(path, "changed while it was opened; not written");
  }
  if (const int error_number = WriteAll(fd.get(), content); error_number != 0) {
    return Failure(path, ErrnoText(error_number));
  }
  if (::close(fd.release()) != 0 && errno != EINTR) return Failure(path, ErrnoText(errno));
  return true;
}

// A regular file, or nothing: a temporary file in the same directory, renamed over `base`.
Result<bool> ReplaceAtomically(int dir_fd, const std::string& base, const std::string& path,
                               std::string_view content, mode_t mode) {
  std::string temp;
  UniqueFd fd;
  for (int attempt = 0; attempt < kTempNameAttempts && !fd; ++attempt) {
    temp = "." + base.substr(0, kTempBaseBytes) + ".rocm-doctor-" + RandomSuffix();
    fd = UniqueFd(
        ::openat(dir_fd, temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600));
    if (!fd && errno != EEXIST) return Failure(path, ErrnoText(errno));
  }
  if (!fd) return Failure(path, "no unused temporary name in its directory");
  const auto abandon = [&](int error_number) {
    fd = UniqueFd();
    ::unlinkat(dir_fd, temp.c_str(), 0);
    return Failure(path, ErrnoText(error_number));
  };
  if (const int error_number = WriteAll(fd.get(), content); error_number != 0) {
    return abandon(error_number);
  }
  if (::fchmod(fd.get(), mode) != 0) return abandon(errno);
  // close() reports the ENOSPC or EIO of a network filesystem's delayed write.
  if (::close(fd.release()) != 0 && errno != EINTR) return abandon(errno);
  if (::renameat(dir_fd, temp.c_str(), dir_fd, base.c_str()) != 0) return abandon(errno);
  return true;
}

// What fs.protected_symlinks allows root to follow in a shared sticky directory: a link owned
// by the caller or by root. Another user's link may point anywhere they like.
bool TrustedLink(const struct stat& link) { return link.st_uid == ::geteuid() || link.st_uid == 0; }

std::string TypeName(mode_t mode) { return std::string(ToString(TypeFromMode(mode))); }

// /dev/stdout, /dev/stderr, /dev/fd/N and /proc/self/fd/N name a descriptor this process
// already has. Opening the path would make a new open file description at offset 0 (`-o
// /dev/stdout >> log` would overwrite the log's start); writing to the descriptor itself keeps
// the shell's redirection, O_APPEND included.
std::optional<int> InheritedDescriptor(const std::string& path) {
  if (path == "/dev/stdout") return STDOUT_FILENO;
  if (path == "/dev/stderr") return STDERR_FILENO;
  for (const std::string_view prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    if (path.compare(0, prefix.size(), prefix) != 0) continue;
    const std::string digits = path.substr(prefix.size());
    if (digits.empty() || digits.size() > 9 ||
        digits.find_first_not_of("0123456789") != std::string::npos) {
      return std::nullopt;
    }
    return std::stoi(digits);
  }
  return std::nullopt;
}

// A descriptor this process already has (InheritedDescriptor).
Result<bool> WriteToDescriptor(int fd, const std::string& path, std::string_view content) {
  if (::fcntl(fd, F_GETFD) < 0) return Failure(path, ErrnoText(errno));
  if (const int error_number = WriteAll(fd, content); error_number != 0) {
    return Failure(path, ErrnoText(error_number));
  }
  return true;
}

Result<bool> FollowLink(int dir_fd, const std::string& base, const std::string& path,
                        std::string_view content, int hops);

// Writes what `base` in the directory open as `dir_fd` is now; `hops` links led here from the
// path the user named (then a missing or non-regular entry is the link's target).
Result<bool> WriteEntry(int dir_fd, const std::string& base, const std::string& path,
                        std::string_view content, int hops) {
  struct stat st {};
  if (::fstatat(dir_fd, base.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
    if (errno != ENOENT) return Failure(path, ErrnoText(errno));
    if (hops > 0) {
      return Failure(path, "is a symlink to nothing (" + ErrnoText(ENOENT) + "); not followed");
    }
    return ReplaceAtomically(dir_fd, base, path, content, 0644);
  }
  if (S_ISREG(st.st_mode)) {
    // The link stays as the user made it: the file it names is replaced, by a rename in the
    // directory this descriptor holds.
    return ReplaceAtomically(dir_fd, base, path, content, st.st_mode & 0777);
  }
  if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)) {
    return WriteThrough(dir_fd, base, path, content);
  }
  if (S_ISLNK(st.st_mode)) return FollowLink(dir_fd, base, path, content, hops);
  if (hops > 0) {
    return Failure(path, "is a symlink to a " + TypeName(st.st_mode) + "; not written");
  }
  if (S_ISDIR(st.st_mode)) return Failure(path, "is a directory");
  return Failure(path, "is a " + TypeName(st.st_mode) + "; not replaced");
}

// The link `base` in `dir_fd`, followed one hop. The race this defends against: the directory
// may be writable by another user (not sticky, so fs.protected_symlinks does not apply), who
// renames a link of theirs over `base` between the judgment and the write. So the link is opened
// once (O_PATH|O_NOFOLLOW), and its owner is judged, its text read and its target's directory
// opened through that descriptor; the target is then written by name relative to the
// directory's descriptor. No path is resolved again after a judgment.
Result<bool> FollowLink(int dir_fd, const std::string& base, const std::string& path,
                        std::string_view content, int hops) {
  if (hops >= kMaxLinkHops) return Failure(path, "too many levels of symbolic links");
  UniqueFd link(::openat(dir_fd, base.c_str(), O_PATH | O_NOFOLLOW | O_CLOEXEC));
  if (!link) return Failure(path, ErrnoText(errno));
  struct stat st {};
  if (::fstat(link.get(), &st) != 0) return Failure(path, ErrnoText(errno));
  if (!S_ISLNK(st.st_mode)) return Failure(path, "changed while it was opened; not written");
  if (!TrustedLink(st)) {
    return Failure(path, "is a symlink owned by uid " + std::to_string(st.st_uid) +
                             ", neither yours nor root's; not followed");
  }
  if (LinkJudgedHook()) LinkJudgedHook()();
  // readlinkat(fd, "") reads the link the descriptor holds (Linux 2.6.39), not the name.
  char text[PATH_MAX];
  const ssize_t length = ::readlinkat(link.get(), "", text, sizeof text);
  if (length <= 0 || static_cast<std::size_t>(length) >= sizeof text) {
    return Failure(path, "cannot resolve the symlink");
  }
  const std::string target(text, static_cast<std::size_t>(length));
  // /dev/stdout -> /proc/self/fd/1: a descriptor of this process, written as such (the magic
  // link's own text, "pipe:[N]", is no path).
  if (const std::optional<int> fd = InheritedDescriptor(target)) {
    return WriteToDescriptor(*fd, path, content);
  }
  const std::size_t slash = target.rfind('/');
  const std::string target_base = slash == std::string::npos ? target : target.substr(slash + 1);
  std::string target_dir = slash == std::string::npos ? "." : target.substr(0, slash);
  if (target_dir.empty()) target_dir = "/";
  if (target_base.empty() || target_base == "." || target_base == "..") {
    return Failure(path, "is a symlink to a directory; not written");
  }
  // A relative link is relative to the directory that holds it: `dir_fd`, not the current one.
  UniqueFd target_dir_fd(::openat(target.front() == '/' ? AT_FDCWD : dir_fd, target_dir.c_str(),
                                  O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!target_dir_fd) {
    if (errno == ENOENT || errno == ENOTDIR) {
      return Failure(path, "is a symlink to nothing (" + ErrnoText(errno) + "); not followed");
    }
    return Failure(path, target_dir + ": " + ErrnoText(errno));
  }
  return WriteEntry(target_dir_fd.get(), target_base, path, content, hops + 1);
}

Result<bool> Write(const std::string& path, std::string_view content) {
  if (path.empty()) return Error{"cannot write an empty path"};
  if (const std::optional<int> fd = InheritedDescriptor(path)) {
    return WriteToDescriptor(*fd, path, content);
  }
  const std::size_t slash = path.rfind('/');
  const std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  std::string dir = slash == std::string::npos ? "." : path.substr(0, slash);
  if (dir.empty()) dir = "/";
  if (base.empty() || base == "." || base == "..") return Failure(path, "is a directory");
  UniqueFd dir_fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!dir_fd) return Failure(path, dir + ": " + ErrnoText(errno));
  return WriteEntry(dir_fd.get(), base, path, content, 0);
}

}  // namespace

Result<bool> WriteOutputFile(const std::string& path, std::string_view content) {
  return Write(path, content);
}

void SetOutputFileLinkJudgedHookForTest(std::function<void()> hook) {
  LinkJudgedHook() = std::move(hook);
}

}  // namespace rocm_doctor::system
