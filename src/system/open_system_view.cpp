// SPDX-License-Identifier: MIT
#include "system/open_system_view.h"

#include <fcntl.h>
#include <sys/stat.h>

#include <cerrno>

#include "system/archive.h"
#include "system/fd_io.h"
#include "system/live_system_view.h"
#include "system/machine_dir_view.h"

namespace rocm_doctor {
namespace {

// Whether `name` exists below the directory open as `dir_fd` with the type wanted. Links are not
// followed: this only tells whether the tree looks like a machine at all; every read of it goes
// through MachineDirSystemView, which keeps links inside the directory.
bool HasEntry(int dir_fd, const char* name, bool directory) {
  struct stat st {};
  if (::fstatat(dir_fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0) return false;
  return directory ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode);
}

// A machine directory holds what `capture` writes (.rocm-doctor/machine.json) or at least one of
// the trees every check reads (proc/, sys/) (docs/machine-format.md). Anything else, such as
// `--sysroot /tmp` or a mistyped path that happens to be a directory, used to be diagnosed as a
// host with nothing on it: a report about no machine at all. `shown` is the path the user gave.
Result<bool> CheckMachineDirectory(const std::string& dir, const std::string& shown) {
  system::UniqueFd fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (fd.get() < 0) return Error{"--sysroot " + shown + ": " + system::ErrnoText(errno)};
  bool meta = false;
  system::UniqueFd meta_dir(
      ::openat(fd.get(), ".rocm-doctor", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (meta_dir.get() >= 0) meta = HasEntry(meta_dir.get(), "machine.json", false);
  if (meta || HasEntry(fd.get(), "proc", true) || HasEntry(fd.get(), "sys", true)) return true;
  return Error{"--sysroot " + shown +
               ": not a machine directory: it holds neither .rocm-doctor/machine.json nor a "
               "proc/ or sys/ directory (docs/machine-format.md; `rocm-doctor capture -o DIR` "
               "writes one)"};
}

}  // namespace

Result<std::shared_ptr<const SystemView>> OpenSystemView(
    const std::optional<std::string>& sysroot) {
  if (!sysroot || sysroot->empty()) {
    return std::shared_ptr<const SystemView>(std::make_shared<system::LiveSystemView>());
  }
  const std::string& path = *sysroot;
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    return Error{"--sysroot " + path + ": " + system::ErrnoText(errno)};
  }
  if (S_ISDIR(st.st_mode)) {
    if (auto machine = CheckMachineDirectory(path, path); !machine) return Error{machine.error()};
    return system::MachineDirSystemView::Open(path, path);
  }
  if (S_ISREG(st.st_mode) && system::IsArchiveName(path)) {
    auto unpacked = system::UnpackArchive(path);
    if (!unpacked) return Error{unpacked.error()};
    if (auto machine = CheckMachineDirectory(unpacked->root, path); !machine) {
      return Error{machine.error()};
    }
    return system::MachineDirSystemView::Open(unpacked->root, path, unpacked->dir);
  }
  return Error{"--sysroot " + path +
               ": neither a machine directory nor a .tar.gz/.tgz archive of one"};
}

}  // namespace rocm_doctor
