// SPDX-License-Identifier: MIT
#pragma once
// A machine directory (docs/machine-format.md): host path P is DIR/P, symlinks resolve
// inside DIR, device nodes come from machine.json "nodes", programs are never run (their
// recordings in .rocm-doctor/probes/ are served instead, docs/probes.md).
#include <memory>
#include <string>

#include "rocm_doctor/result.h"
#include "rocm_doctor/system_view.h"
#include "system/machine_json.h"
#include "system/root_resolver.h"

namespace rocm_doctor::system {

class MachineDirSystemView : public SystemView {
 public:
  // How files are opened for reading. kCloneWhereAvailable: in a read-only nodev clone of the
  // directory's mount where one can be made (RootResolver::EnableReadingClone), else as
  // kJudgeThenOpen: an O_PATH descriptor judged by its fstat(), then reopened. The answers are
  // the same (tests/unit/system/nodev_clone_test.cpp); the clone saves system calls.
  enum class ReadRoute { kCloneWhereAvailable, kJudgeThenOpen };

  // `dir` must be an existing directory. `display` names it in Describe() (the archive's path
  // for an unpacked archive); `keep_alive` is released with the view (the unpacked temp dir).
  static Result<std::shared_ptr<const SystemView>> Open(
      const std::string& dir, const std::string& display, std::shared_ptr<void> keep_alive = {},
      ReadRoute route = ReadRoute::kCloneWhereAvailable);

  FileContent ReadFile(std::string_view path, std::size_t limit) const override;
  // ReadFile's resolution and refusals (never outside the root, device nodes and FIFOs never
  // opened for reading), then pread.
  FileContent ReadFileAt(std::string_view path, std::uint64_t offset,
                         std::size_t length) const override;
  std::vector<FileContent> ReadFilesBelow(std::string_view dir,
                                          const std::vector<std::string>& names,
                                          std::size_t limit = kDefaultReadLimit) const override;
  DirListing ListDir(std::string_view path) const override;
  LinkTarget ReadLink(std::string_view path) const override;
  NodeInfo Stat(std::string_view path) const override;
  std::optional<std::string> GetEnv(std::string_view name) const override;
  std::map<std::string, std::string> Environment() const override { return info_.env; }
  UnameInfo Uname() const override { return info_.uname; }
  UserInfo CurrentUser() const override { return info_.user; }
  CommandOutcome Run(const CommandSpec& spec) const override;
  KernelLog ReadKernelLog() const override;
  // machine.json "filesystems" (docs/probes.md); kNotFound when the capture has no entry.
  FsSpace StatFs(std::string_view path) const override;
  bool IsReplay() const override { return true; }
  std::string Describe() const override { return "machine directory " + display_; }

  const std::string& root() const { return root_; }
  const std::string& description() const { return info_.description; }

 private:
  MachineDirSystemView(std::string root, std::string display, std::shared_ptr<void> keep_alive)
      : root_(std::move(root)),
        display_(std::move(display)),
        keep_alive_(std::move(keep_alive)),
        resolver_(root_) {}
  // Reads a file of the directory itself (machine.json, etc/group, probes), links resolved.
  FileContent ReadInternal(std::string_view path, std::size_t limit) const;
  // What ReadFile and ReadFileAt refuse before opening (the capture's metadata, recorded read
  // errors, device nodes); nullopt with `r` resolved when the path may be opened.
  std::optional<FileContent> RefuseRead(std::string_view path, ResolvedPath& r) const;
  // RefuseRead's judgement of `r`, the resolution of the normalised path `norm`.
  std::optional<FileContent> RefuseResolved(std::string_view norm, const ResolvedPath& r) const;
  const NodeInfo* FindNode(std::string_view path) const;
  std::vector<std::string> NodeChildren(std::string_view dir) const;

  std::string root_;
  std::string display_;
  std::shared_ptr<void> keep_alive_;
  // The directory does not change while it is read, so resolved parents are cached.
  RootResolver resolver_;
  MachineInfo info_;
  AccountDb accounts_;
};

}  // namespace rocm_doctor::system
