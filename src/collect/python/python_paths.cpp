// SPDX-License-Identifier: MIT
#include "collect/python/python_paths.h"

#include "base/path_normalize.h"

namespace rocm_doctor::python {
namespace {

constexpr int kMaxLinkHops = 40;

}  // namespace

std::string ParentDir(std::string_view path) {
  std::string normal = pathname::Normalize(path);
  const std::size_t slash = normal.rfind('/');
  if (slash == 0 || slash == std::string::npos) return "/";
  return normal.substr(0, slash);
}

std::string RealPath(const SystemView& view, std::string_view path) {
  std::string pending = pathname::Normalize(path);
  std::string done;
  int hops = 0;
  std::size_t pos = 1;  // after the leading '/'
  while (pos < pending.size()) {
    std::size_t end = pending.find('/', pos);
    if (end == std::string::npos) end = pending.size();
    const std::string candidate = done + "/" + pending.substr(pos, end - pos);
    const std::string rest = pending.substr(end);
    LinkTarget link = hops < kMaxLinkHops ? view.ReadLink(candidate) : LinkTarget{};
    if (link.ok() && !link.target.empty()) {
      ++hops;
      const std::string target =
          link.target.front() == '/' ? link.target : (done.empty() ? "" : done) + "/" + link.target;
      pending = pathname::Normalize(target + rest);
      done.clear();
      pos = 1;
      continue;
    }
    done = candidate;
    pos = end + 1;
  }
  return done.empty() ? "/" : done;
}

}  // namespace rocm_doctor::python
