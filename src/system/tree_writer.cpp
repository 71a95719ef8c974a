// SPDX-License-Identifier: MIT
#include "system/tree_writer.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <vector>

#include "system/root_resolver.h"

namespace rocm_doctor::system {
namespace {

std::vector<std::string> Components(std::string_view path) {
  std::vector<std::string> parts;
  const std::string norm = NormalizeHostPath(path);
  std::string_view rest(norm);
  while (!rest.empty()) {
    if (rest.front() == '/') {
      rest.remove_prefix(1);
      continue;
    }
    const std::size_t slash = rest.find('/');
    parts.emplace_back(rest.substr(0, slash));
    rest = slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);
  }
  return parts;
}

bool MeansOutputFull(int error_number) {
  return error_number == ENOSPC || error_number == EDQUOT || error_number == EFBIG ||
         error_number == EIO || error_number == EROFS;
}

Error Failed(std::string_view path, std::string_view what, int error_number) {
  return Error{std::string(path) + ": " + std::string(what) + ": " + ErrnoText(error_number)};
}

}  // namespace

Error TreeWriter::Failure(std::string_view path, std::string_view what, int error_number) const {
  Error error = Failed(path, what, error_number);
  if (full_.empty() && MeansOutputFull(error_number)) {
    full_ = "the output cannot be written (" + error.message + ")";
  }
  return error;
}

Result<UniqueFd> TreeWriter::Descend(int dir_fd, const std::string& name, unsigned mode,
                                     std::string_view path) const {
  if (name == "..") return Error{std::string(path) + ": \"..\" in a capture path"};
  if (::mkdirat(dir_fd, name.c_str(), static_cast<mode_t>(mode)) != 0 && errno != EEXIST) {
    return Failure(path, "mkdir", errno);
  }
  UniqueFd child(::openat(dir_fd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (!child) return Failure(path, "open directory " + name, errno);
  return child;
}

Result<TreeWriter> TreeWriter::Open(const std::string& root) {
  UniqueFd fd(::open(root.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!fd) return Failed(root, "open", errno);
  return TreeWriter(std::move(fd));
}

Result<UniqueFd> TreeWriter::OpenParent(std::string_view path, std::string& name) const {
  if (!full_.empty()) return Error{full_};
  std::vector<std::string> parts = Components(path);
  if (parts.empty()) return Error{std::string(path) + ": is the root"};
  name = parts.back();
  if (name == "..") return Error{std::string(path) + ": \"..\" in a capture path"};
  parts.pop_back();
  UniqueFd dir(::dup(root_.get()));
  for (const auto& part : parts) {
    auto child = Descend(dir.get(), part, 0755, path);
    if (!child) return Error{child.error()};
    dir = std::move(child).value();
  }
  return dir;
}

Result<bool> TreeWriter::MakeDirs(std::string_view path, unsigned mode) {
  if (!full_.empty()) return Error{full_};
  std::vector<std::string> parts = Components(path);
  UniqueFd dir(::dup(root_.get()));
  for (std::size_t i = 0; i < parts.size(); ++i) {
    auto child = Descend(dir.get(), parts[i], i + 1 == parts.size() ? mode : 0755, path);
    if (!child) return Error{child.error()};
    dir = std::move(child).value();
  }
  return true;
}

Result<bool> TreeWriter::WriteFile(std::string_view path, std::string_view data, unsigned mode) {
  std::string name;
  auto parent = OpenParent(path, name);
  if (!parent) return Error{parent.error()};
  UniqueFd fd(::openat(parent->get(), name.c_str(),
                       O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK,
                       static_cast<mode_t>(mode)));
  if (!fd) return Failure(path, "create", errno);
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode)) {
    return Error{std::string(path) + ": not a regular file in the output"};
  }
  if (const int error_number = WriteAll(fd.get(), data); error_number != 0) {
    return Failure(path, "write", error_number);
  }
  ::fchmod(fd.get(), static_cast<mode_t>(mode));
  return true;
}

Result<bool> TreeWriter::Touch(std::string_view path, unsigned mode) {
  if (Exists(path)) return true;
  return WriteFile(path, "", mode);
}

Result<bool> TreeWriter::MakeLink(std::string_view path, const std::string& target) {
  std::string name;
  auto parent = OpenParent(path, name);
  if (!parent) return Error{parent.error()};
  if (::symlinkat(target.c_str(), parent->get(), name.c_str()) != 0) {
    if (errno == EEXIST) {
      std::vector<char> buffer(target.size() + 2);
      const ssize_t got = ::readlinkat(parent->get(), name.c_str(), buffer.data(), buffer.size());
      if (got >= 0 && std::string_view(buffer.data(), static_cast<std::size_t>(got)) == target) {
        return true;
      }
    }
    return Failure(path, "symlink", errno);
  }
  return true;
}

bool TreeWriter::Exists(std::string_view path) const {
  std::vector<std::string> parts = Components(path);
  if (parts.empty()) return true;
  UniqueFd dir(::dup(root_.get()));
  for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
    UniqueFd child(
        ::openat(dir.get(), parts[i].c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!child) return false;
    dir = std::move(child);
  }
  struct stat st {};
  return ::fstatat(dir.get(), parts.back().c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0;
}

}  // namespace rocm_doctor::system
