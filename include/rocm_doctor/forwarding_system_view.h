// SPDX-License-Identifier: MIT
#pragma once
// ForwardingSystemView: a SystemView that passes every primitive to an inner view, the base of
// decorators that change only a few of them (gate's DeadlineSystemView cuts Run's timeout; a
// test's spy records Run and serves the rest from the live host). A decorator overrides what
// really differs and inherits the rest, so a new SystemView primitive touches the interface,
// this base (one forwarding line) and the implementations that answer it - not every decorator.
//
// RecordingSystemView stays a direct SystemView on purpose: it must record every primitive, and
// a pure virtual is how the compiler makes a new one a decision there instead of a silent pass.
#include <memory>
#include <utility>

#include "rocm_doctor/system_view.h"

namespace rocm_doctor {

class ForwardingSystemView : public SystemView {
 public:
  explicit ForwardingSystemView(std::shared_ptr<const SystemView> inner)
      : inner_(std::move(inner)) {}

  FileContent ReadFile(std::string_view path,
                       std::size_t limit = kDefaultReadLimit) const override {
    return inner_->ReadFile(path, limit);
  }
  FileContent ReadFileAt(std::string_view path, std::uint64_t offset,
                         std::size_t length) const override {
    return inner_->ReadFileAt(path, offset, length);
  }
  DirListing ListDir(std::string_view path) const override { return inner_->ListDir(path); }
  LinkTarget ReadLink(std::string_view path) const override { return inner_->ReadLink(path); }
  NodeInfo Stat(std::string_view path) const override { return inner_->Stat(path); }
  std::optional<std::string> GetEnv(std::string_view name) const override {
    return inner_->GetEnv(name);
  }
  std::map<std::string, std::string> Environment() const override {
    return inner_->Environment();
  }
  UnameInfo Uname() const override { return inner_->Uname(); }
  UserInfo CurrentUser() const override { return inner_->CurrentUser(); }
  CommandOutcome Run(const CommandSpec& spec) const override { return inner_->Run(spec); }
  KernelLog ReadKernelLog() const override { return inner_->ReadKernelLog(); }
  FsSpace StatFs(std::string_view path) const override { return inner_->StatFs(path); }
  bool IsReplay() const override { return inner_->IsReplay(); }
  std::string Describe() const override { return inner_->Describe(); }

 protected:
  const SystemView& inner() const { return *inner_; }

 private:
  std::shared_ptr<const SystemView> inner_;
};

}  // namespace rocm_doctor
