// SPDX-License-Identifier: MIT
// CollectFacts<ToolFacts>: each ROCm tool of src/knowledge/rocm_tools.cpp as a file on $PATH or
// in a ROCm install's bin/, the install or dpkg package it belongs to and its version. Nothing
// is run (architecture rule 1; replay never executes anything).
#include <algorithm>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "collect/tools/dpkg_parse.h"
#include "collect/python/python_paths.h"
#include "knowledge/rocm_tools.h"
#include "base/text_parse.h"
#include "collect/common/sysfs_reader.h"
#include "rocm_doctor/facts/rocm.h"
#include "rocm_doctor/facts/tools_facts.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor {
namespace {

constexpr std::size_t kMaxPathDirs = 64;
// rocm-llvm's file list is the longest of these packages (tens of thousands of paths).
constexpr std::size_t kListLimit = 16u << 20;
constexpr std::size_t kStatusLimit = 32u << 20;  // as the ROCm collector reads it

struct SearchDir {
  std::string dir;
  std::string found_by;
};

std::vector<SearchDir> SearchDirs(const SystemView& view, const RocmFacts& rocm) {
  std::vector<SearchDir> dirs;
  const auto add = [&](std::string dir, std::string found_by) {
    while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
    if (dirs.size() >= kMaxPathDirs) return;
    for (const SearchDir& d : dirs) {
      if (d.dir == dir) return;
    }
    dirs.push_back({std::move(dir), std::move(found_by)});
  };
  // execvp(3) order: $PATH from left to right; relative and empty entries (the current
  // directory) are the shell's, not a place to install tools, and are left out.
  if (std::optional<std::string> path = view.GetEnv("PATH")) {
    std::string_view rest = *path;
    while (!rest.empty()) {
      const std::size_t colon = rest.find(':');
      std::string_view entry = rest.substr(0, colon);
      rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
      if (!entry.empty() && entry.front() == '/') add(std::string(entry), "$PATH");
    }
  }
  for (const RocmInstall& install : rocm.installs) {
    if (install.root == "/usr") continue;  // the distribution's tools are in /usr/bin
    add(JoinPath(install.root, "bin"), "ROCm install " + install.root);
  }
  return dirs;
}

bool IsUnder(std::string_view path, std::string_view root) {
  return path.size() > root.size() && path.substr(0, root.size()) == root &&
         path[root.size()] == '/';
}

// With /usr merged, dpkg may list /bin/x for what is found as /usr/bin/x (and the reverse).
std::vector<std::string> DpkgNames(const std::string& path) {
  std::vector<std::string> names = {path};
  for (std::string_view dir : {"/bin/", "/sbin/", "/lib/"}) {
    const std::string usr = "/usr" + std::string(dir);
    if (parse::StartsWith(path, usr)) names.push_back(path.substr(4));
    if (parse::StartsWith(path, dir)) names.push_back("/usr" + path);
  }
  return names;
}

class Dpkg {
 public:
  explicit Dpkg(const SystemView& view) : view_(view) {
    arch_ = std::string(dpkg::Architecture(view.Uname().machine.value_or("")));
  }

  // The package among `packages` whose file list names one of `paths`, with the .list read.
  std::optional<std::pair<std::string, std::string>> Owner(
      std::span<const std::string_view> packages, const std::vector<std::string>& paths) {
    for (std::string_view package : packages) {
      std::vector<std::string> lists = {std::string(package) + ".list"};
      if (!arch_.empty()) lists.push_back(std::string(package) + ":" + arch_ + ".list");
      for (const std::string& list : lists) {
        const std::string file = JoinPath(paths::kDpkgInfo, list);
        const FileContent& content = Read(file);
        if (!content.ok()) continue;
        for (const std::string& path : paths) {
          if (dpkg::ListsPath(content.data, path)) return std::pair{std::string(package), file};
        }
      }
    }
    return std::nullopt;
  }

  Fact<std::string> Version(const std::string& package) {
    const std::string source(paths::kDpkgStatus);
    const FileContent& status = Read(source, kStatusLimit);
    if (!status.ok()) return Fact<std::string>::Unknown(source, status.error);
    if (auto version = dpkg::InstalledVersion(status.data, package)) {
      return Fact<std::string>::Known(parse::Printable(*version, 60), source);
    }
    return Fact<std::string>::Unknown(source, "package " + package + " is not installed there");
  }

 private:
  const FileContent& Read(const std::string& path, std::size_t limit = kListLimit) {
    auto it = files_.find(path);
    if (it == files_.end()) it = files_.emplace(path, view_.ReadFile(path, limit)).first;
    return it->second;
  }

  const SystemView& view_;
  std::string arch_;
  std::map<std::string, FileContent> files_;
};

void Attribute(const RocmFacts& rocm, const tools::ToolSpec& spec, Dpkg& dpkg, ToolCopy& copy) {
  for (const RocmInstall& install : rocm.installs) {
    if (install.root == "/usr") continue;
    if (!IsUnder(copy.real_path, install.root) && !IsUnder(copy.path, install.root)) continue;
    copy.origin = Fact<std::string>::Known(
        "ROCm " + (install.version.known() ? *install.version + " " : std::string()) + "(" +
            install.root + ")",
        install.root);
    copy.version = install.version;
    return;
  }
  std::vector<std::string> names = DpkgNames(copy.path);
  if (copy.real_path != copy.path) {
    for (std::string& name : DpkgNames(copy.real_path)) names.push_back(std::move(name));
  }
  if (auto owner = dpkg.Owner(spec.packages, names)) {
    copy.origin = Fact<std::string>::Known("package " + owner->first + " (dpkg)", owner->second);
    copy.version = dpkg.Version(owner->first);
    return;
  }
  std::string packages;
  for (std::string_view p : spec.packages)
    packages += (packages.empty() ? "" : ", ") + std::string(p);
  const std::string why =
      "not in a ROCm install" +
      (packages.empty() ? std::string(" (built from source?)")
                        : ", and the dpkg file lists of " + packages + " do not name it");
  copy.origin = Fact<std::string>::Unknown(copy.path, why);
  copy.version = Fact<std::string>::Unknown(copy.path, why);
}

}  // namespace

template <>
ToolFacts CollectFacts<ToolFacts>(const FactSource& facts) {
  return CollectTools(facts.view(), facts.Get<RocmFacts>());
}

ToolFacts CollectTools(const SystemView& view, const RocmFacts& rocm) {
  const std::vector<SearchDir> dirs = SearchDirs(view, rocm);
  ToolFacts facts;
  for (const SearchDir& d : dirs) facts.searched.push_back(d.dir);
  Dpkg dpkg(view);
  for (const tools::ToolSpec& spec : tools::RocmTools()) {
    ToolPresence tool;
    tool.name = std::string(spec.name);
    for (const SearchDir& d : dirs) {
      const std::string path = JoinPath(d.dir, spec.name);
      const NodeInfo node = view.Stat(path);
      // What execvp would run: a regular file with an execute bit.
      if (!node.ok() || node.type != NodeType::kRegular || (node.mode & 0111) == 0) continue;
      ToolCopy copy;
      copy.path = path;
      copy.real_path = python::RealPath(view, path);
      copy.found_by = d.found_by;
      const bool seen = std::any_of(tool.copies.begin(), tool.copies.end(), [&](const ToolCopy& c) {
        return c.real_path == copy.real_path;
      });
      if (seen) continue;
      Attribute(rocm, spec, dpkg, copy);
      tool.copies.push_back(std::move(copy));
    }
    facts.tools.push_back(std::move(tool));
  }
  return facts;
}

}  // namespace rocm_doctor
