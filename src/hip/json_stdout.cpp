// SPDX-License-Identifier: MIT
#include "hip/json_stdout.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>

namespace rocm_doctor::hip_helper {

int DetachStdoutForJson() {
  std::fflush(stdout);
  const int json_fd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
  if (json_fd < 0) return STDOUT_FILENO;
  if (dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
    close(json_fd);
    return STDOUT_FILENO;
  }
  return json_fd;
}

bool WriteAll(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t written = write(fd, text.data(), text.size());
    if (written < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    text.remove_prefix(static_cast<std::size_t>(written));
  }
  return true;
}

}  // namespace rocm_doctor::hip_helper
