#include "system/command_runner.h"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "system/fd_io.h"
#include "system/interrupt.h"

extern char** environ;

namespace rocm_doctor {
namespace {

using Clock = std::chrono::steady_clock;
using system::ErrnoText;
using system::UniqueFd;

// Without a pidfd, how often the runner looks whether the child has exited.
constexpr int kExitPollMs = 10;
// After a command ends, how long the sweep waits for its killed process group to empty (each
// member that dies may reparent an orphan of its own to the doctor).
constexpr auto kSweepBound = std::chrono::milliseconds(250);
// At exit: how long to wait for the killed commands and orphans to go.
constexpr int kExitSweepBoundMs = 1000;
// Bytes read from one pipe before poll() is asked again, so a flood cannot hold the loop past
// the deadline.
constexpr std::size_t kDrainSliceBytes = 1 << 20;

// ---- The registry of running commands ------------------------------------------------------

struct Registry {
  std::mutex mutex;
  std::set<pid_t> live;  // spawned, not reaped yet; each leads its own process group
  bool closing = false;  // the exit sweep ran: nothing new starts
  pid_t owner = 0;       // the process that set it up (a forked child must not sweep)
};

Registry& TheRegistry() {
  // Never destroyed: a detached check thread may still run a command while the process exits.
  static Registry* registry = new Registry;
  return *registry;
}

// Sessions of helpers the doctor starts outside the runner on purpose and that must outlive it
// (SpawnKeptSession: the temp-dir watcher). Lock-free, so the dying signal handler can read it;
// written under the registry's lock.
constexpr int kKeptSlots = 64;
std::atomic<pid_t> g_kept_sessions[kKeptSlots];
static_assert(std::atomic<pid_t>::is_always_lock_free);

void ExitHook() { system::KillAllChildrenAtExit(); }

void SetUpOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    TheRegistry().owner = ::getpid();
    // Orphans of the commands (setsid daemons, grandchildren whose parent exited) become the
    // doctor's children instead of init's, so the sweeps below can find and kill them.
    ::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    std::atexit(ExitHook);
  });
}

// ---- Async-signal-safe helpers (raw syscalls, no allocation) -------------------------------

// "123" -> 123; -1 when `s` is not all digits.
long ParsePid(const char* s) {
  if (*s == '\0') return -1;
  long value = 0;
  for (; *s != '\0'; ++s) {
    if (*s < '0' || *s > '9') return -1;
    value = value * 10 + (*s - '0');
    if (value > 1L << 30) return -1;
  }
  return value;
}

// Appends decimal `value` at `p`; returns the end.
char* AppendNumber(char* p, long value) {
  char digits[24];
  int n = 0;
  do {
    digits[n++] = static_cast<char>('0' + value % 10);
    value /= 10;
  } while (value > 0);
  while (n > 0) *p++ = digits[--n];
  *p = '\0';
  return p;
}

char* AppendText(char* p, const char* text) {
  while (*text != '\0') *p++ = *text++;
  *p = '\0';
  return p;
}

