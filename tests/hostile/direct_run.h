// SPDX-License-Identifier: MIT
#pragma once
// Runs the built rocm-doctor as a plain child of the test: posix_spawn, stdout and stderr into
// files, no process group of its own and no orphan sweep after it (unlike RunCommand, which
// kills what a command leaves behind and so would hide a leak). What the doctor leaves running
// is reparented to the test process (a subreaper once it has used RunCommand) and stays visible
// to ProcessRuns(). `tick(pid, seconds)` is called every few milliseconds while it runs: the
// tests send their signals from there.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "hostile/doctor_run.h"
#include "unit/system/temp_tree.h"

extern char** environ;

namespace rocm_doctor::testing {

inline std::string SlurpFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The first pid listed in a stand-in's pid file, 0 while there is none.
inline pid_t FirstPid(const std::string& pid_file) {
  std::ifstream in(pid_file);
  long pid = 0;
  return (in >> pid) ? static_cast<pid_t>(pid) : 0;
}

struct DirectSpec {
  std::vector<std::string> args;                // after the binary
  std::map<std::string, std::string> env;       // added to the test's environment
  std::vector<std::string> wrapper;             // argv in front of the binary (a stand-in)
  std::chrono::milliseconds deadline{60000};    // then SIGKILL, state kTimedOut
  std::function<void(pid_t, double)> tick;      // while it runs
};

inline DoctorRun RunDoctorDirect(const DirectSpec& spec) {
  TempTree files;
  const std::string out_path = files.At("stdout");
  const std::string err_path = files.At("stderr");
  std::vector<std::string> argv = spec.wrapper;
  argv.push_back(ROCMDOC_BINARY);
  argv.insert(argv.end(), spec.args.begin(), spec.args.end());
  std::vector<char*> argv_c;
  for (std::string& a : argv) argv_c.push_back(a.data());
  argv_c.push_back(nullptr);
  std::vector<std::string> env;
  for (char** e = environ; *e != nullptr; ++e) {
    const std::string entry(*e);
    if (!spec.env.count(entry.substr(0, entry.find('=')))) env.push_back(entry);
  }
  for (const auto& [name, value] : spec.env) env.push_back(name + "=" + value);
  std::vector<char*> env_c;
  for (std::string& e : env) env_c.push_back(e.data());
  env_c.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0600);
  posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0600);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t none;
  sigset_t defaults;
  sigemptyset(&none);
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGTERM);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  DoctorRun run;
  pid_t pid = -1;
  const auto start = std::chrono::steady_clock::now();
  const int spawned =
      posix_spawn(&pid, argv_c[0], &actions, &attr, argv_c.data(), env_c.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (spawned != 0) {
    run.outcome.state = CommandOutcome::State::kSpawnFailed;
    run.outcome.error = "posix_spawn failed";
    return run;
  }
  int status = 0;
  bool timed_out = false;
  for (;;) {
    const pid_t done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid) break;
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (seconds * 1000 >= static_cast<double>(spec.deadline.count())) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      timed_out = true;
      break;
    }
    if (spec.tick) spec.tick(pid, seconds);
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.outcome.wall_seconds = run.seconds;
  if (timed_out) {
    run.outcome.state = CommandOutcome::State::kTimedOut;
  } else if (WIFEXITED(status)) {
    run.outcome.state = CommandOutcome::State::kExited;
    run.outcome.exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    run.outcome.state = CommandOutcome::State::kSignaled;
    run.outcome.signal = WTERMSIG(status);
  }
  run.outcome.out = SlurpFile(out_path);
  run.outcome.err = SlurpFile(err_path);
  run.report = nlohmann::json::parse(run.outcome.out, nullptr, false);
  return run;
}

// The parent pid of `pid` (from /proc/<pid>/stat), 0 when unknown.
inline pid_t ParentOf(pid_t pid) {
  const std::string stat = SlurpFile("/proc/" + std::to_string(pid) + "/stat");
  const std::size_t close = stat.rfind(')');
  if (close == std::string::npos) return 0;
  long ppid = 0;
  char state = 0;
  if (std::sscanf(stat.c_str() + close + 1, " %c %ld", &state, &ppid) != 2) return 0;
  return static_cast<pid_t>(ppid);
}

}  // namespace rocm_doctor::testing
