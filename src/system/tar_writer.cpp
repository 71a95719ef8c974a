// SPDX-License-Identifier: MIT
#include "system/tar_writer.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <string>
#include <vector>

#include "system/fd_io.h"
#include "system/tar_format.h"

namespace rocm_doctor::system {
namespace {

constexpr std::size_t kFieldLen = 100;  // ustar name and linkname

Result<bool> Emit(const tar::Header& header, const TarOutput& out) {
  if (header.name.size() > kFieldLen || header.linkname.size() > kFieldLen) {
    std::string records;
    if (header.name.size() > kFieldLen) records += tar::PaxRecord("path", header.name);
    if (header.linkname.size() > kFieldLen) records += tar::PaxRecord("linkpath", header.linkname);
    tar::Header pax;
    pax.name = "././@PaxHeader";
    pax.type = tar::kPaxNext;
    pax.size = records.size();
    pax.mtime = header.mtime;
    const tar::Block block = tar::EncodeHeader(pax);
    records.resize(tar::PaddedSize(records.size()), '\0');
    if (auto wrote = out(std::string_view(block.data(), block.size())); !wrote) return wrote;
    if (auto wrote = out(records); !wrote) return wrote;
  }
  const tar::Block block = tar::EncodeHeader(header);
  return out(std::string_view(block.data(), block.size()));
}

// Exactly `size` bytes of the file (the size its header declared): zeros if it shrank.
Result<bool> EmitData(int fd, std::uint64_t size, const TarOutput& out) {
  std::string buffer(64 * 1024, '\0');
  std::uint64_t left = size;
  while (left > 0) {
    const auto want = static_cast<std::size_t>(std::min<std::uint64_t>(left, buffer.size()));
    ssize_t got = ::read(fd, buffer.data(), want);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return Error{"read: " + ErrnoText(errno)};
    if (got == 0) {
      std::fill(buffer.begin(), buffer.end(), '\0');
      got = static_cast<ssize_t>(want);
    }
    if (auto wrote = out(std::string_view(buffer.data(), static_cast<std::size_t>(got))); !wrote) {
      return wrote;
    }
    left -= static_cast<std::uint64_t>(got);
  }
  const std::size_t pad = static_cast<std::size_t>(tar::PaddedSize(size) - size);
  return out(std::string(pad, '\0'));
}

Result<bool> WriteDir(int dir_fd, const std::string& prefix, const TarOutput& out) {
  const NameList listed = ListNamesAt(dir_fd);
  if (listed.error_number != 0) return Error{prefix + ": " + ErrnoText(listed.error_number)};
  for (const auto& name : listed.names) {
    const std::string path = prefix + name;
    struct stat st {};
    if (::fstatat(dir_fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
      return Error{path + ": " + ErrnoText(errno)};
    }
    tar::Header header;
    header.name = path;
    header.mode = st.st_mode & 0777;
    header.mtime = st.st_mtime > 0 ? static_cast<std::uint64_t>(st.st_mtime) : 0;
    if (S_ISDIR(st.st_mode)) {
      UniqueFd child(
          ::openat(dir_fd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
      if (!child) return Error{path + ": " + ErrnoText(errno)};
      header.type = tar::kDirectory;
      header.name += "/";
      if (auto wrote = Emit(header, out); !wrote) return wrote;
      if (auto wrote = WriteDir(child.get(), path + "/", out); !wrote) return wrote;
    } else if (S_ISLNK(st.st_mode)) {
      std::string target(static_cast<std::size_t>(st.st_size) + 1, '\0');
      const ssize_t got = ::readlinkat(dir_fd, name.c_str(), target.data(), target.size());
      if (got < 0) return Error{path + ": " + ErrnoText(errno)};
      target.resize(static_cast<std::size_t>(got));
      header.type = tar::kSymlink;
      header.linkname = target;
      if (auto wrote = Emit(header, out); !wrote) return wrote;
    } else if (S_ISREG(st.st_mode)) {
      UniqueFd file(::openat(dir_fd, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
      if (!file) return Error{path + ": " + ErrnoText(errno)};
      header.type = tar::kRegular;
      header.size = static_cast<std::uint64_t>(st.st_size);
      if (auto wrote = Emit(header, out); !wrote) return wrote;
      if (auto wrote = EmitData(file.get(), header.size, out); !wrote) return wrote;
    }
  }
  return true;
}

}  // namespace

Result<bool> WriteTarTree(int dir_fd, const TarOutput& out) {
  tar::Header root;
  root.name = "./";
  root.type = tar::kDirectory;
  root.mode = 0755;
  if (auto wrote = Emit(root, out); !wrote) return wrote;
  if (auto wrote = WriteDir(dir_fd, "./", out); !wrote) return wrote;
  return out(std::string(2 * tar::kBlock, '\0'));
}

}  // namespace rocm_doctor::system
