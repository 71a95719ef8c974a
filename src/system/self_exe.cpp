// SPDX-License-Identifier: MIT
#include "system/self_exe.h"

#include <limits.h>
#include <unistd.h>

namespace rocm_doctor::system {

std::string SelfExe() {
  char buffer[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", buffer, sizeof buffer);
  if (n <= 0 || static_cast<std::size_t>(n) >= sizeof buffer) return {};
  return std::string(buffer, static_cast<std::size_t>(n));
}

}  // namespace rocm_doctor::system
