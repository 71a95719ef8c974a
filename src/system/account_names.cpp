// SPDX-License-Identifier: MIT
#include "system/account_names.h"

#include <grp.h>
#include <pwd.h>
#include <unistd.h>

#include <cerrno>
#include <vector>

namespace rocm_doctor::system {
namespace {

// NSS may need more than sysconf's hint for big groups; grow until ERANGE stops.
constexpr std::size_t kMaxBuffer = 1 << 20;

}  // namespace

std::string HostUserName(uid_t uid) {
  std::vector<char> buffer(16 * 1024);
  for (;;) {
    passwd entry{};
    passwd* result = nullptr;
    const int rc = getpwuid_r(uid, &entry, buffer.data(), buffer.size(), &result);
    if (rc == ERANGE && buffer.size() < kMaxBuffer) {
      buffer.resize(buffer.size() * 2);
      continue;
    }
    if (rc != 0 || result == nullptr || entry.pw_name == nullptr) return {};
    return entry.pw_name;
  }
}

std::string HostGroupName(gid_t gid) {
  std::vector<char> buffer(16 * 1024);
  for (;;) {
    group entry{};
    group* result = nullptr;
    const int rc = getgrgid_r(gid, &entry, buffer.data(), buffer.size(), &result);
    if (rc == ERANGE && buffer.size() < kMaxBuffer) {
      buffer.resize(buffer.size() * 2);
      continue;
    }
    if (rc != 0 || result == nullptr || entry.gr_name == nullptr) return {};
    return entry.gr_name;
  }
}

}  // namespace rocm_doctor::system
