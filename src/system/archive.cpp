#include "system/archive.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <vector>

#include "system/command_runner.h"
#include "system/fd_io.h"

namespace rocm_doctor::system {
namespace {

constexpr auto kTarTimeout = std::chrono::seconds(60);

bool EndsWith(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

std::string Trimmed(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) {
    text.pop_back();
  }
  return text;
}

Result<bool> RunTar(std::vector<std::string> argv, const std::string& what) {
  CommandSpec spec;
  spec.name = "tar";
  spec.argv = std::move(argv);
  spec.timeout = kTarTimeout;
  spec.max_output = 64 * 1024;
  const CommandOutcome outcome = RunCommand(spec);
  switch (outcome.state) {
    case CommandOutcome::State::kExited:
      if (outcome.exit_code == 0) return true;
      return Error{what + ": tar exited with " + std::to_string(outcome.exit_code) + ": " +
                   Trimmed(outcome.err)};
    case CommandOutcome::State::kTimedOut:
      return Error{what + ": tar did not finish within 60 s"};
    case CommandOutcome::State::kSignaled:
      return Error{what + ": tar was killed by signal " + std::to_string(outcome.signal)};
    default:
      return Error{what + ": cannot run tar: " + outcome.error};
  }
}

// Replaces device nodes below `dir_fd` by empty regular files, without following links.
void NeuterDevices(int dir_fd) {
  for (const auto& name : ListNamesAt(dir_fd).names) {
    struct stat st {};
    if (::fstatat(dir_fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) continue;
    if (S_ISDIR(st.st_mode)) {
      UniqueFd child(::openat(dir_fd, name.c_str(),
                              O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
      if (child) NeuterDevices(child.get());
    } else if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) {
      ::unlinkat(dir_fd, name.c_str(), 0);
      UniqueFd file(::openat(dir_fd, name.c_str(),
                             O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644));
    }
  }
}

std::string MachineRoot(const std::string& dir) {
  struct stat st {};
  if (::lstat((dir + "/.rocm-doctor").c_str(), &st) == 0) return dir;
  // The flags opendir() uses: a link to a directory is followed here, as it always was.
  UniqueFd fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC));
  if (!fd) return dir;
  const std::vector<std::string> names = ListNamesAt(fd.get()).names;
  if (names.size() == 1) {
    const std::string only = dir + "/" + names.front();
    if (::lstat(only.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) return only;
  }
  return dir;
}

}  // namespace

bool IsArchiveName(std::string_view path) {
  return EndsWith(path, ".tar.gz") || EndsWith(path, ".tgz");
}

Result<UnpackedArchive> UnpackArchive(const std::string& archive) {
  auto temp = TempDir::Create("replay");
  if (!temp) return Error{temp.error()};
  // --force-local: a name with a colon is a file, not host:file for rsh.
  auto ran = RunTar({"tar", "--force-local", "-xzf", archive, "-C", temp.value()->path(),
                     "--no-same-owner", "--no-same-permissions", "--no-overwrite-dir"},
                    "cannot unpack " + archive);
  if (!ran) return Error{ran.error()};
  UniqueFd fd(::open(temp.value()->path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (fd) NeuterDevices(fd.get());
  UnpackedArchive out;
  out.dir = temp.value();
  out.root = MachineRoot(out.dir->path());
  return out;
}

Result<bool> PackArchive(const std::string& dir, const std::string& archive) {
  return RunTar({"tar", "--force-local", "-czf", archive, "-C", dir, "."},
                "cannot write " + archive);
}

}  // namespace rocm_doctor::system
