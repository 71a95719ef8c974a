// SPDX-License-Identifier: MIT
#include "system/helper_locator.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "system/self_exe.h"

namespace rocm_doctor {
namespace {

std::string DirName(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string Join(const std::string& dir, const std::string& name) {
  if (dir.empty() || dir.back() == '/') return dir + name;
  return dir + "/" + name;
}

std::string CheckRunnable(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    return errno == ENOENT || errno == ENOTDIR ? "not found" : std::strerror(errno);
  }
  if (!S_ISREG(st.st_mode)) return "not a regular file";
  if (::access(path.c_str(), X_OK) != 0) return "not executable";
  return {};
}

}  // namespace

HelperLocation FindHelper(const HelperSearch& search) {
  HelperLocation location;
  auto try_path = [&](const std::string& path, const std::string& how) {
    const std::string why = search.check(path);
    if (why.empty()) {
      location.path = path;
      return true;
    }
    location.searched.push_back(path + " (" + how + why + ")");
    return false;
  };
  if (search.env_override && !search.env_override->empty()) {
    try_path(*search.env_override, std::string(kHipHelperEnv) + ": ");
    return location;  // an explicit choice is not second-guessed
  }
  std::vector<std::string> candidates;
  if (!search.self_exe.empty()) {
    const std::string bindir = DirName(search.self_exe);
    candidates.push_back(Join(bindir, kHipHelperName));
    candidates.push_back(Join(bindir, std::string("src/hip/") + kHipHelperName));
    candidates.push_back(
        Join(DirName(bindir), std::string("libexec/rocm-doctor/") + kHipHelperName));
  }
  if (!search.libexec_dir.empty()) {
    candidates.push_back(Join(search.libexec_dir, std::string("rocm-doctor/") + kHipHelperName));
  }
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    bool seen = false;
    for (std::size_t j = 0; j < i; ++j) seen |= candidates[j] == candidates[i];
    if (!seen && try_path(candidates[i], "")) return location;
  }
  if (search.self_exe.empty()) {
    location.searched.push_back("the directory of rocm-doctor (/proc/self/exe unreadable)");
  }
  return location;
}

HelperLocation LocateHipHelper() {
  HelperSearch search;
  if (const char* env = std::getenv(kHipHelperEnv)) search.env_override = env;
  search.self_exe = system::SelfExe();
  // A binary replaced while running (a package upgrade) reads "/usr/bin/rocm-doctor (deleted)".
  constexpr std::string_view kDeleted = " (deleted)";
  if (search.self_exe.ends_with(kDeleted)) {
    search.self_exe.resize(search.self_exe.size() - kDeleted.size());
  }
#ifdef ROCMDOC_LIBEXEC_DIR
  search.libexec_dir = ROCMDOC_LIBEXEC_DIR;
#endif
  search.check = CheckRunnable;
  return FindHelper(search);
}

}  // namespace rocm_doctor
