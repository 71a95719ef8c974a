#include "collect/python/python_paths.h"

#include <vector>

namespace rocm_doctor::python {
namespace {

constexpr int kMaxLinkHops = 40;

}  // namespace

std::string NormalizePath(std::string_view path) {
  std::vector<std::string_view> parts;
  while (!path.empty()) {
    const std::size_t slash = path.find('/');
    std::string_view part = path.substr(0, slash);
    path = slash == std::string_view::npos ? std::string_view() : path.substr(slash + 1);
    if (part.empty() || part == ".") continue;
    if (part == "..") {
      if (!parts.empty()) parts.pop_back();
      continue;
    }
    parts.push_back(part);
  }
  std::string out;
  for (std::string_view p : parts) {
    out += '/';
    out += p;
  }
  return out.empty() ? "/" : out;
}

std::string ParentDir(std::string_view path) {
  std::string normal = NormalizePath(path);
  const std::size_t slash = normal.rfind('/');
  if (slash == 0 || slash == std::string::npos) return "/";
  return normal.substr(0, slash);
}

std::string RealPath(const SystemView& view, std::string_view path) {
  std::string pending = NormalizePath(path);
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
      pending = NormalizePath(target + rest);
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
