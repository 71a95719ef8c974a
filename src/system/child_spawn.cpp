// SPDX-License-Identifier: MIT
#include "system/child_spawn.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <unistd.h>

#include <cerrno>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "system/child_registry.h"

extern char** environ;

namespace rocm_doctor::system::runner {
namespace {

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

}  // namespace

bool SpawnCommand(const CommandSpec& spec, Spawned& spawned, CommandOutcome& out) {
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
    return false;
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
      return false;
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
    return false;
  }
  spawned.pid = pid;
  spawned.out_read = std::move(out_read);
  spawned.err_read = std::move(err_read);
  return true;
}

}  // namespace rocm_doctor::system::runner
