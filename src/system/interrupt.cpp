// SPDX-License-Identifier: MIT
#include "system/interrupt.h"

#include <fcntl.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <mutex>

#include "rocm_doctor/exit_code.h"
#include "system/command_runner.h"

namespace rocm_doctor::system {
namespace {

// Process groups of running children. A positive value is a registered group the signal has
// not reached yet; the handler or the registration flips it to its negative when it forwards,
// by compare-and-swap, so each child gets the signal exactly once. Lock-free atomics are
// async-signal-safe; a mutex would not be.
constexpr int kSlots = 64;
// How long the dying handler waits for killed children (and the orphans they hand over).
constexpr int kDeathSweepMs = 300;
std::atomic<pid_t> g_groups[kSlots];
std::atomic<int> g_signal{0};          // the first signal received, 0 before
std::atomic<long long> g_first_ns{0};  // CLOCK_MONOTONIC of the first signal
std::atomic<bool> g_report{false};     // ReportOnInterrupt() was called
int g_pipe[2] = {-1, -1};              // [1] is written by the handler, [0] is never drained
std::once_flag g_installed;

static_assert(std::atomic<pid_t>::is_always_lock_free);
static_assert(std::atomic<int>::is_always_lock_free);
static_assert(std::atomic<long long>::is_always_lock_free);
static_assert(std::atomic<bool>::is_always_lock_free);

long long MonotonicNs() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);  // async-signal-safe
  return static_cast<long long>(ts.tv_sec) * 1000000000LL + ts.tv_nsec;
}

bool Forward(std::atomic<pid_t>& slot, int signal_number) {
  pid_t pgid = slot.load();
  if (pgid <= 0 || !slot.compare_exchange_strong(pgid, -pgid)) return false;
  ::kill(-pgid, signal_number);
  return true;
}

// No child may outlive the doctor: every registered group, then every child of the process and
// the orphans they hand over, SIGKILLed and reaped; then the doctor dies of `signal_number`.
[[noreturn]] void DieOf(int signal_number) {
  for (auto& slot : g_groups) {
    const pid_t pgid = slot.load();
    if (pgid != 0) ::kill(-(pgid < 0 ? -pgid : pgid), SIGKILL);
  }
  KillAllChildrenNow(kDeathSweepMs);
  ::signal(signal_number, SIG_DFL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, signal_number);
  ::sigprocmask(SIG_UNBLOCK, &set, nullptr);
  ::raise(signal_number);
  ::_exit(128 + signal_number);  // not reached: the default action of SIGINT/SIGTERM kills
}

void OnSignal(int signal_number) {
  const int saved_errno = errno;
  const long long now = MonotonicNs();
  int expected = 0;
  const bool first = g_signal.compare_exchange_strong(expected, signal_number);
  if (first) {
    g_first_ns.store(now);
  } else {
    // A repeat: the user insists, unless it follows the first so closely that it is the same
    // request sent twice (timeout(1) signals the process, then its process group).
    const long long since = now - g_first_ns.load();
    if (since >= std::chrono::nanoseconds(kInsistAfter).count()) DieOf(signal_number);
    errno = saved_errno;
    return;
  }
  bool any_child = false;
  for (auto& slot : g_groups) any_child |= slot.load() != 0;
  // Nothing to stop gracefully and no report to make: the signal's usual meaning.
  if (!any_child && !g_report.load()) DieOf(signal_number);
  // The wake-up byte first: a runner waiting on a child must see the interrupt no later than
  // the child's exit. Forwarded first, a child that stops at once could exit and close its
  // pipes before the byte was written, and its run was not marked interrupted (the interrupt
  // test failed about 1 run in 70 on a loaded 2-core machine).
  if (g_pipe[1] >= 0) {
    const char byte = 'i';
    [[maybe_unused]] const ssize_t ignored = ::write(g_pipe[1], &byte, 1);
  }
  for (auto& slot : g_groups) Forward(slot, signal_number);
  errno = saved_errno;
}

}  // namespace

void InstallInterruptForwarding() {
  std::call_once(g_installed, [] {
    if (::pipe2(g_pipe, O_CLOEXEC | O_NONBLOCK) != 0) g_pipe[0] = g_pipe[1] = -1;
    struct sigaction action {};
    action.sa_handler = OnSignal;
    sigemptyset(&action.sa_mask);
    // The other one of the pair waits while the handler runs: the first signal is decided
    // before the second is looked at.
    sigaddset(&action.sa_mask, SIGINT);
    sigaddset(&action.sa_mask, SIGTERM);
    action.sa_flags = SA_RESTART;
    ::sigaction(SIGINT, &action, nullptr);
    ::sigaction(SIGTERM, &action, nullptr);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    ::pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
  });
}

void ReportOnInterrupt() { g_report.store(true); }

bool InterruptRequested() { return g_signal.load() != 0; }

int InterruptSignal() { return g_signal.load(); }

int InterruptExitCode() {
  const int signal_number = g_signal.load();
  return signal_number == 0 ? 0 : InterruptedExitCode(signal_number);
}

const char* InterruptSignalName() {
  switch (g_signal.load()) {
    case 0:
      return "";
    case SIGINT:
      return "SIGINT";
    case SIGTERM:
      return "SIGTERM";
    default:
      return "a signal";
  }
}

int InterruptFd() { return g_pipe[0]; }

ChildGroup::ChildGroup(pid_t pgid) {
  if (pgid <= 0) return;
  for (int i = 0; i < kSlots; ++i) {
    pid_t empty = 0;
    if (g_groups[i].compare_exchange_strong(empty, pgid)) {
      slot_ = i;
      break;
    }
  }
  // The signal came between the runner's last look and this registration.
  if (slot_ >= 0 && g_signal.load() != 0) Forward(g_groups[slot_], g_signal.load());
}

ChildGroup::~ChildGroup() {
  if (slot_ >= 0) g_groups[slot_].store(0);
}

std::size_t RunningChildGroups() {
  std::size_t n = 0;
  for (auto& slot : g_groups) n += slot.load() != 0;
  return n;
}

}  // namespace rocm_doctor::system
