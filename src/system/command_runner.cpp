#include "system/command_runner.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <algorithm>
#include <chrono>
#include <map>
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

// Reads what is available on `fd` into `sink`, keeping at most `max` bytes. False at EOF or on a
// read error (either way the stream is finished).
bool Drain(int fd, std::string& sink, std::size_t max, bool& truncated) {
  char buffer[64 * 1024];
  for (;;) {
    const ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got > 0) {
      const auto count = static_cast<std::size_t>(got);
      const std::size_t room = sink.size() < max ? max - sink.size() : 0;
      if (count > room) truncated = true;
      sink.append(buffer, std::min(count, room));
      continue;
    }
    if (got == 0) return false;
    if (errno == EINTR) continue;
    return errno == EAGAIN;
  }
}

void SleepMs(int ms) {
  timespec ts{0, static_cast<long>(ms) * 1000000L};
  while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
  }
}

int RemainingMs(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
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

// Spawn-time resources released on every path out of Spawn().
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

}  // namespace

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
  const system::ChildGroup forwarded(pid);  // Ctrl-C reaches the child's group from here on
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
  bool timed_out = false;
  while (out_open || err_open) {
    pollfd fds[3];
    nfds_t count = 0;
    if (out_open) fds[count++] = {out_read.get(), POLLIN, 0};
    if (err_open) fds[count++] = {err_read.get(), POLLIN, 0};
    const bool watch_interrupt = !out.interrupted && system::InterruptFd() >= 0;
    if (watch_interrupt) fds[count++] = {system::InterruptFd(), POLLIN, 0};
    const int ready = ::poll(fds, count, RemainingMs(deadline));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) {
      timed_out = ready == 0;
      break;
    }
    for (nfds_t i = 0; i < count; ++i) {
      if (fds[i].revents == 0) continue;
      if (watch_interrupt && fds[i].fd == system::InterruptFd()) {
        notice_interrupt();
        continue;
      }
      const bool is_out = fds[i].fd == out_read.get();
      std::string& sink = is_out ? out.out : out.err;
      const std::size_t before = sink.size();
      const bool open = Drain(fds[i].fd, sink, spec.max_output, out.truncated);
      if (!is_out && spec.on_stderr && sink.size() > before) {
        spec.on_stderr(std::string_view(sink).substr(before));
      }
      (is_out ? out_open : err_open) = open;
    }
    if ((out_open || err_open) && RemainingMs(deadline) == 0) {
      timed_out = true;  // a child that floods its pipes keeps poll() ready past the deadline
      break;
    }
  }

  // Both streams are closed, but the child may still run (it closed them, or a grandchild
  // holds nothing): wait for it within the same deadline.
  int status = 0;
  pid_t reaped = 0;
  int wait_error = 0;
  while (!timed_out) {
    reaped = ::waitpid(pid, &status, WNOHANG);
    if (reaped == pid) break;
    if (reaped < 0 && errno != EINTR) {
      wait_error = errno;
      break;
    }
    if (RemainingMs(deadline) == 0) {
      timed_out = true;
      break;
    }
    if (!out.interrupted && system::InterruptRequested()) notice_interrupt();
    SleepMs(std::min(5, RemainingMs(deadline)));
  }
  if (timed_out) {
    ::kill(-pid, SIGKILL);
    ::kill(pid, SIGKILL);  // in case it left the group with setsid()
    out_read = UniqueFd();
    err_read = UniqueFd();
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
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
  // The child is gone, but what it started may live on in its group with its streams closed
  // (a daemonised grandchild): the group goes with it. The group's id cannot be reused by
  // another group while any member of this one is alive.
  ::kill(-pid, SIGKILL);
  if (reaped < 0) {
    // SIGCHLD set to SIG_IGN by an embedding program makes the kernel reap the child itself.
    out.state = CommandOutcome::State::kExited;
    out.error = "waitpid: " + ErrnoText(wait_error);
    return finish();
  }
  FillExit(status, out);
  return finish();
}

}  // namespace rocm_doctor
