// SPDX-License-Identifier: MIT
#include "system/archive.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <vector>

#include "system/fd_io.h"
#include "system/gzip_stream.h"
#include "system/tar_writer.h"

namespace rocm_doctor::system {
namespace {

bool EndsWith(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

std::string MachineRoot(const std::string& dir) {
  struct stat st {};
  if (::lstat((dir + "/.rocm-doctor").c_str(), &st) == 0) return dir;
  UniqueFd fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (!fd) return dir;
  const std::vector<std::string> names = ListNamesAt(fd.get()).names;
  if (names.size() == 1) {
    const std::string only = dir + "/" + names.front();
    if (::lstat(only.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) return only;
  }
  return dir;
}

Result<bool> Unpack(const std::string& archive, int root_fd, const ExtractLimits& limits) {
  // O_NONBLOCK: a FIFO swapped in for the file must not block the open.
  UniqueFd in(::open(archive.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
  if (!in) return Error{ErrnoText(errno)};
  struct stat st {};
  if (::fstat(in.get(), &st) != 0 || !S_ISREG(st.st_mode)) return Error{"not a regular file"};
  ::fcntl(in.get(), F_SETFL, O_RDONLY);
  auto gunzip = GunzipStream::Start(in.get(), limits.deadline);
  if (!gunzip) return Error{gunzip.error()};
  TarReader reader(**gunzip);
  auto extracted = ExtractTar(reader, root_fd, limits);
  if (!extracted) return Error{extracted.error()};
  return true;
}

}  // namespace

bool IsArchiveName(std::string_view path) {
  return EndsWith(path, ".tar.gz") || EndsWith(path, ".tgz");
}

Result<UnpackedArchive> UnpackArchive(const std::string& archive, ExtractLimits limits) {
  limits.deadline = std::min(limits.deadline, std::chrono::steady_clock::now() + kArchiveDeadline);
  auto temp = TempDir::Create("replay");
  if (!temp) return Error{temp.error()};
  UniqueFd root(
      ::open(temp.value()->path().c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (!root) return Error{temp.value()->path() + ": " + ErrnoText(errno)};
  // On an error `temp` is the only reference: the partial tree goes with it, here.
  auto unpacked = Unpack(archive, root.get(), limits);
  if (!unpacked) return Error{"cannot unpack " + archive + ": " + unpacked.error()};
  UnpackedArchive out;
  out.dir = temp.value();
  out.root = MachineRoot(out.dir->path());
  return out;
}

Result<bool> PackArchive(const std::string& dir, const std::string& archive) {
  const auto deadline = std::chrono::steady_clock::now() + kArchiveDeadline;
  UniqueFd tree(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (!tree) return Error{"cannot write " + archive + ": " + dir + ": " + ErrnoText(errno)};
  UniqueFd out(::open(archive.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644));
  if (!out) return Error{"cannot write " + archive + ": " + ErrnoText(errno)};
  auto packed = [&]() -> Result<bool> {
    auto gzip = GzipSink::Start(out.get(), deadline);
    if (!gzip) return Error{gzip.error()};
    auto wrote =
        WriteTarTree(tree.get(), [&](std::string_view bytes) { return (*gzip)->Write(bytes); });
    auto finished = (*gzip)->Finish();
    if (!finished) return finished;  // gzip's own error (ENOSPC) explains a failed write best
    if (!wrote) return wrote;
    // A write error the file system reports late (NFS, quotas) shows here.
    if (::fsync(out.get()) != 0 && errno != EINVAL && errno != EROFS) {
      return Error{"fsync: " + ErrnoText(errno)};
    }
    return true;
  }();
  if (packed) return true;
  // Remove what we created, and only that: the name may have been replaced meanwhile.
  struct stat ours {};
  struct stat now {};
  if (::fstat(out.get(), &ours) == 0 && ::lstat(archive.c_str(), &now) == 0 &&
      ours.st_dev == now.st_dev && ours.st_ino == now.st_ino) {
    ::unlink(archive.c_str());
  }
  return Error{"cannot write " + archive + ": " + packed.error() +
               "; the partial archive was removed"};
}

}  // namespace rocm_doctor::system
