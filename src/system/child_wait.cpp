// SPDX-License-Identifier: MIT
#include "system/child_wait.h"

#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <mutex>

#include "system/child_registry.h"

namespace rocm_doctor::system::runner {

void SleepMs(int ms) {
  timespec ts{0, static_cast<long>(ms) * 1000000L};
  while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
  }
}

int RemainingMs(Clock::time_point deadline) {
  const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now());
  return left.count() <= 0 ? 0 : static_cast<int>(std::min<long long>(left.count(), 1 << 30));
}

int OpenPidFd(pid_t pid) {
#ifdef SYS_pidfd_open
  const long fd = ::syscall(SYS_pidfd_open, pid, 0);
  return fd < 0 ? -1 : static_cast<int>(fd);
#else
  (void)pid;
  return -1;
#endif
}

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

void FillExit(int status, CommandOutcome& out) {
  if (WIFEXITED(status)) {
    out.state = CommandOutcome::State::kExited;
    out.exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    out.state = CommandOutcome::State::kSignaled;
    out.signal = WTERMSIG(status);
  }
}

Reaped ReapRegistered(pid_t pid) {
  siginfo_t info{};
  while (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOWAIT) != 0 &&
         errno == EINTR) {
  }
  Reaped out;
  Registry& registry = TheRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  do {
    out.pid = ::waitpid(pid, &out.status, WNOHANG);
  } while (out.pid < 0 && errno == EINTR);
  if (out.pid < 0) out.wait_error = errno;
  registry.live.erase(pid);
  return out;
}

}  // namespace rocm_doctor::system::runner