// Reads what fits of `path` into `buffer` (NUL-terminated); -1 when it cannot be opened.
ssize_t ReadSmallFile(const char* path, char* buffer, std::size_t size) {
  const int fd = static_cast<int>(::syscall(SYS_openat, AT_FDCWD, path, O_RDONLY | O_CLOEXEC));
  if (fd < 0) return -1;
  std::size_t got = 0;
  while (got + 1 < size) {
    const ssize_t n = ::read(fd, buffer + got, size - 1 - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  ::close(fd);
  buffer[got] = '\0';
  return static_cast<ssize_t>(got);
}

// Calls `fn(name)` for each entry of the directory `path` whose name is a number.
template <class Fn>
bool ForEachNumericEntry(const char* path, Fn fn) {
  const int fd = static_cast<int>(
      ::syscall(SYS_openat, AT_FDCWD, path, O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (fd < 0) return false;
  alignas(8) char buffer[4096];
  for (;;) {
    const long n = ::syscall(SYS_getdents64, fd, buffer, sizeof buffer);
    if (n <= 0) break;
    for (long offset = 0; offset < n;) {
      // glibc's dirent64 has the kernel's linux_dirent64 layout.
      const auto* entry = reinterpret_cast<const struct dirent64*>(buffer + offset);
      offset += entry->d_reclen;
      const long number = ParsePid(entry->d_name);
      if (number > 0) fn(static_cast<pid_t>(number));
    }
  }
  ::close(fd);
  return true;
}

pid_t OwnPgid() { return static_cast<pid_t>(::syscall(SYS_getpgid, 0)); }
pid_t PgidOf(pid_t pid) { return static_cast<pid_t>(::syscall(SYS_getpgid, pid)); }

// Async-signal-safe: `pid` belongs to a kept session (SpawnKeptSession).
bool IsKept(pid_t pid) {
  const auto sid = static_cast<pid_t>(::syscall(SYS_getsid, pid));
  if (sid <= 0) return false;
  for (const auto& slot : g_kept_sessions) {
    if (slot.load() == sid) return true;
  }
  return false;
}

// ---- Running one command --------------------------------------------------------------------

// The child's environment: ours, with `extra` replacing or adding entries.
std::vector<std::string> ChildEnvironment(const std::map<std::string, std::string>& extra) {
  std::vector<std::string> env;
  for (char** entry = environ; entry != nullptr && *entry != nullptr; ++entry) {
    const std::string_view text(*entry);
    const std::string name(text.substr(0, text.find('=')));
    if (!extra.count(name)) env.emplace_back(text);
  }
  for (const auto& [name, value] : extra) env.push_back(name + "=" + value);
  return env;
}

std::vector<char*> CPointers(std::vector<std::string>& strings) {
  std::vector<char*> pointers;
  pointers.reserve(strings.size() + 1);
  for (auto& s : strings) pointers.push_back(s.data());
  pointers.push_back(nullptr);
  return pointers;
}

// Reads what is available on `fd` into `sink` (at most kDrainSliceBytes this call), keeping at
// most `max` bytes. False at EOF or on a read error (either way the stream is finished).
bool Drain(int fd, std::string& sink, std::size_t max, bool& truncated) {
  char buffer[64 * 1024];
  for (std::size_t total = 0; total < kDrainSliceBytes;) {
    const ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got > 0) {
      const auto count = static_cast<std::size_t>(got);
      total += count;
      const std::size_t room = sink.size() < max ? max - sink.size() : 0;
      if (count > room) truncated = true;
      sink.append(buffer, std::min(count, room));
      continue;
    }
    if (got == 0) return false;
    if (errno == EINTR) continue;
    return errno == EAGAIN;
  }
  return true;
}

void SleepMs(int ms) {
  timespec ts{0, static_cast<long>(ms) * 1000000L};
  while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
  }
}

int RemainingMs(Clock::time_point deadline) {
  const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now());
  return left.count() <= 0 ? 0 : static_cast<int>(std::min<long long>(left.count(), 1 << 30));
}

void FillExit(int status, CommandOutcome& out) {
  if (WIFEXITED(status)) {
    out.state = CommandOutcome::State::kExited;
    out.exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    out.state = CommandOutcome::State::kSignaled;
    out.signal = WTERMSIG(status);
  }
}

// A descriptor that polls readable once `pid` has exited (Linux 5.3), or -1.
int OpenPidFd(pid_t pid) {
#ifdef SYS_pidfd_open
  const long fd = ::syscall(SYS_pidfd_open, pid, 0);
  return fd < 0 ? -1 : static_cast<int>(fd);
#else
  (void)pid;
  return -1;
#endif
}

// Whether `pid` has exited, without reaping it: while it is an unreaped zombie its pid - and so
// its process group's id - cannot be reused, and the group can still be killed safely. ECHILD
// (an embedding program set SIGCHLD to SIG_IGN and the kernel reaped it) counts as exited.
bool HasExited(pid_t pid) {
  siginfo_t info{};
  for (;;) {
    info.si_pid = 0;
    if (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0) {
      return info.si_pid == pid;
    }
    if (errno != EINTR) return errno == ECHILD;
  }
}

// Spawn-time resources released on every path out of the spawn.
struct SpawnAttrs {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attr;
  SpawnAttrs() {
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attr);
  }
  ~SpawnAttrs() {
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
  }
  SpawnAttrs(const SpawnAttrs&) = delete;
  SpawnAttrs& operator=(const SpawnAttrs&) = delete;
};

