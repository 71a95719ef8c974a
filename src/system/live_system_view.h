// SPDX-License-Identifier: MIT
#pragma once
// The live host: every path is the host's own, read with bounded, non-blocking reads.
#include <map>
#include <string>

#include "rocm_doctor/system_view.h"

namespace rocm_doctor::system {

class LiveSystemView : public SystemView {
 public:
  LiveSystemView();  // snapshots the environment

  FileContent ReadFile(std::string_view path, std::size_t limit) const override;
  FileContent ReadFileAt(std::string_view path, std::uint64_t offset,
                         std::size_t length) const override;  // pread
  DirListing ListDir(std::string_view path) const override;
  LinkTarget ReadLink(std::string_view path) const override;
  NodeInfo Stat(std::string_view path) const override;
  std::optional<std::string> GetEnv(std::string_view name) const override;
  std::map<std::string, std::string> Environment() const override { return env_; }
  UnameInfo Uname() const override;
  UserInfo CurrentUser() const override;
  CommandOutcome Run(const CommandSpec& spec) const override;
  KernelLog ReadKernelLog() const override;
  FsSpace StatFs(std::string_view path) const override;  // statvfs, at most 5 s
  bool IsReplay() const override { return false; }
  std::string Describe() const override { return "live host"; }

 private:
  std::map<std::string, std::string> env_;
};

}  // namespace rocm_doctor::system
