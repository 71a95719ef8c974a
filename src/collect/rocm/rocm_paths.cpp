// SPDX-License-Identifier: MIT
#include "collect/rocm/rocm_paths.h"

#include "base/path_normalize.h"

namespace rocm_doctor::rocm_scan {
namespace {

constexpr int kMaxLinkHops = 32;

}  // namespace

std::string StripTrailingSlashes(std::string path) {
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  return path;
}

std::string DirName(std::string_view path) {
  std::size_t slash = path.rfind('/');
  if (slash == std::string_view::npos) return ".";
  if (slash == 0) return "/";
  return std::string(path.substr(0, slash));
}

std::string Resolve(const SystemView& view, std::string_view path) {
  std::string pending = pathname::Normalize(path);
  std::string done;
  int hops = 0;
  while (!pending.empty() && pending != "/") {
    std::size_t start = pending.find_first_not_of('/');
    if (start == std::string::npos) break;
    std::size_t end = pending.find('/', start);
    std::string part = pending.substr(start, end == std::string::npos ? end : end - start);
    std::string rest = end == std::string::npos ? "" : pending.substr(end);
    std::string candidate = done + "/" + part;
    LinkTarget link = view.ReadLink(candidate);
    if (link.ok() && hops < kMaxLinkHops) {
      ++hops;
      std::string target = link.target;
      if (target.empty() || target.front() != '/')
        target = (done.empty() ? "" : done) + "/" + target;
      pending = pathname::Normalize(target + rest);
      done.clear();
      continue;
    }
    done = candidate;
    pending = rest;
  }
  return done.empty() ? "/" : done;
}

std::vector<std::string> SplitColons(std::string_view text) {
  std::vector<std::string> out;
  for (std::size_t pos = 0; pos <= text.size() && out.size() < kMaxSearchDirs;) {
    std::size_t colon = text.find(':', pos);
    if (colon == std::string_view::npos) colon = text.size();
    std::string_view part = text.substr(pos, colon - pos);
    if (!part.empty() && part.front() == '/')
      out.push_back(StripTrailingSlashes(std::string(part)));
    pos = colon + 1;
  }
  return out;
}

}  // namespace rocm_doctor::rocm_scan