// After the command `ended` (reaped, no longer registered) finished: SIGKILL and reap every
// child of the doctor that no live command owns, until the ended command's group is empty (its
// dying members may still hand orphans over) or kSweepBound passed.
void SweepOrphans(pid_t ended) {
  Registry& registry = TheRegistry();
  const pid_t own_group = OwnPgid();
  const auto bound = Clock::now() + kSweepBound;
  for (;;) {
    bool unreaped = false;
    {
      // Under the lock no command is spawned, so every child listed is either registered or an
      // orphan, and none is reaped by anyone else meanwhile (its pid cannot be reused).
      std::lock_guard<std::mutex> lock(registry.mutex);
      if (registry.closing) return;
      pid_t children[512];
      const std::size_t count = std::min<std::size_t>(system::ListChildren(children, 512), 512);
      for (std::size_t i = 0; i < count; ++i) {
        const pid_t child = children[i];
        if (registry.live.count(child)) continue;  // another command, still running
        if (IsKept(child)) {
          // A helper meant to outlive the doctor: never killed, only reaped once it has ended.
          while (::waitpid(child, nullptr, WNOHANG) < 0 && errno == EINTR) {
          }
          continue;
        }
        const pid_t group = PgidOf(child);
        if (group == own_group) continue;  // not the runner's: the embedding program's own
        // An orphan inside a live command's process group is that command's: it goes with it.
        if (group > 0 && group != child && registry.live.count(group)) continue;
        ::kill(child, SIGKILL);
        if (group == child) ::kill(-child, SIGKILL);  // a setsid() daemon's own group with it
        int status = 0;
        pid_t reaped = 0;
        do {
          reaped = ::waitpid(child, &status, WNOHANG);
        } while (reaped < 0 && errno == EINTR);
        if (reaped == 0) unreaped = true;  // dying (or stuck in the kernel): the next pass
      }
    }
    const bool group_left = ended > 0 && ::kill(-ended, 0) == 0;
    if ((!group_left && !unreaped) || Clock::now() >= bound) return;
    SleepMs(2);
  }
}

}  // namespace

