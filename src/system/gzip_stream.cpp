// SPDX-License-Identifier: MIT
#include "system/gzip_stream.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace rocm_doctor::system {
namespace {

constexpr std::size_t kErrKept = 4096;

int RemainingMs(GzipClock::time_point deadline) {
  const auto left =
      std::chrono::duration_cast<std::chrono::milliseconds>(deadline - GzipClock::now()).count();
  return left <= 0 ? 0 : static_cast<int>(std::min<long long>(left, 1 << 30));
}

// The first of the two places Debian, Fedora and the rest install gzip, as a regular
// executable file; a directory of the caller's choosing ($PATH) is never consulted.
Result<const char*> GzipPath() {
  for (const char* path : {"/usr/bin/gzip", "/bin/gzip"}) {
    struct stat st {};
    if (::stat(path, &st) == 0 && S_ISREG(st.st_mode) && ::access(path, X_OK) == 0) return path;
  }
  return Error{"gzip is not installed (looked for /usr/bin/gzip and /bin/gzip)"};
}

// The first non-empty line of what gzip said (it starts some messages with a newline).
std::string FirstLine(std::string text) {
  const std::size_t begin = text.find_first_not_of("\r\n ");
  if (begin == std::string::npos) return "no message";
  text = text.substr(begin);
  text = text.substr(0, text.find('\n'));
  for (char& c : text) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  }
  return text;
}

}  // namespace

GzipChild::~GzipChild() {
  if (pid_ > 0) {
    ::kill(pid_, SIGKILL);
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
  }
}

Result<bool> GzipChild::Start(const char* mode, int in, int out) {
  auto path = GzipPath();
  if (!path) return Error{path.error()};
  int err_pipe[2];
  if (::pipe2(err_pipe, O_CLOEXEC) != 0) return Error{"pipe: " + ErrnoText(errno)};
  err_ = UniqueFd(err_pipe[0]);
  UniqueFd err_write(err_pipe[1]);
  char* argv[] = {const_cast<char*>("gzip"), const_cast<char*>(mode), nullptr};
  char locale[] = "LC_ALL=C";
  char* envp[] = {locale, nullptr};  // the whole environment: no GZIP, no PATH
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attr;
  posix_spawn_file_actions_init(&actions);
  posix_spawnattr_init(&attr);
  // dup2 clears close-on-exec on 0, 1, 2; every other descriptor of ours is O_CLOEXEC.
  posix_spawn_file_actions_adddup2(&actions, in, 0);
  posix_spawn_file_actions_adddup2(&actions, out, 1);
  posix_spawn_file_actions_adddup2(&actions, err_write.get(), 2);
  sigset_t none;
  sigset_t all;
  sigemptyset(&none);
  sigfillset(&all);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &all);  // SIGPIPE kills it once we stop reading
  posix_spawnattr_setflags(&attr,
                           static_cast<short>(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF));
  const int failed = ::posix_spawn(&pid_, *path, &actions, &attr, argv, envp);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (failed != 0) {
    pid_ = -1;
    return Error{std::string(*path) + ": " + ErrnoText(failed)};
  }
  ::fcntl(err_.get(), F_SETFL, O_NONBLOCK);
  return true;
}

void GzipChild::DrainErr() {
  char buffer[1024];
  for (;;) {
    const ssize_t got = ::read(err_.get(), buffer, sizeof buffer);
    if (got > 0) {
      err_text_.append(buffer, std::min(static_cast<std::size_t>(got),
                                        kErrKept - std::min(kErrKept, err_text_.size())));
      continue;
    }
    if (got < 0 && errno == EINTR) continue;
    if (got == 0) err_ = UniqueFd();  // EOF: gzip is exiting
    return;
  }
}

Result<bool> GzipChild::Wait(GzipClock::time_point deadline) {
  if (pid_ < 0) return outcome_;  // never started, or already reaped
  outcome_ = Reap(deadline);
  return outcome_;
}

