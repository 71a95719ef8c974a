// SPDX-License-Identifier: MIT
#pragma once
// An in-memory SystemView for unit and check tests: files, links, device nodes, environment,
// user and probe results are set by the test. Directories exist implicitly for every parent of a
// file or link. Paths are absolute host paths; links are not followed (tests set what they need).
#include <atomic>
#include <map>
#include <string>

#include "rocm_doctor/system_view.h"

namespace rocm_doctor::testing {

class FakeSystemView : public SystemView {
 public:
  FakeSystemView& File(std::string path, std::string content);
  FakeSystemView& Unreadable(std::string path, FsStatus status = FsStatus::kPermissionDenied);
  FakeSystemView& Link(std::string path, std::string target);
  FakeSystemView& Dir(std::string path);  // an empty directory
  FakeSystemView& Node(std::string path, NodeInfo info);  // a device node (status set to kOk)
  FakeSystemView& Env(std::string name, std::string value);
  FakeSystemView& User(UserInfo user);
  FakeSystemView& Kernel(UnameInfo uname);
  FakeSystemView& Command(std::string name, CommandOutcome outcome);
  FakeSystemView& Log(KernelLog log);
  FakeSystemView& Replay(bool replay);
  FakeSystemView& Space(std::string path, FsSpace space);  // what StatFs(path) answers
  // ReadFileAt answers kRangedReadUnsupported, as the recording view does (default: served).
  FakeSystemView& NoRangedReads();

  FileContent ReadFile(std::string_view path, std::size_t limit) const override;
  FileContent ReadFileAt(std::string_view path, std::uint64_t offset,
                         std::size_t length) const override;
  std::size_t ranged_reads() const { return ranged_counts_.reads; }  // ReadFileAt calls served
  std::size_t ranged_bytes() const { return ranged_counts_.bytes; }  // bytes they returned
  DirListing ListDir(std::string_view path) const override;
  LinkTarget ReadLink(std::string_view path) const override;
  NodeInfo Stat(std::string_view path) const override;
  std::optional<std::string> GetEnv(std::string_view name) const override;
  std::map<std::string, std::string> Environment() const override { return env_; }
  UnameInfo Uname() const override { return uname_; }
  UserInfo CurrentUser() const override { return user_; }
  CommandOutcome Run(const CommandSpec& spec) const override;
  KernelLog ReadKernelLog() const override { return log_; }
  FsSpace StatFs(std::string_view path) const override;
  bool IsReplay() const override { return replay_; }
  std::string Describe() const override { return "fake system"; }

 private:
  std::map<std::string, std::string, std::less<>> files_;
  std::map<std::string, FsStatus, std::less<>> unreadable_;
  std::map<std::string, std::string, std::less<>> links_;
  std::map<std::string, NodeInfo, std::less<>> nodes_;
  std::map<std::string, bool, std::less<>> dirs_;
  std::map<std::string, std::string> env_;
  std::map<std::string, CommandOutcome, std::less<>> commands_;
  std::map<std::string, FsSpace, std::less<>> spaces_;
  UserInfo user_{.name = "root", .uid = 0, .gid = 0, .groups = {{"root", 0}}, .source = "fake"};
  UnameInfo uname_;
  KernelLog log_;
  bool replay_ = true;
  bool ranged_ = true;
  // Counted atomically (collectors may run on several threads), copied with the view.
  struct Counts {
    std::atomic<std::size_t> reads{0};
    std::atomic<std::size_t> bytes{0};
    Counts() = default;
    Counts(const Counts& other) : reads(other.reads.load()), bytes(other.bytes.load()) {}
    Counts& operator=(const Counts& other) {
      reads = other.reads.load();
      bytes = other.bytes.load();
      return *this;
    }
  };
  mutable Counts ranged_counts_;
};

}  // namespace rocm_doctor::testing
