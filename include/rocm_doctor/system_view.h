// SPDX-License-Identifier: MIT
#pragma once
// SystemView: every read of the operating system goes through here (architecture rules 2 and 3).
// Implementations: the live host (src/system/live_system_view.cpp), a machine directory
// (src/system/machine_dir_view.cpp, docs/machine-format.md), and the recording decorator
// that `capture` uses (src/system/recording_system_view.cpp). Decorators that change only a few
// primitives derive from ForwardingSystemView (rocm_doctor/forwarding_system_view.h). A new
// primitive: declare it here, with a default answer like StatFs's where a view may not know it,
// forward it in ForwardingSystemView, answer it in the live and machine-directory views and
// record it in RecordingSystemView (or, like ReadFileAt, answer there that it is not supported,
// when a recording could not replay it). Only collectors call it.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rocm_doctor {

// How a file-system access ended. "exists but EACCES" is one of the most common ROCm failures,
// so it is kept apart from "not found".
enum class FsStatus { kOk, kNotFound, kPermissionDenied, kLoop, kError };
std::string_view ToString(FsStatus status);

// Reads are bounded: sysfs attributes are < 4 KiB, but a hostile machine directory may hold a
// 2 GiB file where a 5-byte value belongs.
inline constexpr std::size_t kDefaultReadLimit = 1 << 20;

struct FileContent {
  FsStatus status = FsStatus::kNotFound;
  std::string data;   // byte for byte, including the trailing newline sysfs writes
  bool truncated = false;  // the file was longer than the limit
  std::string error;  // strerror-style text when status != kOk
  bool ok() const { return status == FsStatus::kOk; }
};

struct DirListing {
  FsStatus status = FsStatus::kNotFound;
  std::vector<std::string> names;  // sorted, without "." and ".."
  std::string error;
  bool ok() const { return status == FsStatus::kOk; }
};

struct LinkTarget {
  FsStatus status = FsStatus::kNotFound;
  std::string target;  // the link text as stored (may be relative)
  std::string error;
  bool ok() const { return status == FsStatus::kOk; }
};

enum class NodeType { kRegular, kDirectory, kSymlink, kCharDevice, kBlockDevice, kOther };
std::string_view ToString(NodeType type);

// What stat() says about a path (symlinks followed). For device nodes in a machine directory this
// comes from machine.json "nodes".
struct NodeInfo {
  FsStatus status = FsStatus::kNotFound;
  NodeType type = NodeType::kRegular;
  std::uint32_t mode = 0;  // permission bits only (07777)
  std::uint32_t uid = 0;
  std::uint32_t gid = 0;
  std::string owner;  // resolved name, empty when unknown
  std::string group;  // resolved name, empty when unknown
  std::uint32_t major = 0;
  std::uint32_t minor = 0;
  std::string error;
  bool ok() const { return status == FsStatus::kOk; }
};

struct GroupRef {
  std::string name;  // empty when the gid has no name
  std::optional<std::uint32_t> gid;  // nullopt when the name has no number
};

struct UserInfo {
  std::string name;
  std::uint32_t uid = 0;
  std::uint32_t gid = 0;
  std::vector<GroupRef> groups;  // the groups this process really has (supplementary + primary)
  std::string source;            // "getuid/getgroups" or ".rocm-doctor/machine.json"
};

struct UnameInfo {
  std::optional<std::string> sysname;
  std::optional<std::string> release;  // e.g. "6.8.0-45-generic"
  std::optional<std::string> version;
  std::optional<std::string> machine;
};

// A program to run: argv only, never a shell (architecture rule 12). `name` identifies the probe in a
// capture (.rocm-doctor/probes/<name>.json) and in replay.
struct CommandSpec {
  std::string name;
  std::vector<std::string> argv;
  std::chrono::milliseconds timeout{5000};
  std::size_t max_output = 4 << 20;  // bytes kept per stream; the rest is drained and dropped
  std::map<std::string, std::string> extra_env;  // added to the child's environment
  // Called with each chunk of stderr as it arrives (a long benchmark's progress lines), besides
  // keeping it in CommandOutcome::err. Live runs only; replay and recording ignore it.
  std::function<void(std::string_view)> on_stderr;
};

struct CommandOutcome {
  enum class State { kExited, kSignaled, kTimedOut, kSpawnFailed, kNotRecorded };
  State state = State::kNotRecorded;
  int exit_code = -1;  // valid for kExited
  int signal = 0;      // valid for kSignaled (and the kill signal for kTimedOut)
  std::string out;
  std::string err;
  bool truncated = false;
  std::string error;  // why the spawn failed, or "not recorded in this capture"
  double wall_seconds = 0;
  // Ctrl-C reached the doctor while this ran: SIGINT was forwarded to the child, which had a
  // grace time to finish (src/system/interrupt.h). Not recorded in a capture.
  bool interrupted = false;
  // Replay: the argv the recording says was run on the captured machine (docs/probes.md
  // "argv"), so a fix can name the program where it is installed there. Empty when run live.
  std::vector<std::string> recorded_argv;
};
std::string_view ToString(CommandOutcome::State state);