Result<bool> GzipChild::Reap(GzipClock::time_point deadline) {
  // gzip closes stderr as it exits; until then (or the deadline) keep reading what it says.
  while (err_) {
    pollfd fd{err_.get(), POLLIN, 0};
    const int ready = ::poll(&fd, 1, RemainingMs(deadline));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) {
      ::kill(pid_, SIGKILL);
      break;
    }
    DrainErr();
  }
  int status = 0;
  pid_t got;
  while ((got = ::waitpid(pid_, &status, 0)) < 0 && errno == EINTR) {
  }
  pid_ = -1;
  if (got < 0) return Error{"gzip: waitpid: " + ErrnoText(errno)};
  if (GzipClock::now() >= deadline && WIFSIGNALED(status)) {
    return Error{"gzip ran past the deadline"};
  }
  // Exit 2 is a warning ("trailing garbage ignored"); the tar framing is judged by the reader.
  if (WIFEXITED(status) && (WEXITSTATUS(status) == 0 || WEXITSTATUS(status) == 2)) return true;
  if (WIFSIGNALED(status) && WTERMSIG(status) == SIGXFSZ) {
    return Error{"gzip: the file size limit (ulimit -f) was reached"};
  }
  if (WIFSIGNALED(status)) {
    return Error{"gzip was killed by signal " + std::to_string(WTERMSIG(status))};
  }
  return Error{"gzip failed: " + FirstLine(err_text_)};
}

Result<std::unique_ptr<GunzipStream>> GunzipStream::Start(int archive_fd,
                                                          GzipClock::time_point deadline) {
  auto stream = std::unique_ptr<GunzipStream>(new GunzipStream());
  stream->deadline_ = deadline;
  int out_pipe[2];
  if (::pipe2(out_pipe, O_CLOEXEC) != 0) return Error{"pipe: " + ErrnoText(errno)};
  stream->out_ = UniqueFd(out_pipe[0]);
  UniqueFd out_write(out_pipe[1]);
  auto started = stream->child_.Start("-dc", archive_fd, out_write.get());
  if (!started) return Error{started.error()};
  ::fcntl(stream->out_.get(), F_SETFL, O_NONBLOCK);
  return stream;
}

Result<std::size_t> GunzipStream::Read(char* buffer, std::size_t size) {
  while (out_) {
    const ssize_t got = ::read(out_.get(), buffer, size);
    if (got > 0) return static_cast<std::size_t>(got);
    if (got == 0) break;
    if (errno == EINTR) continue;
    if (errno != EAGAIN) return Error{"read from gzip: " + ErrnoText(errno)};
    pollfd fds[2] = {{out_.get(), POLLIN, 0}, {child_.err_fd(), POLLIN, 0}};
    const int ready = ::poll(fds, child_.err_fd() >= 0 ? 2 : 1, RemainingMs(deadline_));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) return Error{"unpacking ran past its deadline"};
    if (child_.err_fd() >= 0 && fds[1].revents != 0) child_.DrainErr();
  }
  // The end of the stream: only an error when gzip says so (a corrupt or truncated file).
  if (out_) {
    out_ = UniqueFd();
    auto waited = child_.Wait(deadline_);
    if (!waited) return Error{waited.error()};
  }
  return std::size_t{0};
}

Result<std::unique_ptr<GzipSink>> GzipSink::Start(int output_fd, GzipClock::time_point deadline) {
  auto sink = std::unique_ptr<GzipSink>(new GzipSink());
  sink->deadline_ = deadline;
  // A socket, not a pipe, so a send() to a gzip that died (a full disk) fails with EPIPE
  // under MSG_NOSIGNAL instead of killing the doctor with SIGPIPE.
  int pair[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0) {
    return Error{"socketpair: " + ErrnoText(errno)};
  }
  sink->in_ = UniqueFd(pair[0]);
  UniqueFd child_end(pair[1]);
  auto started = sink->child_.Start("-cn", child_end.get(), output_fd);
  if (!started) return Error{started.error()};
  ::fcntl(sink->in_.get(), F_SETFL, O_NONBLOCK);
  return sink;
}

Result<bool> GzipSink::Write(std::string_view data) {
  while (!data.empty()) {
    const ssize_t sent = ::send(in_.get(), data.data(), data.size(), MSG_NOSIGNAL);
    if (sent > 0) {
      data.remove_prefix(static_cast<std::size_t>(sent));
      continue;
    }
    if (sent < 0 && errno == EINTR) continue;
    if (sent < 0 && errno != EAGAIN) {
      // gzip is gone: what it said is the reason (a write error of its own).
      in_ = UniqueFd();
      auto waited = child_.Wait(deadline_);
      return Error{waited ? "gzip stopped reading: " + ErrnoText(errno) : waited.error()};
    }
    pollfd fd{in_.get(), POLLOUT, 0};
    const int ready = ::poll(&fd, 1, RemainingMs(deadline_));
    if (ready == 0) return Error{"writing the archive ran past its deadline"};
  }
  return true;
}

Result<bool> GzipSink::Finish() {
  in_ = UniqueFd();  // gzip sees the end of its input
  return child_.Wait(deadline_);
}

}  // namespace rocm_doctor::system
