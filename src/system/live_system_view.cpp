// SPDX-License-Identifier: MIT
#include "system/live_system_view.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "system/account_names.h"
#include "system/command_runner.h"
#include "system/fd_io.h"
#include "system/kmsg_parse.h"
#include "system/range_read.h"

extern char** environ;

namespace rocm_doctor::system {
namespace {

constexpr char kDevKmsg[] = "/dev/kmsg";

template <class T>
T Failed(int error_number) {
  T out;
  out.status = StatusFromErrno(error_number);
  out.error = ErrnoText(error_number);
  return out;
}

struct KmsgResult {
  bool ok = false;
  std::vector<std::string> lines;
  std::string error;
};

// /dev/kmsg hands out one record per read(); O_NONBLOCK makes read() return EAGAIN at the end
// of the buffer instead of waiting for new messages. EPIPE means the ring buffer overwrote the
// record we were about to read: the next read continues with the oldest one still there.
KmsgResult ReadDevKmsg() {
  KmsgResult result;
  UniqueFd fd(::open(kDevKmsg, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
  if (!fd) {
    result.error = std::string(kDevKmsg) + ": " + ErrnoText(errno);
    return result;
  }
  std::deque<std::string> lines;
  std::vector<char> buffer(16 * 1024);  // a record is at most ~8 KiB (PRINTKRB_RECORD_MAX)
  for (;;) {
    const ssize_t got = ::read(fd.get(), buffer.data(), buffer.size());
    if (got > 0) {
      if (auto text = ParseKmsgRecord({buffer.data(), static_cast<std::size_t>(got)})) {
        AppendBounded(lines, std::move(*text));
      }
      continue;
    }
    if (got == 0) break;
    if (errno == EINTR || errno == EPIPE) continue;
    if (errno == EAGAIN) break;
    result.error = std::string(kDevKmsg) + ": read: " + ErrnoText(errno);
    return result;
  }
  result.ok = true;
  result.lines.assign(std::make_move_iterator(lines.begin()), std::make_move_iterator(lines.end()));
  return result;
}

}  // namespace

LiveSystemView::LiveSystemView() {
  for (char** entry = environ; entry != nullptr && *entry != nullptr; ++entry) {
    const std::string_view text(*entry);
    const std::size_t equals = text.find('=');
    if (equals == std::string_view::npos || equals == 0) continue;
    env_.emplace(std::string(text.substr(0, equals)), std::string(text.substr(equals + 1)));
  }
}

namespace {

// Opens `path` for reading when it is a regular file, else sets `refusal`. Opening a device node
// can have effects (opening /dev/kfd creates a KFD process context) and reading a FIFO or a tty
// can block forever: only regular files are opened. Everything readable under /sys and /proc
// stats as a regular file. `st` is the opened file's fstat().
UniqueFd OpenRegular(const std::string& p, struct stat& st, FileContent& refusal) {
  if (::stat(p.c_str(), &st) != 0) {
    refusal = Failed<FileContent>(errno);
    return UniqueFd();
  }
  if (S_ISDIR(st.st_mode)) {
    refusal = Failed<FileContent>(EISDIR);
    return UniqueFd();
  }
  if (!S_ISREG(st.st_mode)) {
    refusal.status = FsStatus::kError;
    refusal.error = "not a regular file (" + std::string(ToString(TypeFromMode(st.st_mode))) +
                    "); not read";
    return UniqueFd();
  }
  UniqueFd fd(::open(p.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
  if (!fd) {
    refusal = Failed<FileContent>(errno);
    return UniqueFd();
  }
  if (::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode)) {
    refusal.status = FsStatus::kError;
    refusal.error = "changed into a non-regular file while opening; not read";
    return UniqueFd();
  }
  return fd;
}

}  // namespace

FileContent LiveSystemView::ReadFile(std::string_view path, std::size_t limit) const {
  struct stat st {};
  FileContent refusal;
  UniqueFd fd = OpenRegular(std::string(path), st, refusal);
  if (!fd) return refusal;
  return ReadBounded(fd.get(), limit, static_cast<std::size_t>(st.st_size));
}

FileContent LiveSystemView::ReadFileAt(std::string_view path, std::uint64_t offset,
                                       std::size_t length) const {
  struct stat st {};
  FileContent refusal;
  UniqueFd fd = OpenRegular(std::string(path), st, refusal);
  if (!fd) return refusal;
  return ReadRange(fd.get(), offset, length);
}

DirListing LiveSystemView::ListDir(std::string_view path) const {
  const std::string p(path);
  UniqueFd fd(::open(p.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK));
  if (!fd) {
    const int error_number = errno;
    struct stat st {};
    if (error_number == ENOTDIR && ::stat(p.c_str(), &st) == 0) {
      DirListing out;
      out.status = FsStatus::kError;
      out.error = ErrnoText(ENOTDIR);
      return out;
    }
    return Failed<DirListing>(error_number);
  }
  NameList listed = ListNamesAt(fd.get());
  if (listed.error_number != 0) return Failed<DirListing>(listed.error_number);
  DirListing out;
  out.names = std::move(listed.names);
  out.status = FsStatus::kOk;
  return out;
}

LinkTarget LiveSystemView::ReadLink(std::string_view path) const {
  const std::string p(path);
  std::vector<char> buffer(256);
  for (;;) {
    const ssize_t got = ::readlink(p.c_str(), buffer.data(), buffer.size());
    if (got < 0) {
      if (errno == EINVAL) {
        LinkTarget out;
        out.status = FsStatus::kError;
        out.error = "not a symbolic link";
        return out;
      }
      return Failed<LinkTarget>(errno);
    }
    if (static_cast<std::size_t>(got) < buffer.size()) {
      LinkTarget out;
      out.status = FsStatus::kOk;
      out.target.assign(buffer.data(), static_cast<std::size_t>(got));
      return out;
    }
    if (buffer.size() >= (1u << 16)) return Failed<LinkTarget>(ENAMETOOLONG);
    buffer.resize(buffer.size() * 4);
  }
}

NodeInfo LiveSystemView::Stat(std::string_view path) const {
  const std::string p(path);
  struct stat st {};
  if (::stat(p.c_str(), &st) != 0) return Failed<NodeInfo>(errno);
  NodeInfo out;
  out.status = FsStatus::kOk;
  out.type = TypeFromMode(st.st_mode);
  out.mode = st.st_mode & 07777;
  out.uid = st.st_uid;
  out.gid = st.st_gid;
  out.owner = HostUserName(st.st_uid);
  out.group = HostGroupName(st.st_gid);
  if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) {
    out.major = ::major(st.st_rdev);
    out.minor = ::minor(st.st_rdev);
  }
  return out;
}

std::optional<std::string> LiveSystemView::GetEnv(std::string_view name) const {
  auto it = env_.find(std::string(name));
  if (it == env_.end()) return std::nullopt;
  return it->second;
}

UnameInfo LiveSystemView::Uname() const {
  UnameInfo out;
  struct utsname uts {};
  if (::uname(&uts) != 0) return out;
  out.sysname = uts.sysname;
  out.release = uts.release;
  out.version = uts.version;
  out.machine = uts.machine;
  return out;
}

UserInfo LiveSystemView::CurrentUser() const {
  UserInfo out;
  // open() is checked against the effective ids, so those are what access checks need.
  out.uid = ::geteuid();
  out.gid = ::getegid();
  out.name = HostUserName(out.uid);
  out.source = "geteuid/getgroups";
  std::vector<gid_t> gids;
  const int count = ::getgroups(0, nullptr);
  if (count > 0) {
    gids.resize(static_cast<std::size_t>(count));
    const int got = ::getgroups(count, gids.data());
    gids.resize(got > 0 ? static_cast<std::size_t>(got) : 0);
  }
  if (std::find(gids.begin(), gids.end(), out.gid) == gids.end()) {
    gids.insert(gids.begin(), out.gid);
  }
  for (gid_t gid : gids) {
    std::string name = HostGroupName(gid);
    out.groups.push_back(GroupRef{std::move(name), gid});
  }
  return out;
}

CommandOutcome LiveSystemView::Run(const CommandSpec& spec) const { return RunCommand(spec); }

KernelLog LiveSystemView::ReadKernelLog() const {
  KernelLog log;
  KmsgResult kmsg = ReadDevKmsg();
  if (kmsg.ok) {
    log.state = KernelLog::State::kOk;
    log.source = kDevKmsg;
    log.lines = std::move(kmsg.lines);
    return log;
  }
  // kernel.dmesg_restrict=1 or a container without /dev/kmsg: dmesg may still work (it uses
  // syslog(2), which CAP_SYSLOG can pass even where /dev/kmsg is absent).
  CommandSpec spec;
  spec.name = "dmesg";
  spec.argv = {"dmesg"};
  spec.timeout = std::chrono::seconds(10);
  spec.max_output = 32 << 20;
  const CommandOutcome dmesg = RunCommand(spec);
  if (dmesg.state == CommandOutcome::State::kExited && dmesg.exit_code == 0) {
    log.state = KernelLog::State::kOk;
    log.source = "dmesg";
    log.lines = ParseDmesgOutput(dmesg.out);
    return log;
  }
  std::string dmesg_error;
  if (dmesg.state == CommandOutcome::State::kExited) {
    std::string err = dmesg.err;
    while (!err.empty() && (err.back() == '\n' || err.back() == ' ')) err.pop_back();
    dmesg_error =
        "dmesg: exit " + std::to_string(dmesg.exit_code) + (err.empty() ? "" : ": ") + err;
  } else {
    dmesg_error = "dmesg: " + std::string(ToString(dmesg.state)) +
                  (dmesg.error.empty() ? "" : ": " + dmesg.error);
  }
  log.state = KernelLog::State::kUnreadable;
  log.source = std::string(kDevKmsg) + ", dmesg";
  log.error = kmsg.error + "; " + dmesg_error;
  return log;
}

namespace {

// statvfs() on a network filesystem whose server went away (a hard NFS mount, a stale sshfs)
// blocks in the kernel. It runs on a thread of its own and the doctor stops waiting after this
// long; the thread is left to return (or to end with the process).
constexpr std::chrono::seconds kStatFsTimeout{5};

std::uint64_t Bytes(std::uint64_t blocks, std::uint64_t block_size) {
  std::uint64_t out = 0;
  if (__builtin_mul_overflow(blocks, block_size, &out)) return UINT64_MAX;
  return out;
}

FsSpace StatFsNow(const std::string& path) {
  struct statvfs st {};
  if (::statvfs(path.c_str(), &st) != 0) return Failed<FsSpace>(errno);
  // f_frsize is the unit of the block counts; old kernels left it 0 and meant f_bsize.
  const std::uint64_t unit = st.f_frsize != 0 ? st.f_frsize : st.f_bsize;
  FsSpace out;
  out.status = FsStatus::kOk;
  out.size_bytes = Bytes(st.f_blocks, unit);
  out.free_bytes = Bytes(st.f_bfree, unit);
  out.avail_bytes = Bytes(st.f_bavail, unit);
  return out;
}

}  // namespace

FsSpace LiveSystemView::StatFs(std::string_view path) const {
  struct Shared {
    std::mutex mutex;
    std::condition_variable done_cv;
    bool done = false;
    FsSpace out;
  };
  auto shared = std::make_shared<Shared>();
  std::thread([shared, p = std::string(path)] {
    FsSpace out = StatFsNow(p);
    std::lock_guard lock(shared->mutex);
    shared->out = std::move(out);
    shared->done = true;
    shared->done_cv.notify_all();
  }).detach();
  std::unique_lock lock(shared->mutex);
  if (!shared->done_cv.wait_for(lock, kStatFsTimeout, [&] { return shared->done; })) {
    FsSpace out;
    out.status = FsStatus::kError;
    out.error = "statvfs did not return within " + std::to_string(kStatFsTimeout.count()) +
                " s (a network filesystem that does not answer?)";
    return out;
  }
  return shared->out;
}

}  // namespace rocm_doctor::system
