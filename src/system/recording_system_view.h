// SPDX-License-Identifier: MIT
#pragma once
// RecordingSystemView: a decorator that serves every call from `inner` and remembers what it
// served (ninja's VirtualFileSystem::files_read_), so `capture` writes exactly what the checks
// read (architecture rule 3).
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "rocm_doctor/result.h"
#include "rocm_doctor/system_view.h"

namespace rocm_doctor {

struct CaptureStats {
  std::size_t files = 0;
  std::size_t links = 0;
  std::size_t dirs = 0;
  std::size_t nodes = 0;
  std::size_t probes = 0;
  std::size_t bytes = 0;
  std::string path;  // where it was written
  std::vector<std::string> warnings;  // what could not be written, e.g. a path that is both a
                                      // file and a directory in the inner view
};

// A file bigger than the largest read limit a collector uses (code objects, module lists:
// 64 MiB) is kept truncated; past the total the remaining files are left out with a warning.
inline constexpr std::size_t kCaptureFileLimit = std::size_t{64} << 20;
inline constexpr std::size_t kCaptureTotalLimit = std::size_t{1} << 30;

class RecordingSystemView : public SystemView {
 public:
  explicit RecordingSystemView(std::shared_ptr<const SystemView> inner);

  FileContent ReadFile(std::string_view path, std::size_t limit) const override;
  // Always kRangedReadUnsupported, on purpose: see the .cpp.
  FileContent ReadFileAt(std::string_view path, std::uint64_t offset,
                         std::size_t length) const override;
  DirListing ListDir(std::string_view path) const override;
  LinkTarget ReadLink(std::string_view path) const override;
  NodeInfo Stat(std::string_view path) const override;
  std::optional<std::string> GetEnv(std::string_view name) const override;
  std::map<std::string, std::string> Environment() const override;
  UnameInfo Uname() const override;
  UserInfo CurrentUser() const override;
  CommandOutcome Run(const CommandSpec& spec) const override;
  KernelLog ReadKernelLog() const override;
  FsSpace StatFs(std::string_view path) const override;
  bool IsReplay() const override;
  std::string Describe() const override;

  // Writes what was served as a machine directory (docs/machine-format.md) at `out`, or as
  // a .tar.gz when `out` ends in .tar.gz/.tgz. Refuses to overwrite a non-empty directory.
  // Every file is bounded (kCaptureFileLimit each, kCaptureTotalLimit in all) and a symlink
  // whose text climbs above the root is not written. `before_pack`, when given, runs on the
  // written directory before it is packed (capture --redact); when it fails nothing is kept.
  using TreeHook = std::function<Result<bool>(const std::string& dir, CaptureStats& stats)>;
  Result<CaptureStats> WriteMachine(const std::string& out, const std::string& description,
                                    const TreeHook& before_pack = {}) const;

 private:
  std::shared_ptr<const SystemView> inner_;
  mutable std::mutex mutex_;
  // ... recorded state, owned by the implementation
  struct Recorded;
  std::shared_ptr<Recorded> recorded_;
};

}  // namespace rocm_doctor
