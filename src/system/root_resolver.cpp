#include "system/root_resolver.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <deque>
#include <vector>

#include "system/fd_io.h"

namespace rocm_doctor::system {
namespace {

std::deque<std::string> Split(std::string_view path) {
  std::deque<std::string> parts;
  while (!path.empty()) {
    const std::size_t slash = path.find('/');
    const std::string_view part = path.substr(0, slash);
    if (!part.empty() && part != ".") parts.emplace_back(part);
    if (slash == std::string_view::npos) break;
    path.remove_prefix(slash + 1);
  }
  return parts;
}

std::string Join(const std::vector<std::string>& parts) {
  std::string out;
  for (const auto& part : parts) out += "/" + part;
  return out.empty() ? "/" : out;
}

bool ReadLinkText(const std::string& path, std::string& target) {
  std::vector<char> buffer(4096);
  const ssize_t got = ::readlink(path.c_str(), buffer.data(), buffer.size());
  if (got < 0 || static_cast<std::size_t>(got) >= buffer.size()) return false;
  target.assign(buffer.data(), static_cast<std::size_t>(got));
  return true;
}

}  // namespace

std::string NormalizeHostPath(std::string_view path) {
  std::string out;
  for (const auto& part : Split(path)) out += "/" + part;
  return out.empty() ? "/" : out;
}

ResolvedPath ResolveInRoot(const std::string& root, std::string_view path, bool follow_final) {
  ResolvedPath out;
  std::vector<std::string> done;
  std::deque<std::string> todo = Split(path);
  int hops = 0;
  while (!todo.empty()) {
    std::string part = std::move(todo.front());
    todo.pop_front();
    if (part == "..") {
      if (!done.empty()) done.pop_back();
      continue;
    }
    const bool is_final = todo.empty();
    std::string logical = Join(done);
    logical += (logical == "/" ? "" : "/") + part;
    const std::string real = root + logical;
    struct stat st {};
    if (::lstat(real.c_str(), &st) != 0) {
      const int error_number = errno;
      out.status = StatusFromErrno(error_number);
      out.error = ErrnoText(error_number);
      out.logical = logical;
      out.real = real;
      out.final_missing = is_final && error_number == ENOENT;
      return out;
    }
    if (S_ISLNK(st.st_mode) && (!is_final || follow_final)) {
      std::string target;
      if (++hops > kMaxSymlinkHops) {
        out.status = FsStatus::kLoop;
        out.error = ErrnoText(ELOOP);
        out.logical = logical;
        return out;
      }
      if (!ReadLinkText(real, target) || target.empty()) {
        out.status = FsStatus::kNotFound;
        out.error = "unreadable or empty symlink " + logical;
        out.logical = logical;
        return out;
      }
      if (target.front() == '/') done.clear();
      std::deque<std::string> expanded = Split(target);
      todo.insert(todo.begin(), expanded.begin(), expanded.end());
      continue;
    }
    if (!is_final && !S_ISDIR(st.st_mode)) {
      out.status = FsStatus::kNotFound;
      out.error = ErrnoText(ENOTDIR);
      out.logical = logical;
      return out;
    }
    done.push_back(std::move(part));
  }
  out.status = FsStatus::kOk;
  out.logical = Join(done);
  out.real = out.logical == "/" ? root : root + out.logical;
  return out;
}

}  // namespace rocm_doctor::system
