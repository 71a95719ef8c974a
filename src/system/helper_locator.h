// SPDX-License-Identifier: MIT
#pragma once
// Where the probe helper `rocm-doctor-hip` is. The helper is part of rocm-doctor itself, not of
// the inspected system, so this looks at the real file system (not through a SystemView), and
// only on a live run: in replay the recording answers whatever argv is asked for.
//
// Order: $ROCMDOC_HIP_HELPER (tests, unusual layouts; when set it is the only place looked),
// next to the running rocm-doctor, the build tree (<build>/src/hip/rocm-doctor-hip beside
// <build>/rocm-doctor), ../libexec/rocm-doctor/ beside the binary (a relocated install), and the
// configured install location ROCMDOC_LIBEXEC_DIR/rocm-doctor/.
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace rocm_doctor {

inline constexpr char kHipHelperName[] = "rocm-doctor-hip";
inline constexpr char kHipHelperEnv[] = "ROCMDOC_HIP_HELPER";

struct HelperLocation {
  std::string path;  // empty when not found
  // Every place looked, in order, with why it was not taken when it was not:
  // "/usr/bin/rocm-doctor-hip (not found)".
  std::vector<std::string> searched;
  bool found() const { return !path.empty(); }
};

// The inputs of the search, so that tests need not move binaries around.
struct HelperSearch {
  std::optional<std::string> env_override;  // $ROCMDOC_HIP_HELPER; empty counts as unset
  std::string self_exe;     // the running binary (readlink /proc/self/exe), "" when unknown
  std::string libexec_dir;  // the configured install libexecdir, "" when none
  // "" when `path` is a runnable regular file, else why not ("not found", "not executable").
  std::function<std::string(const std::string& path)> check;
};

HelperLocation FindHelper(const HelperSearch& search);

// The search on this process: getenv, system::SelfExe() (/proc/self/exe), ROCMDOC_LIBEXEC_DIR,
// stat + access(X_OK).
HelperLocation LocateHipHelper();

}  // namespace rocm_doctor
