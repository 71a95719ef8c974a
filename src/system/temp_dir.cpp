// SPDX-License-Identifier: MIT
#include "system/temp_dir.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <map>
#include <mutex>
#include <vector>

#include "system/command_runner.h"
#include "system/fd_io.h"

namespace rocm_doctor::system {
namespace {

struct Frame {
  dev_t dev;
  ino_t ino;
  std::vector<std::string> subdirs;  // still to remove, each taken from the back
};

// Unlinks every non-directory in `dir_fd`; returns the names of its subdirectories.
std::vector<std::string> UnlinkFiles(int dir_fd) {
  std::vector<std::string> subdirs;
  for (auto& name : ListNamesAt(dir_fd).names) {
    struct stat st {};
    if (::fstatat(dir_fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) continue;
    if (S_ISDIR(st.st_mode)) {
      subdirs.push_back(std::move(name));
    } else {
      ::unlinkat(dir_fd, name.c_str(), 0);
    }
  }
  return subdirs;
}

UniqueFd OpenSubdir(int dir_fd, const std::string& name) {
  UniqueFd child(::openat(dir_fd, name.c_str(), kDirNoFollowFlags));
  if (!child && errno == EACCES) {
    // Not root, and no read permission: grant it (fchmodat follows links, so only after
    // lstat says it is a directory) and try again.
    struct stat st {};
    if (::fstatat(dir_fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode)) {
      ::fchmodat(dir_fd, name.c_str(), 0700, 0);
      child = UniqueFd(::openat(dir_fd, name.c_str(), kDirNoFollowFlags));
    }
  }
  if (child) ::fchmod(child.get(), 0700);  // write and search, to unlink what is inside
  return child;
}

// Depth first with one open directory (plus one transient descriptor): the path down is a
// stack of names and inode numbers, not of descriptors.
void RemoveBelow(UniqueFd top) {
  std::vector<Frame> stack;
  struct stat st {};
  if (::fstat(top.get(), &st) != 0) return;
  UniqueFd dir = std::move(top);
  stack.push_back({st.st_dev, st.st_ino, UnlinkFiles(dir.get())});
  while (!stack.empty()) {
    Frame& frame = stack.back();
    if (frame.subdirs.empty()) {
      stack.pop_back();
      if (stack.empty()) return;
      UniqueFd parent(::openat(dir.get(), "..", kDirNoFollowFlags));
      if (!parent || ::fstat(parent.get(), &st) != 0 || st.st_dev != stack.back().dev ||
          st.st_ino != stack.back().ino) {
        return;  // the tree was moved under us: stop rather than remove elsewhere
      }
      dir = std::move(parent);
      ::unlinkat(dir.get(), stack.back().subdirs.back().c_str(), AT_REMOVEDIR);
      stack.back().subdirs.pop_back();
      continue;
    }
    UniqueFd child = OpenSubdir(dir.get(), frame.subdirs.back());
    if (!child || ::fstat(child.get(), &st) != 0) {
      ::unlinkat(dir.get(), frame.subdirs.back().c_str(), AT_REMOVEDIR);
      frame.subdirs.pop_back();
      continue;
    }
    std::vector<std::string> subdirs = UnlinkFiles(child.get());
    dir = std::move(child);
    stack.push_back({st.st_dev, st.st_ino, std::move(subdirs)});
  }
}

// A watcher that removes `path` once this process is gone however it goes (SIGKILL, the
// SIGPIPE of `| head`, a second Ctrl-C: no atexit handler runs then): a shell in its own
// session, holding the read end of a pipe whose write end only we hold (O_CLOEXEC), waits
// for its end. We write "k" first when we removed the directory ourselves. Fixed script and
// absolute paths, no environment; the path is an argument, never part of the script.
UniqueFd StartWatcher(const std::string& path) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return UniqueFd();
  UniqueFd read_end(fds[0]), write_end(fds[1]);
  char script[] = "{ IFS= read -r x <&3; [ \"$x\" = k ] || exec /bin/rm -rf -- \"$0\"; } & exit 0";
  char sh[] = "sh";
  char c[] = "-c";
  std::string arg = path;
  char* argv[] = {sh, c, script, arg.data(), nullptr};
  char* envp[] = {nullptr};
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attr;
  posix_spawn_file_actions_init(&actions);
  posix_spawnattr_init(&attr);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, read_end.get(), 3);
  sigset_t none;
  sigset_t all;
  sigemptyset(&none);
  sigfillset(&all);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &all);
  // Its own session: the terminal's Ctrl-C and hangup do not reach it.
  posix_spawnattr_setflags(&attr, static_cast<short>(POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK |
                                                     POSIX_SPAWN_SETSIGDEF));
  // A kept session (src/system/command_runner.h): the doctor is a child subreaper and kills the
  // orphans its commands leave, but this one must outlive it.
  const pid_t pid = SpawnKeptSession([&] {
    pid_t spawned = -1;
    return ::posix_spawn(&spawned, "/bin/sh", &actions, &attr, argv, envp) == 0 ? spawned : -1;
  });
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (pid < 0) return UniqueFd();
  // The shell exits at once, leaving the watcher to init; reap the shell.
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return write_end;
}