// The kernel log: /dev/kmsg when readable, else `dmesg`; in a machine directory the recording.
struct KernelLog {
  enum class State { kOk, kUnreadable, kNotRecorded };
  State state = State::kNotRecorded;
  std::string source;  // "/dev/kmsg", "dmesg", ".rocm-doctor/probes/kernel-log.json"
  std::vector<std::string> lines;  // message text only, oldest first
  std::string error;
};

// The space of the filesystem that holds a path (statvfs(3)), in bytes. Sizes are whole
// filesystem figures; `avail_bytes` is what an unprivileged user may still write (free minus
// the blocks reserved for root). In a machine directory: machine.json "filesystems"
// (docs/probes.md), kNotFound where the capture recorded none.
struct FsSpace {
  FsStatus status = FsStatus::kNotFound;
  std::uint64_t size_bytes = 0;   // f_blocks * f_frsize
  std::uint64_t free_bytes = 0;   // f_bfree * f_frsize
  std::uint64_t avail_bytes = 0;  // f_bavail * f_frsize
  std::string error;
  bool ok() const { return status == FsStatus::kOk; }
};

// What SystemView::ReadFileAt answers (status kError, this text) when a view cannot read a range
// of a file: test doubles, and `capture`'s recording view on purpose (a capture stores a prefix
// of each file, docs/probes.md). Callers then fall back to ReadFile.
inline constexpr std::string_view kRangedReadUnsupported =
    "ranged reads are not supported by this view";
// Bytes one ReadFileAt may ask for (a library's section header table is at most 4096 x 64).
inline constexpr std::size_t kMaxRangedRead = std::size_t{16} << 20;

class SystemView {
 public:
  virtual ~SystemView() = default;

  virtual FileContent ReadFile(std::string_view path,
                               std::size_t limit = kDefaultReadLimit) const = 0;
  // Up to `length` bytes (at most kMaxRangedRead) of a regular file from byte `offset`, with
  // ReadFile's status and error conventions (a directory, device node or FIFO is refused without
  // being opened for reading). A range that runs past the end gives the bytes that exist (none
  // at or past it); `truncated` stays false. A 1.3 GB library's section headers and bundle
  // headers are read this way instead of a 64 MiB prefix.
  virtual FileContent ReadFileAt(std::string_view path, std::uint64_t offset,
                                 std::size_t length) const {
    (void)path;
    (void)offset;
    (void)length;
    FileContent out;
    out.status = FsStatus::kError;
    out.error = std::string(kRangedReadUnsupported);
    return out;
  }
  // The files `names` below the directory `dir`, in order: each answer is the one
  // ReadFile(dir + "/" + name, limit) gives. A name is a relative path ("3/properties"). A view
  // that resolves `dir` once answers faster: a replayed MI300X's KFD topology is about 1,100
  // small files in 34 node directories. This loop is the answer of every other view (and keeps
  // what a decorator does to ReadFile).
  virtual std::vector<FileContent> ReadFilesBelow(std::string_view dir,
                                                  const std::vector<std::string>& names,
                                                  std::size_t limit = kDefaultReadLimit) const {
    std::vector<FileContent> out;
    out.reserve(names.size());
    std::string path(dir);
    if (!path.empty() && path.back() != '/') path += '/';
    const std::size_t stem = path.size();
    for (const std::string& name : names) {
      path.resize(stem);
      path += name;
      out.push_back(ReadFile(path, limit));
    }
    return out;
  }
  virtual DirListing ListDir(std::string_view path) const = 0;
  virtual LinkTarget ReadLink(std::string_view path) const = 0;
  virtual NodeInfo Stat(std::string_view path) const = 0;

  virtual std::optional<std::string> GetEnv(std::string_view name) const = 0;
  virtual std::map<std::string, std::string> Environment() const = 0;
  virtual UnameInfo Uname() const = 0;
  virtual UserInfo CurrentUser() const = 0;

  virtual CommandOutcome Run(const CommandSpec& spec) const = 0;
  virtual KernelLog ReadKernelLog() const = 0;
  // statvfs(path). Views that cannot answer (test doubles) say so; the live host, machine
  // directories and the decorators override it.
  virtual FsSpace StatFs(std::string_view path) const {
    FsSpace out;
    out.status = FsStatus::kError;
    out.error = "filesystem space of " + std::string(path) + " not available from " + Describe();
    return out;
  }

  // True when diagnosing a machine directory instead of this host.
  virtual bool IsReplay() const = 0;
  // "live host" or "machine directory /path"; for the report header.
  virtual std::string Describe() const = 0;
};

}  // namespace rocm_doctor
