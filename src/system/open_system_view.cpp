#include "system/open_system_view.h"

#include <sys/stat.h>

#include <cerrno>

#include "system/archive.h"
#include "system/fd_io.h"
#include "system/live_system_view.h"
#include "system/machine_dir_view.h"

namespace rocm_doctor {

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
  if (S_ISDIR(st.st_mode)) return system::MachineDirSystemView::Open(path, path);
  if (S_ISREG(st.st_mode) && system::IsArchiveName(path)) {
    auto unpacked = system::UnpackArchive(path);
    if (!unpacked) return Error{unpacked.error()};
    return system::MachineDirSystemView::Open(unpacked->root, path, unpacked->dir);
  }
  return Error{"--sysroot " + path +
               ": neither a machine directory nor a .tar.gz/.tgz archive of one"};
}

}  // namespace rocm_doctor