namespace system {

std::size_t ListChildren(pid_t* out, std::size_t max) {
  std::size_t count = 0;
  auto add = [&](long pid) {
    if (pid <= 0) return;
    if (count < max) out[count] = static_cast<pid_t>(pid);
    ++count;
  };
  bool children_files = true;
  ForEachNumericEntry("/proc/self/task", [&](pid_t tid) {
    char path[64];
    AppendText(AppendNumber(AppendText(path, "/proc/self/task/"), tid), "/children");
    char text[4096];
    if (ReadSmallFile(path, text, sizeof text) < 0) {
      children_files = false;  // no CONFIG_PROC_CHILDREN (or the thread just ended)
      return;
    }
    long value = -1;
    for (const char* p = text;; ++p) {
      if (*p >= '0' && *p <= '9') {
        value = (value < 0 ? 0 : value * 10) + (*p - '0');
      } else {
        add(value);
        value = -1;
        if (*p == '\0') break;
      }
    }
  });
  if (children_files) return count;
  // No children files: every process whose parent is this one, from /proc/<pid>/stat.
  count = 0;
  const long self = ::getpid();
  ForEachNumericEntry("/proc", [&](pid_t pid) {
    char path[64];
    AppendText(AppendNumber(AppendText(path, "/proc/"), pid), "/stat");
    char text[1024];
    if (ReadSmallFile(path, text, sizeof text) <= 0) return;
    // "pid (comm) S ppid ...": comm may hold spaces and parentheses; the last ')' ends it.
    const char* close = nullptr;
    for (const char* p = text; *p != '\0'; ++p) {
      if (*p == ')') close = p;
    }
    if (close == nullptr || close[1] == '\0' || close[2] == '\0') return;
    const char* p = close + 2;  // the state letter
    while (*p != '\0' && *p != ' ') ++p;
    long ppid = 0;
    for (++p; *p >= '0' && *p <= '9'; ++p) ppid = ppid * 10 + (*p - '0');
    if (ppid == self) add(pid);
  });
  return count;
}

void KillAllChildrenNow(int bound_ms) {
  for (int waited = 0;; waited += 2) {
    pid_t children[512];
    const std::size_t count = std::min<std::size_t>(ListChildren(children, 512), 512);
    std::size_t killed = 0;
    for (std::size_t i = 0; i < count; ++i) {
      if (IsKept(children[i])) continue;
      ++killed;
      ::kill(children[i], SIGKILL);
      if (PgidOf(children[i]) == children[i]) ::kill(-children[i], SIGKILL);
    }
    while (::waitpid(-1, nullptr, WNOHANG) > 0) {
    }
    if (killed == 0 || waited >= bound_ms) return;
    timespec ts{0, 2000000L};
    nanosleep(&ts, nullptr);
  }
}

void KillAllChildrenAtExit() {
  Registry& registry = TheRegistry();
  if (registry.owner != ::getpid()) return;  // a forked child: these are its parent's commands
  // Under the lock throughout (at most kExitSweepBoundMs): no command is reaped meanwhile, so
  // every registered pid is still the runner's child and its group id its own.
  std::lock_guard<std::mutex> lock(registry.mutex);
  if (registry.closing) return;
  registry.closing = true;
  // Commands still running (a check abandoned at its deadline): their groups first, so what
  // they started is handed over to the doctor and killed below.
  for (pid_t pid : registry.live) {
    ::kill(-pid, SIGKILL);
    ::kill(pid, SIGKILL);
  }
  // Every child now, the process's own group included: nothing outlives it.
  for (int waited = 0;; waited += 2) {
    pid_t children[512];
    const std::size_t count = std::min<std::size_t>(ListChildren(children, 512), 512);
    std::size_t left = 0;
    for (std::size_t i = 0; i < count; ++i) {
      const pid_t child = children[i];
      if (IsKept(child)) continue;
      const pid_t group = PgidOf(child);
      ::kill(child, SIGKILL);
      if (group == child) ::kill(-child, SIGKILL);
      pid_t reaped = 0;
      do {
        reaped = ::waitpid(child, nullptr, WNOHANG);
      } while (reaped < 0 && errno == EINTR);
      if (reaped == 0) ++left;
    }
    if (left == 0 || waited >= kExitSweepBoundMs) return;
    SleepMs(2);
  }
}

pid_t SpawnKeptSession(const std::function<pid_t()>& spawn) {
  Registry& registry = TheRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  // Slots of sessions that have ended are free again (no process left in the group the
  // session leader made; its id cannot be reused while one is).
  for (auto& slot : g_kept_sessions) {
    const pid_t sid = slot.load();
    if (sid > 0 && ::kill(-sid, 0) != 0 && errno == ESRCH) slot.store(0);
  }
  const pid_t pid = spawn();
  if (pid > 0) {
    for (auto& slot : g_kept_sessions) {
      pid_t empty = 0;
      if (slot.compare_exchange_strong(empty, pid)) break;
    }
  }
  return pid;
}

}  // namespace system

