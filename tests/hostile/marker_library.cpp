// SPDX-License-Identifier: MIT
// A shared library that leaves a file in $ROCMDOC_MARKER_DIR when it is loaded: copied over a
// replayed machine's libamdhip64, it proves that replay never dlopen()s from the directory.
#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

__attribute__((constructor)) static void LeaveMarker() {
  const char* dir = std::getenv("ROCMDOC_MARKER_DIR");
  if (dir == nullptr) return;
  const std::string path = std::string(dir) + "/loaded-" + std::to_string(::getpid());
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
  if (fd >= 0) ::close(fd);
}
