// SPDX-License-Identifier: MIT
#include "system/physical_paths.h"

#include <deque>
#include <vector>

#include "system/root_resolver.h"

namespace rocm_doctor::system {
namespace {

std::deque<std::string> SplitComponents(std::string_view path) {
  std::deque<std::string> parts;
  const std::string norm = NormalizeHostPath(path);
  std::size_t start = 1;
  while (start < norm.size()) {
    const std::size_t slash = norm.find('/', start);
    parts.push_back(norm.substr(start, slash - start));
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  return parts;
}

std::string Join(const std::vector<std::string>& parts) {
  std::string out;
  for (const auto& part : parts) out += "/" + part;
  return out.empty() ? "/" : out;
}

}  // namespace

std::string ParentOf(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  return slash == 0 || slash == std::string::npos ? "/" : path.substr(0, slash);
}

std::string BaseOf(const std::string& path) { return path.substr(path.rfind('/') + 1); }

std::string Child(const std::string& dir, const std::string& name) {
  return dir == "/" ? "/" + name : dir + "/" + name;
}

PhysicalPaths::PhysicalPaths(const SystemView& inner,
                             const std::map<std::string, std::string>& known)
    : inner_(inner), links_(known.begin(), known.end()) {}

std::optional<std::string> PhysicalPaths::Resolve(const std::string& path, bool follow_final) {
  std::vector<std::string> done;
  std::deque<std::string> todo = SplitComponents(path);
  int hops = 0;
  while (!todo.empty()) {
    std::string part = std::move(todo.front());
    todo.pop_front();
    if (part == "..") {
      if (!done.empty()) done.pop_back();
      continue;
    }
    const std::string here = Child(Join(done), part);
    const std::optional<std::string> target = LinkAt(here);
    if (target && (!todo.empty() || follow_final)) {
      met_[here] = *target;
      if (++hops > kMaxSymlinkHops || target->empty()) return std::nullopt;
      if (target->front() == '/') done.clear();
      std::deque<std::string> expanded = SplitComponents(*target);
      todo.insert(todo.begin(), expanded.begin(), expanded.end());
      continue;
    }
    if (target) met_[here] = *target;
    done.push_back(std::move(part));
  }
  return Join(done);
}

std::optional<std::string> PhysicalPaths::LinkAt(const std::string& path) {
  auto it = links_.find(path);
  if (it != links_.end()) return it->second;
  LinkTarget link = inner_.ReadLink(path);
  std::optional<std::string> target;
  if (link.ok()) target = link.target;
  links_.emplace(path, target);
  return target;
}

bool ClimbsAboveRoot(const std::string& path, const std::string& target) {
  if (target.empty() || target.front() == '/') return false;
  long depth = 0;  // directories between the root and the link's parent
  for (char c : ParentOf(path)) depth += c == '/' ? 1 : 0;
  if (ParentOf(path) == "/") depth = 0;
  std::string_view rest = target;
  while (!rest.empty()) {
    const std::size_t slash = rest.find('/');
    const std::string_view part = rest.substr(0, slash);
    if (part == "..") {
      if (--depth < 0) return true;
    } else if (!part.empty() && part != ".") {
      ++depth;
    }
    if (slash == std::string_view::npos) break;
    rest.remove_prefix(slash + 1);
  }
  return false;
}

}  // namespace rocm_doctor::system