CommandOutcome RunCommand(const CommandSpec& spec) {
  CommandOutcome out;
  const auto start = Clock::now();
  const auto finish = [&]() -> CommandOutcome& {
    out.wall_seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return out;
  };
  if (spec.argv.empty() || spec.argv.front().empty()) {
    out.state = CommandOutcome::State::kSpawnFailed;
    out.error = "empty argv";
    return finish();
  }
  if (system::InterruptRequested()) {
    // After Ctrl-C nothing new starts; what runs is given its grace time below.
    out.state = CommandOutcome::State::kSpawnFailed;
    out.interrupted = true;
    out.error = spec.argv.front() + ": not started, interrupted";
    return finish();
  }
  SetUpOnce();
  Registry& registry = TheRegistry();

  int out_pipe[2] = {-1, -1};
  int err_pipe[2] = {-1, -1};
  // O_CLOEXEC: a command spawned concurrently from another thread must not inherit our pipes,
  // or our reader would never see EOF.
  if (pipe2(out_pipe, O_CLOEXEC) != 0 || pipe2(err_pipe, O_CLOEXEC) != 0) {
    const int error_number = errno;
    for (int fd : {out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]}) {
      if (fd >= 0) ::close(fd);
    }
    out.state = CommandOutcome::State::kSpawnFailed;
    out.error = "pipe: " + ErrnoText(error_number);
    return finish();
  }
  UniqueFd out_read(out_pipe[0]), out_write(out_pipe[1]);
  UniqueFd err_read(err_pipe[0]), err_write(err_pipe[1]);

  std::vector<std::string> argv_strings(spec.argv.begin(), spec.argv.end());
  std::vector<char*> argv = CPointers(argv_strings);
  std::vector<std::string> env_strings = ChildEnvironment(spec.extra_env);
  std::vector<char*> envp = CPointers(env_strings);

  pid_t pid = -1;
  int spawn_error = 0;
  {
    // Spawned and registered under the registry's lock: a sweep in another thread never sees
    // this child unregistered.
    std::lock_guard<std::mutex> lock(registry.mutex);
    if (registry.closing) {
      out.state = CommandOutcome::State::kSpawnFailed;
      out.error = spec.argv.front() + ": not started, the doctor is exiting";
      return finish();
    }
    SpawnAttrs spawn;
    posix_spawn_file_actions_addopen(&spawn.actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&spawn.actions, out_write.get(), 1);
    posix_spawn_file_actions_adddup2(&spawn.actions, err_write.get(), 2);
    sigset_t none;
    sigset_t all;
    sigemptyset(&none);
    sigfillset(&all);
    posix_spawnattr_setsigmask(&spawn.attr, &none);
    posix_spawnattr_setsigdefault(&spawn.attr, &all);
    posix_spawnattr_setpgroup(&spawn.attr, 0);  // its own group, so a timeout kills its children
    posix_spawnattr_setflags(&spawn.attr, static_cast<short>(POSIX_SPAWN_SETPGROUP |
                                                              POSIX_SPAWN_SETSIGMASK |
                                                              POSIX_SPAWN_SETSIGDEF));
    spawn_error = posix_spawnp(&pid, argv[0], &spawn.actions, &spawn.attr, argv.data(),
                               envp.data());
    if (spawn_error == 0) registry.live.insert(pid);
  }
  out_write = UniqueFd();
  err_write = UniqueFd();
  if (spawn_error != 0) {
    out.state = CommandOutcome::State::kSpawnFailed;
    out.error = spec.argv.front() + ": " + ErrnoText(spawn_error);
    return finish();
  }

  fcntl(out_read.get(), F_SETFL, O_NONBLOCK);
  fcntl(err_read.get(), F_SETFL, O_NONBLOCK);
  UniqueFd pidfd(OpenPidFd(pid));
  // Ctrl-C reaches the child's group from here on, until it is reaped.
  std::optional<system::ChildGroup> forwarded(std::in_place, pid);
  auto deadline = start + spec.timeout;
  const auto deadline_as_given = deadline;
  // Once interrupted: the child's grace time to stop, free what it holds and print.
  auto notice_interrupt = [&] {
    if (out.interrupted) return;
    out.interrupted = true;
    deadline = std::min(deadline, Clock::now() + system::kInterruptGrace);
  };
  if (system::InterruptRequested()) notice_interrupt();
  bool out_open = true;
  bool err_open = true;
  bool exited = false;     // the child itself has exited (not reaped yet)
  bool timed_out = false;
  Clock::time_point drain_until{};  // once exited: the end of kExitDrainGrace
  for (;;) {
    if (!exited && HasExited(pid)) {
      exited = true;
      drain_until = Clock::now() + kExitDrainGrace;
    }
    if (exited && ((!out_open && !err_open) || Clock::now() >= drain_until)) break;
    if (!exited && RemainingMs(deadline) == 0) {
      timed_out = true;  // also a child that floods its pipes and keeps poll() ready
      break;
    }
    pollfd fds[4];
    nfds_t count = 0;
    if (out_open) fds[count++] = {out_read.get(), POLLIN, 0};
    if (err_open) fds[count++] = {err_read.get(), POLLIN, 0};
    const bool watch_exit = !exited && pidfd;
    if (watch_exit) fds[count++] = {pidfd.get(), POLLIN, 0};
    const bool watch_interrupt = !out.interrupted && system::InterruptFd() >= 0;
    if (watch_interrupt) fds[count++] = {system::InterruptFd(), POLLIN, 0};
    int wait_ms = exited ? RemainingMs(drain_until) : RemainingMs(deadline);
    if (!exited && !pidfd) wait_ms = std::min(wait_ms, kExitPollMs);
    const int ready = ::poll(fds, count, wait_ms);
    if (ready < 0 && errno != EINTR) {
      // Cannot poll (should not happen): fall back to looking at the child now and then.
      SleepMs(std::min(kExitPollMs, std::max(wait_ms, 1)));
      continue;
    }
    if (ready <= 0) continue;  // the checks at the top decide
    for (nfds_t i = 0; i < count; ++i) {
      if (fds[i].revents == 0) continue;
      if (watch_interrupt && fds[i].fd == system::InterruptFd()) {
        notice_interrupt();
        continue;
      }
      if (watch_exit && fds[i].fd == pidfd.get()) continue;  // HasExited() at the top
      const bool is_out = fds[i].fd == out_read.get();
      std::string& sink = is_out ? out.out : out.err;
      const std::size_t before = sink.size();
      const bool open = Drain(fds[i].fd, sink, spec.max_output, out.truncated);
      if (!is_out && spec.on_stderr && sink.size() > before) {
        spec.on_stderr(std::string_view(sink).substr(before));
      }
      (is_out ? out_open : err_open) = open;
    }
  }

  // The child has exited (a zombie) or must die: either way it is not reaped yet, so its group's
  // id is still its own and the group can be killed without hitting anything else. What it
  // started and left in its group - a background process holding its stdout, a daemon that
  // closed its streams - goes with it.
  ::kill(-pid, SIGKILL);
  if (timed_out) ::kill(pid, SIGKILL);  // in case it left its group with setsid()
  out_read = UniqueFd();
  err_read = UniqueFd();
  forwarded.reset();  // before the reap: the handler must never signal a reused group id
  // Wait for its death without reaping (a SIGKILLed child may take a moment), then reap it and
  // drop it from the registry in one step under the lock: no sweep ever sees it unregistered
  // but unreaped (it would reap it, and take its status), and no registered pid is ever one the
  // kernel could have given to another process.
  siginfo_t info{};
  while (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOWAIT) != 0 &&
         errno == EINTR) {
  }
  int status = 0;
  pid_t reaped = 0;
  int wait_error = 0;
  {
    std::lock_guard<std::mutex> lock(registry.mutex);
    do {
      reaped = ::waitpid(pid, &status, WNOHANG);
    } while (reaped < 0 && errno == EINTR);
    if (reaped < 0) wait_error = errno;
    registry.live.erase(pid);
  }
  pidfd = UniqueFd();
  // Whatever it started outside its group (setsid) was handed to the doctor when its parent
  // died: kill and reap it, and any orphan an earlier command left.
  SweepOrphans(pid);

  if (timed_out) {
    if (out.interrupted && deadline < deadline_as_given) {
      out.state = CommandOutcome::State::kSignaled;
      out.signal = SIGKILL;
      out.error = "interrupted; it did not stop within " +
                  std::to_string(system::kInterruptGrace.count()) + " s and was killed";
      return finish();
    }
    out.state = CommandOutcome::State::kTimedOut;
    out.signal = SIGKILL;
    out.error = "timed out after " + std::to_string(spec.timeout.count()) + " ms";
    return finish();
  }
  if (reaped != pid) {
    // SIGCHLD set to SIG_IGN by an embedding program makes the kernel reap the child itself
    // (and the exit sweep reaps what still runs when the process exits).
    out.state = CommandOutcome::State::kExited;
    out.error = "waitpid: " + ErrnoText(wait_error != 0 ? wait_error : ECHILD);
    return finish();
  }
  FillExit(status, out);
  return finish();
}

}  // namespace rocm_doctor
