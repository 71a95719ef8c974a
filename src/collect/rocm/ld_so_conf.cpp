// SPDX-License-Identifier: MIT
#include "collect/rocm/ld_so_conf.h"

#include <algorithm>

#include "base/text_parse.h"
#include "collect/common/sysfs_reader.h"
#include "collect/rocm/rocm_paths.h"

namespace rocm_doctor::rocm_scan {
namespace {

constexpr int kMaxConfDepth = 4;
constexpr std::size_t kMaxConfFiles = 64;
constexpr std::size_t kTextLimit = 64 * 1024;

}  // namespace

bool GlobMatch(std::string_view pattern, std::string_view name) {
  std::size_t star = pattern.find('*');
  if (star == std::string_view::npos) return pattern == name;
  std::string_view prefix = pattern.substr(0, star);
  std::string_view suffix = pattern.substr(star + 1);
  if (suffix.find('*') != std::string_view::npos) return false;
  return name.size() >= prefix.size() + suffix.size() && parse::StartsWith(name, prefix) &&
         name.substr(name.size() - suffix.size()) == suffix;
}

void ReadLdSoConf(const SystemView& view, std::string_view path, int depth, std::size_t& files_read,
                  std::vector<std::string>& dirs) {
  if (depth > kMaxConfDepth || files_read >= kMaxConfFiles) return;
  ++files_read;
  FileContent file = view.ReadFile(path, kTextLimit);
  if (!file.ok()) return;
  for (std::string_view line : parse::Lines(file.data)) {
    line = line.substr(0, line.find('#'));
    line = parse::Trim(line);
    if (line.empty()) continue;
    if (parse::StartsWith(line, "include") && line.size() > 7 &&
        (line[7] == ' ' || line[7] == '\t')) {
      for (std::string_view pattern : parse::SplitWhitespace(line.substr(7))) {
        std::string full(pattern);
        if (full.front() != '/') full = JoinPath(DirName(path), full);
        std::string dir = DirName(full);
        std::string base(BaseName(full));
        DirListing listing = view.ListDir(dir);
        if (!listing.ok()) continue;
        for (const std::string& name : listing.names) {
          if (GlobMatch(base, name))
            ReadLdSoConf(view, JoinPath(dir, name), depth + 1, files_read, dirs);
        }
      }
      continue;
    }
    // "dir" or the old "dir=type" form; several may share a line (whitespace, ',' or ':').
    std::string entries(line);
    std::replace_if(
        entries.begin(), entries.end(), [](char c) { return c == ',' || c == ':'; }, ' ');
    for (std::string_view entry : parse::SplitWhitespace(entries)) {
      entry = entry.substr(0, entry.find('='));
      if (!entry.empty() && entry.front() == '/' && dirs.size() < kMaxSearchDirs) {
        dirs.push_back(StripTrailingSlashes(std::string(entry)));
      }
    }
  }
}

}  // namespace rocm_doctor::rocm_scan
