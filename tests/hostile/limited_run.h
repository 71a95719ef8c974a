// SPDX-License-Identifier: MIT
#pragma once
// Runs the built rocm-doctor in a forked child under one resource limit (RLIMIT_NOFILE for a
// low `ulimit -n`, RLIMIT_FSIZE for a disk that fills up: SIGXFSZ ignored, so a write past the
// limit fails with EFBIG as one past a full disk fails with ENOSPC). Output comes through
// pipes, which no RLIMIT_FSIZE limits.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <map>
#include <string>
#include <vector>

extern char** environ;

namespace rocm_doctor::testing {

struct LimitedRun {
  int exit_code = -1;  // -1 when it did not exit (killed by a signal or the deadline)
  int signal = 0;
  std::string out, err;
};

inline LimitedRun RunDoctorLimited(const std::vector<std::string>& args,
                                   const std::map<std::string, std::string>& env, int resource,
                                   rlim_t limit) {
  std::vector<std::string> argv_s = {ROCMDOC_BINARY};
  argv_s.insert(argv_s.end(), args.begin(), args.end());
  std::vector<std::string> env_s;
  for (char** e = environ; *e != nullptr; ++e) {
    const std::string entry(*e);
    if (!env.count(entry.substr(0, entry.find('=')))) env_s.push_back(entry);
  }
  for (const auto& [k, v] : env) env_s.push_back(k + "=" + v);
  std::vector<char*> argv, envp;
  for (auto& s : argv_s) argv.push_back(s.data());
  for (auto& s : env_s) envp.push_back(s.data());
  argv.push_back(nullptr);
  envp.push_back(nullptr);
  int out_pipe[2], err_pipe[2];
  if (::pipe2(out_pipe, O_CLOEXEC) != 0 || ::pipe2(err_pipe, O_CLOEXEC) != 0) return {};
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(out_pipe[1], 1);
    ::dup2(err_pipe[1], 2);
    ::signal(SIGXFSZ, SIG_IGN);  // kept across exec
    const rlimit rl{limit, limit};
    if (resource >= 0) ::setrlimit(resource, &rl);
    ::execve(argv[0], argv.data(), envp.data());
    ::_exit(127);
  }
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  LimitedRun run;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
  std::string* sinks[2] = {&run.out, &run.err};
  int open_count = 2;
  while (open_count > 0 && std::chrono::steady_clock::now() < deadline) {
    if (::poll(fds, 2, 1000) <= 0) continue;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0) continue;
      char buffer[65536];
      const ssize_t got = ::read(fds[i].fd, buffer, sizeof buffer);
      if (got > 0) {
        sinks[i]->append(buffer, static_cast<std::size_t>(got));
      } else {
        ::close(fds[i].fd);
        fds[i].fd = -1;
        --open_count;
      }
    }
  }
  ::kill(pid, SIGKILL);  // a no-op unless it outlived the deadline
  int status = 0;
  ::waitpid(pid, &status, 0);
  for (const pollfd& fd : fds) {
    if (fd.fd >= 0) ::close(fd.fd);
  }
  if (WIFEXITED(status)) run.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) run.signal = WTERMSIG(status);
  return run;
}

}  // namespace rocm_doctor::testing
