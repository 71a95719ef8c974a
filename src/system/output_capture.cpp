// SPDX-License-Identifier: MIT
#include "system/output_capture.h"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <string>

#include "system/command_runner.h"
#include "system/interrupt.h"

namespace rocm_doctor::system::runner {
namespace {

// Without a pidfd, how often the runner looks whether the child has exited.
constexpr int kExitPollMs = 10;
// Bytes read from one pipe before poll() is asked again, so a flood cannot hold the loop past
// the deadline.
constexpr std::size_t kDrainSliceBytes = 1 << 20;

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

}  // namespace

bool CaptureOutput(const CommandSpec& spec, pid_t pid, int out_fd, int err_fd, int pidfd,
                   Clock::time_point& deadline, CommandOutcome& out) {
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
    if (out_open) fds[count++] = {out_fd, POLLIN, 0};
    if (err_open) fds[count++] = {err_fd, POLLIN, 0};
    const bool watch_exit = !exited && pidfd >= 0;
    if (watch_exit) fds[count++] = {pidfd, POLLIN, 0};
    const bool watch_interrupt = !out.interrupted && system::InterruptFd() >= 0;
    if (watch_interrupt) fds[count++] = {system::InterruptFd(), POLLIN, 0};
    int wait_ms = exited ? RemainingMs(drain_until) : RemainingMs(deadline);
    if (!exited && pidfd < 0) wait_ms = std::min(wait_ms, kExitPollMs);
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
      if (watch_exit && fds[i].fd == pidfd) continue;  // HasExited() at the top
      const bool is_out = fds[i].fd == out_fd;
      std::string& sink = is_out ? out.out : out.err;
      const std::size_t before = sink.size();
      const bool open = Drain(fds[i].fd, sink, spec.max_output, out.truncated);
      if (!is_out && spec.on_stderr && sink.size() > before) {
        spec.on_stderr(std::string_view(sink).substr(before));
      }
      (is_out ? out_open : err_open) = open;
    }
  }
  return timed_out;
}

}  // namespace rocm_doctor::system::runner
