#include "system/temp_dir.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

#include "system/fd_io.h"

namespace rocm_doctor::system {
namespace {

void RemoveChildren(int dir_fd) {
  for (const auto& name : ListNamesAt(dir_fd).names) {
    struct stat st {};
    if (::fstatat(dir_fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) continue;
    if (S_ISDIR(st.st_mode)) {
      ::fchmodat(dir_fd, name.c_str(), 0700, 0);
      UniqueFd child(::openat(dir_fd, name.c_str(),
                              O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
      if (child) RemoveChildren(child.get());
      ::unlinkat(dir_fd, name.c_str(), AT_REMOVEDIR);
    } else {
      ::unlinkat(dir_fd, name.c_str(), 0);
    }
  }
}

}  // namespace

void RemoveTree(const std::string& path) {
  if (path.empty() || path == "/") return;
  ::chmod(path.c_str(), 0700);
  UniqueFd fd(::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (fd) RemoveChildren(fd.get());
  if (::rmdir(path.c_str()) != 0 && errno == ENOTDIR) ::unlink(path.c_str());
}

Result<std::shared_ptr<TempDir>> TempDir::Create(const std::string& tag) {
  const char* base = std::getenv("TMPDIR");
  std::string pattern = (base != nullptr && *base == '/') ? base : "/tmp";
  pattern += "/rocm-doctor-" + tag + "-XXXXXX";
  if (::mkdtemp(pattern.data()) == nullptr) {
    return Error{"cannot create a temporary directory " + pattern + ": " + ErrnoText(errno)};
  }
  return std::shared_ptr<TempDir>(new TempDir(pattern));
}

TempDir::~TempDir() { RemoveTree(path_); }

}  // namespace rocm_doctor::system
