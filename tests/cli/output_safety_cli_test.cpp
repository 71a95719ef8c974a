// SPDX-License-Identifier: MIT
// Issue 13, items 1 and 2, through the whole binary: every command that writes -o FILE (check,
// gate, bench, diff, fleet) against what a root run may find at FILE. Before the fix each of
// them renamed FILE.tmp.<pid> over the target: /dev/null became a regular file, a symlink was
// replaced, /dev/full "succeeded", a FIFO was replaced instead of written.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "system/command_runner.h"

namespace rocm_doctor {
namespace {

namespace fs = std::filesystem;

std::string MachineDir(const std::string& name) {
  return std::string(ROCMDOC_SOURCE_DIR) + "/tests/machines/" + name;
}

CommandOutcome RunDoctor(std::vector<std::string> args) {
  CommandSpec spec;
  spec.name = "rocm-doctor";
  spec.argv = {ROCMDOC_BINARY};
  spec.argv.insert(spec.argv.end(), args.begin(), args.end());
  spec.timeout = std::chrono::seconds(60);
  CommandOutcome out = RunCommand(spec);
  EXPECT_EQ(out.state, CommandOutcome::State::kExited) << out.error;
  return out;
}

std::string Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

mode_t TypeAt(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0 ? (st.st_mode & S_IFMT) : 0;
}

class Scratch {
 public:
  Scratch() {
    char pattern[] = "/tmp/rocmdoc-outsafe-XXXXXX";
    path_ = ::mkdtemp(pattern);
  }
  ~Scratch() { fs::remove_all(path_); }
  std::string operator/(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

// One command line per writer, with "{out}" where the output path goes. The diff and fleet
// inputs are reports this test writes first.
struct Writer {
  std::string name;
  std::vector<std::string> args;
  bool exit_2_on_write_error = true;  // gate keeps its health status and logs the error
};

std::vector<Writer> Writers(const Scratch& s) {
  const std::string healthy = MachineDir("mi300x-healthy");
  fs::create_directories(s / "reports");
  RunDoctor({"check", "--sysroot", healthy, "--format", "json", "-o", s / "reports/a.json"});
  RunDoctor({"check", "--sysroot", MachineDir("pcie-link-degraded"), "--format", "json", "-o",
          s / "reports/b.json"});
  return {
      {"check", {"check", "--sysroot", healthy, "--format", "json", "-o", "{out}"}},
      {"gate", {"gate", "--npd", "--sysroot", healthy, "-o", "{out}"}, false},
      {"bench", {"bench", "--sysroot", MachineDir("mi300x-bench-healthy"), "-o", "{out}"}},
      {"diff", {"diff", s / "reports/a.json", s / "reports/b.json", "-o", "{out}"}},
      {"fleet", {"fleet", "summarize", s / "reports", "-o", "{out}"}},
  };
}

CommandOutcome RunWriter(const Writer& w, const std::string& out) {
  std::vector<std::string> args = w.args;
  for (std::string& a : args) {
    if (a == "{out}") a = out;
  }
  return RunDoctor(args);
}

// Reads a FIFO until its writer closes it (or 60 s): opened non-blocking first, so a doctor
// that never opens the FIFO cannot hang the test.
std::string DrainFifo(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return "<cannot open>";
  std::string got;
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  bool writer_seen = false;
  while (std::chrono::steady_clock::now() < end) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 100) <= 0) continue;
    char buffer[65536];
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n > 0) {
      got.append(buffer, static_cast<std::size_t>(n));
      writer_seen = true;
    } else if (n == 0 && (writer_seen || (p.revents & POLLHUP))) {
      break;
    }
  }
  ::close(fd);
  return got;
}

TEST(OutputSafety, ADirectoryIsAnErrorAndStaysEmpty) {
  Scratch s;
  for (const Writer& w : Writers(s)) {
    fs::create_directories(s / ("dir-" + w.name));
    const CommandOutcome out = RunWriter(w, s / ("dir-" + w.name));
    if (w.exit_2_on_write_error) EXPECT_EQ(out.exit_code, 2) << w.name;
    EXPECT_NE(out.err.find("is a directory"), std::string::npos) << w.name << ": " << out.err;
    EXPECT_TRUE(fs::is_empty(s / ("dir-" + w.name))) << w.name;
  }
}

TEST(OutputSafety, AFifoIsWrittenThroughNotReplaced) {
  Scratch s;
  for (const Writer& w : Writers(s)) {
    const std::string fifo = s / ("fifo-" + w.name);
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    std::string got;
    std::thread reader([&] { got = DrainFifo(fifo); });
    const CommandOutcome out = RunWriter(w, fifo);
    reader.join();
    EXPECT_NE(out.exit_code, 2) << w.name << ": " << out.err;
    EXPECT_FALSE(got.empty()) << w.name << " wrote nothing into the FIFO";
    EXPECT_EQ(TypeAt(fifo), static_cast<mode_t>(S_IFIFO)) << w.name;
  }
}

