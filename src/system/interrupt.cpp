#include "system/interrupt.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <mutex>

namespace rocm_doctor::system {
namespace {

// Process groups of running children. A positive value is a registered group the signal has
// not reached yet; the handler or the registration flips it to its negative when it forwards,
// by compare-and-swap, so each child gets the signal exactly once. Lock-free atomics are
// async-signal-safe; a mutex would not be.
constexpr int kSlots = 64;
std::atomic<pid_t> g_groups[kSlots];
std::atomic<int> g_signal{0};  // the first signal received, 0 before
int g_pipe[2] = {-1, -1};      // [1] is written by the handler, [0] is never drained
std::once_flag g_installed;

static_assert(std::atomic<pid_t>::is_always_lock_free);
static_assert(std::atomic<int>::is_always_lock_free);

bool Forward(std::atomic<pid_t>& slot, int signal_number) {
  pid_t pgid = slot.load();
  if (pgid <= 0 || !slot.compare_exchange_strong(pgid, -pgid)) return false;
  ::kill(-pgid, signal_number);
  return true;
}

void OnSignal(int signal_number) {
  const int saved_errno = errno;
  int expected = 0;
  const bool first = g_signal.compare_exchange_strong(expected, signal_number);
  bool any_child = false;
  for (auto& slot : g_groups) any_child |= slot.load() != 0;
  if (!first || !any_child) {
    // Nothing to stop gracefully, or the user insists: no child may outlive the doctor.
    for (auto& slot : g_groups) {
      const pid_t pgid = slot.load();
      if (pgid != 0) ::kill(-(pgid < 0 ? -pgid : pgid), SIGKILL);
    }
    ::signal(signal_number, SIG_DFL);
    ::raise(signal_number);
    errno = saved_errno;
    return;
  }
  for (auto& slot : g_groups) Forward(slot, signal_number);
  if (g_pipe[1] >= 0) {
    const char byte = 'i';
    [[maybe_unused]] const ssize_t ignored = ::write(g_pipe[1], &byte, 1);
  }
  errno = saved_errno;
}

}  // namespace

void InstallInterruptForwarding() {
  std::call_once(g_installed, [] {
    if (::pipe2(g_pipe, O_CLOEXEC | O_NONBLOCK) != 0) g_pipe[0] = g_pipe[1] = -1;
    struct sigaction action {};
    action.sa_handler = OnSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    ::sigaction(SIGINT, &action, nullptr);
    ::sigaction(SIGTERM, &action, nullptr);
  });
}

bool InterruptRequested() { return g_signal.load() != 0; }

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
