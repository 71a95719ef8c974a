// SPDX-License-Identifier: MIT
#include "support/fake_system_view.h"

#include <algorithm>
#include <set>

namespace rocm_doctor::testing {
namespace {

void AddParents(std::map<std::string, bool, std::less<>>& dirs, const std::string& path) {
  for (std::size_t pos = path.rfind('/'); pos != std::string::npos && pos > 0;
       pos = path.rfind('/', pos - 1)) {
    dirs[path.substr(0, pos)] = true;
  }
  dirs["/"] = true;
}

}  // namespace

FakeSystemView& FakeSystemView::File(std::string path, std::string content) {
  AddParents(dirs_, path);
  files_[std::move(path)] = std::move(content);
  return *this;
}

FakeSystemView& FakeSystemView::Unreadable(std::string path, FsStatus status) {
  AddParents(dirs_, path);
  unreadable_[std::move(path)] = status;
  return *this;
}

FakeSystemView& FakeSystemView::Link(std::string path, std::string target) {
  AddParents(dirs_, path);
  links_[std::move(path)] = std::move(target);
  return *this;
}

FakeSystemView& FakeSystemView::Dir(std::string path) {
  AddParents(dirs_, path);
  dirs_[std::move(path)] = true;
  return *this;
}

FakeSystemView& FakeSystemView::Node(std::string path, NodeInfo info) {
  AddParents(dirs_, path);
  info.status = FsStatus::kOk;
  nodes_[std::move(path)] = std::move(info);
  return *this;
}

FakeSystemView& FakeSystemView::Env(std::string name, std::string value) {
  env_[std::move(name)] = std::move(value);
  return *this;
}

FakeSystemView& FakeSystemView::User(UserInfo user) {
  user_ = std::move(user);
  return *this;
}

FakeSystemView& FakeSystemView::Kernel(UnameInfo uname) {
  uname_ = std::move(uname);
  return *this;
}

FakeSystemView& FakeSystemView::Command(std::string name, CommandOutcome outcome) {
  commands_[std::move(name)] = std::move(outcome);
  return *this;
}

FakeSystemView& FakeSystemView::Log(KernelLog log) {
  log_ = std::move(log);
  return *this;
}

FakeSystemView& FakeSystemView::Replay(bool replay) {
  replay_ = replay;
  return *this;
}

FakeSystemView& FakeSystemView::Space(std::string path, FsSpace space) {
  spaces_[std::move(path)] = std::move(space);
  return *this;
}

FsSpace FakeSystemView::StatFs(std::string_view path) const {
  if (auto it = spaces_.find(path); it != spaces_.end()) return it->second;
  FsSpace out;
  out.error = "not recorded in this capture";
  return out;
}

FileContent FakeSystemView::ReadFile(std::string_view path, std::size_t limit) const {
  FileContent out;
  if (auto u = unreadable_.find(path); u != unreadable_.end()) {
    out.status = u->second;
    out.error = std::string(ToString(u->second));
    return out;
  }
  auto it = files_.find(path);
  if (it == files_.end()) {
    out.status = dirs_.count(path) ? FsStatus::kError : FsStatus::kNotFound;
    out.error = dirs_.count(path) ? "Is a directory" : "No such file or directory";
    return out;
  }
  out.status = FsStatus::kOk;
  out.data = it->second.substr(0, limit);
  out.truncated = it->second.size() > limit;
  return out;
}

FakeSystemView& FakeSystemView::NoRangedReads() {
  ranged_ = false;
  return *this;
}

FileContent FakeSystemView::ReadFileAt(std::string_view path, std::uint64_t offset,
                                       std::size_t length) const {
  if (!ranged_) return SystemView::ReadFileAt(path, offset, length);
  FileContent out = ReadFile(path, 0);  // ReadFile's answer for a missing or unreadable path
  if (!out.ok()) return out;
  const std::string& all = files_.find(path)->second;
  length = std::min(length, kMaxRangedRead);
  out.data =
      offset >= all.size() ? std::string() : all.substr(static_cast<std::size_t>(offset), length);
  out.truncated = false;
  ++ranged_counts_.reads;
  ranged_counts_.bytes += out.data.size();
  return out;
}

DirListing FakeSystemView::ListDir(std::string_view path) const {
  DirListing out;
  if (!dirs_.count(path)) {
    out.error = "No such file or directory";
    return out;
  }
  std::string prefix(path);
  if (prefix.back() != '/') prefix += '/';
  std::set<std::string> names;
  auto collect = [&](const auto& map) {
    for (const auto& [p, unused] : map) {
      if (p.size() > prefix.size() && p.compare(0, prefix.size(), prefix) == 0) {
        std::string rest = p.substr(prefix.size());
        names.insert(rest.substr(0, rest.find('/')));
      }
    }
  };
  collect(files_);
  collect(unreadable_);
  collect(links_);
  collect(nodes_);
  collect(dirs_);
  out.status = FsStatus::kOk;
  out.names.assign(names.begin(), names.end());
  return out;
}

LinkTarget FakeSystemView::ReadLink(std::string_view path) const {
  LinkTarget out;
  auto it = links_.find(path);
  if (it == links_.end()) {
    out.error = "No such file or directory";
    return out;
  }
  out.status = FsStatus::kOk;
  out.target = it->second;
  return out;
}

NodeInfo FakeSystemView::Stat(std::string_view path) const {
  if (auto it = nodes_.find(path); it != nodes_.end()) return it->second;
  NodeInfo info;
  if (files_.count(path) || unreadable_.count(path)) {
    info.status = FsStatus::kOk;
    info.type = NodeType::kRegular;
    info.mode = 0644;
  } else if (dirs_.count(path) || links_.count(path)) {
    info.status = FsStatus::kOk;
    info.type = NodeType::kDirectory;
    info.mode = 0755;
  } else {
    info.error = "No such file or directory";
  }
  return info;
}

std::optional<std::string> FakeSystemView::GetEnv(std::string_view name) const {
  auto it = env_.find(std::string(name));
  if (it == env_.end()) return std::nullopt;
  return it->second;
}

CommandOutcome FakeSystemView::Run(const CommandSpec& spec) const {
  if (auto it = commands_.find(spec.name); it != commands_.end()) return it->second;
  CommandOutcome out;
  out.state = CommandOutcome::State::kNotRecorded;
  out.error = "not recorded in this capture";
  return out;
}

}  // namespace rocm_doctor::testing