// Our own /dev/null (1:3) and /dev/full (1:7): a regression replaces these, not the host's.
TEST(OutputSafety, DevicesAreWrittenThroughAndAFullDeviceIsAnError) {
  if (::geteuid() != 0) GTEST_SKIP() << "mknod needs root";
  Scratch s;
  for (const Writer& w : Writers(s)) {
    const std::string null = s / ("null-" + w.name);
    const std::string full = s / ("full-" + w.name);
    ASSERT_EQ(::mknod(null.c_str(), S_IFCHR | 0666, ::makedev(1, 3)), 0);
    ASSERT_EQ(::mknod(full.c_str(), S_IFCHR | 0666, ::makedev(1, 7)), 0);
    const CommandOutcome to_null = RunWriter(w, null);
    EXPECT_NE(to_null.exit_code, 2) << w.name << ": " << to_null.err;
    EXPECT_EQ(TypeAt(null), static_cast<mode_t>(S_IFCHR)) << w.name;
    const CommandOutcome to_full = RunWriter(w, full);
    if (w.exit_2_on_write_error) EXPECT_EQ(to_full.exit_code, 2) << w.name;
    EXPECT_NE(to_full.err.find("No space left on device"), std::string::npos)
        << w.name << ": " << to_full.err;
    EXPECT_EQ(TypeAt(full), static_cast<mode_t>(S_IFCHR)) << w.name;
  }
}

// Another user's link in a shared directory: root must not write through it.
TEST(OutputSafety, AnotherUsersSymlinkIsNotFollowed) {
  if (::geteuid() != 0) GTEST_SKIP() << "lchown needs root";
  Scratch s;
  std::ofstream(s / "victim") << "precious";
  for (const Writer& w : Writers(s)) {
    const std::string link = s / ("planted-" + w.name);
    ASSERT_EQ(::symlink((s / "victim").c_str(), link.c_str()), 0);
    ASSERT_EQ(::lchown(link.c_str(), 65534, 65534), 0);
    const CommandOutcome out = RunWriter(w, link);
    if (w.exit_2_on_write_error) EXPECT_EQ(out.exit_code, 2) << w.name;
    EXPECT_NE(out.err.find("not followed"), std::string::npos) << w.name << ": " << out.err;
    EXPECT_EQ(Slurp(s / "victim"), "precious") << w.name;
    EXPECT_EQ(TypeAt(link), static_cast<mode_t>(S_IFLNK)) << w.name;
  }
}

// Issue 13, item 4: every error message that quotes a path, an argument or a probe's words goes
// through the printable stderr (src/cli/printable_stderr.h). Before it, a --policy path holding
// an OSC 52 clipboard write reached the terminal raw in "cannot read <path>".
TEST(OutputSafety, ErrorMessagesCarryNoEscapeSequences) {
  Scratch s;
  const std::string evil = s / ("x\x1b]52;c;Y3VybCBldmlsfHNo\x07\x1b[2J\x1b[8mhidden"
                                "\xc2\x9b" "31m\u202e");
  const std::string healthy = MachineDir("mi300x-healthy");
  const std::vector<std::vector<std::string>> runs = {
      {"check", "--sysroot", healthy, "--policy", evil},
      {"check", "--sysroot", healthy, "--thresholds", evil},
      {"check", "--sysroot", evil},
      {"check", "--sysroot", healthy, "-o", evil + "/r.json"},
      {"check", "--sysroot", healthy, "--only", evil},
      {"diff", evil, evil},
      {"fleet", "summarize", evil},
      {"gate", "--npd", "--sysroot", evil},
      {"explain", evil},
      {"bench", "--sysroot", evil},
  };
  for (const auto& args : runs) {
    const CommandOutcome out = RunDoctor(args);
    const std::string what = args[0] + " " + args[args.size() - 2];
    EXPECT_NE(out.exit_code, 0) << what;
    EXPECT_FALSE(out.err.empty()) << what;
    EXPECT_EQ(out.err.find('\x1b'), std::string::npos) << what << ": " << out.err;
    EXPECT_EQ(out.err.find('\x07'), std::string::npos) << what << ": " << out.err;
    EXPECT_EQ(out.err.find("\xc2\x9b"), std::string::npos) << what << ": " << out.err;
    EXPECT_EQ(out.err.find("\u202e"), std::string::npos) << what << ": " << out.err;
  }
}

}  // namespace
}  // namespace rocm_doctor