void Dismiss(UniqueFd watcher) {
  if (!watcher) return;
  // A watcher that is gone (killed by someone) must not take the doctor with it: SIGPIPE is
  // blocked for the write and a pending one consumed.
  sigset_t pipe_signal;
  sigset_t old_mask;
  sigemptyset(&pipe_signal);
  sigaddset(&pipe_signal, SIGPIPE);
  ::pthread_sigmask(SIG_BLOCK, &pipe_signal, &old_mask);
  if (::write(watcher.get(), "k\n", 2) < 0 && errno == EPIPE) {
    const timespec now{0, 0};
    ::sigtimedwait(&pipe_signal, nullptr, &now);
  }
  ::pthread_sigmask(SIG_SETMASK, &old_mask, nullptr);
}

// Live TempDirs and their watchers. Leaked on purpose: a detached thread may destroy a TempDir
// after static destructors ran.
struct Registry {
  std::mutex mutex;
  std::map<std::string, UniqueFd> paths;
};

Registry& Live() {
  static Registry* registry = new Registry;
  return *registry;
}

// Takes `path` out of the registry; true when it was there (the caller then removes it).
bool Unregister(const std::string& path, UniqueFd& watcher) {
  Registry& live = Live();
  std::lock_guard lock(live.mutex);
  auto it = live.paths.find(path);
  if (it == live.paths.end()) return false;
  watcher = std::move(it->second);
  live.paths.erase(it);
  return true;
}

}  // namespace

void RemoveContents(const std::string& path) {
  if (path.empty()) return;
  UniqueFd fd(::open(path.c_str(), kDirNoFollowFlags));
  if (!fd && errno == EACCES) {
    ::chmod(path.c_str(), 0700);
    fd = UniqueFd(::open(path.c_str(), kDirNoFollowFlags));
  }
  if (fd) RemoveBelow(std::move(fd));
}

void RemoveTree(const std::string& path) {
  if (path.empty() || path == "/") return;
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return;
  if (!S_ISDIR(st.st_mode)) {
    ::unlink(path.c_str());
    return;
  }
  ::chmod(path.c_str(), 0700);
  RemoveContents(path);
  ::rmdir(path.c_str());
}

void RemoveAllTempDirs() {
  std::map<std::string, UniqueFd> paths;
  {
    Registry& live = Live();
    std::lock_guard lock(live.mutex);
    paths.swap(live.paths);
  }
  for (auto& [path, watcher] : paths) {
    RemoveTree(path);
    Dismiss(std::move(watcher));
  }
}

Result<std::shared_ptr<TempDir>> TempDir::Create(const std::string& tag) {
  static std::once_flag at_exit;
  std::call_once(at_exit, [] { std::atexit(RemoveAllTempDirs); });
  const char* base = std::getenv("TMPDIR");
  std::string pattern = (base != nullptr && *base == '/') ? base : "/tmp";
  pattern += "/rocm-doctor-" + tag + "-XXXXXX";
  if (::mkdtemp(pattern.data()) == nullptr) {
    return Error{"cannot create a temporary directory " + pattern + ": " + ErrnoText(errno)};
  }
  UniqueFd watcher = StartWatcher(pattern);
  {
    Registry& live = Live();
    std::lock_guard lock(live.mutex);
    live.paths.emplace(pattern, std::move(watcher));
  }
  return std::shared_ptr<TempDir>(new TempDir(pattern));
}

TempDir::~TempDir() {
  UniqueFd watcher;
  if (!Unregister(path_, watcher)) return;
  RemoveTree(path_);
  Dismiss(std::move(watcher));
}

}  // namespace rocm_doctor::system
