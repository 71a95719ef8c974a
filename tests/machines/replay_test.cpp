// SPDX-License-Identifier: MIT
// Whole-pipeline replay: runs the real rocm-doctor binary on every machine directory under
// tests/machines/ and compares its JSON report with the machine's EXPECT file.
//
// EXPECT lines (one per line, '#' starts a comment):
//   exit N                 the process exit status
//   root_cause CODE        root_causes[].code, in this order (none listed: no root cause)
//   check ID STATUS        checks[] entry ID has this status
//   finding CODE [STATUS]  some check in checks[] has a finding CODE (with that status)
//   expect-gpus N          pass --expect-gpus N
//   level LEVEL            pass --level LEVEL (standard|extended|stress: the benchmark checks
//                          run too, on the recorded hip-bench probes)
//   only CHECK             pass --only CHECK (repeatable): only those checks run; a prerequisite
//                          not named is not run (e.g. the per-GPU benchmark families stay out of
//                          a machine that records only the collective run)
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "support/golden.h"
#include <nlohmann/json.hpp>

namespace rocm_doctor {
namespace {

namespace fs = std::filesystem;

constexpr std::chrono::seconds kRunDeadline{60};

struct Expectation {
  std::optional<int> exit_code;
  std::vector<std::string> root_causes;
  std::vector<std::pair<std::string, std::string>> checks;  // id, status
  std::vector<std::pair<std::string, std::string>> findings;  // code, status ("" = any)
  std::optional<int> expect_gpus;
  std::optional<std::string> level;
  std::vector<std::string> only;  // check ids, in order
  std::vector<std::string> errors;  // malformed lines
};

Expectation ParseExpect(const std::string& text) {
  Expectation e;
  std::istringstream in(text);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream words(line);
    std::string key, a, b, extra;
    if (!(words >> key)) continue;
    words >> a >> b >> extra;
    auto bad = [&] { e.errors.push_back("line " + std::to_string(number) + ": " + line); };
    auto to_int = [](const std::string& s) -> std::optional<int> {
      if (s.empty() || s.size() > 6 ||
          !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        return std::nullopt;
      }
      return std::stoi(s);
    };
    if (key == "exit" && to_int(a) && b.empty()) {
      e.exit_code = to_int(a);
    } else if (key == "expect-gpus" && to_int(a) && b.empty()) {
      e.expect_gpus = to_int(a);
    } else if (key == "level" &&
               (a == "basic" || a == "standard" || a == "extended" || a == "stress") &&
               b.empty()) {
      e.level = a;
    } else if (key == "only" && !a.empty() && b.empty()) {
      e.only.push_back(a);
    } else if (key == "root_cause" && !a.empty() && b.empty()) {
      e.root_causes.push_back(a);
    } else if (key == "check" && !a.empty() && !b.empty() && extra.empty()) {
      e.checks.emplace_back(a, b);
    } else if (key == "finding" && !a.empty() && extra.empty()) {
      e.findings.emplace_back(a, b);
    } else {
      bad();
    }
  }
  return e;
}

struct RunResult {
  bool started = false;
  bool timed_out = false;
  int exit_code = -1;  // -1 when killed by a signal
  std::string out;
  std::string err;
  std::string error;  // why it could not run
};

// fork + execv of a fixed argv: nothing reaches a shell. Both pipes are drained with poll until
// EOF before waitpid, so a large report cannot deadlock the child.
RunResult RunDoctor(const std::vector<std::string>& args) {
  RunResult result;
  int out_pipe[2];
  int err_pipe[2];
  if (pipe2(out_pipe, O_CLOEXEC) != 0) {
    result.error = std::string("pipe: ") + std::strerror(errno);
    return result;
  }
  if (pipe2(err_pipe, O_CLOEXEC) != 0) {
    result.error = std::string("pipe: ") + std::strerror(errno);
    close(out_pipe[0]);
    close(out_pipe[1]);
    return result;
  }
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);

  pid_t pid = fork();
  if (pid < 0) {
    result.error = std::string("fork: ") + std::strerror(errno);
    for (int fd : {out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]}) close(fd);
    return result;
  }
  if (pid == 0) {
    setpgid(0, 0);
    int devnull = open("/dev/null", O_RDONLY);
    if (devnull >= 0) dup2(devnull, STDIN_FILENO);
    dup2(out_pipe[1], STDOUT_FILENO);
    dup2(err_pipe[1], STDERR_FILENO);
    execv(argv[0], argv.data());
    _exit(127);
  }
  result.started = true;
  close(out_pipe[1]);
  close(err_pipe[1]);

  const auto deadline = std::chrono::steady_clock::now() + kRunDeadline;
  pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
  std::string* sinks[2] = {&result.out, &result.err};
  int open_fds = 2;
  char buffer[65536];
  while (open_fds > 0) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      result.timed_out = true;
      kill(-pid, SIGKILL);
      kill(pid, SIGKILL);
      break;
    }
    int ready = poll(fds, 2, static_cast<int>(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) break;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0) continue;
      ssize_t n = read(fds[i].fd, buffer, sizeof buffer);
      if (n > 0) {
        sinks[i]->append(buffer, static_cast<std::size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        close(fds[i].fd);
        fds[i].fd = -1;
        --open_fds;
      }
    }
  }
  for (pollfd& p : fds) {
    if (p.fd >= 0) close(p.fd);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  return result;
}

std::string ReadText(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> FindMachines() {
  std::vector<std::string> names;
  std::error_code ec;
  const fs::path root = fs::path(ROCMDOC_SOURCE_DIR) / "tests" / "machines";
  for (const fs::directory_entry& entry : fs::directory_iterator(root, ec)) {
    if (entry.is_directory(ec) && fs::is_regular_file(entry.path() / "EXPECT", ec)) {
      names.push_back(entry.path().filename().string());
    }
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::string Join(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : ", ") + s;
  return "[" + out + "]";
}

// The report with what changes from run to run taken out (timings, the checkout's path), so
// the whole report can be compared with tests/golden/machines/<name>.json.
std::string Normalized(nlohmann::json report) {
  report.erase("duration_ms");
  report.erase("started_at");
  if (report.contains("checks") && report["checks"].is_array()) {
    for (nlohmann::json& c : report["checks"]) c.erase("duration_ms");
  }
  std::string text = report.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  const std::string source_dir = ROCMDOC_SOURCE_DIR;
  for (std::size_t pos = text.find(source_dir); pos != std::string::npos;
       pos = text.find(source_dir, pos)) {
    text.replace(pos, source_dir.size(), "<source>");
  }
  return text;
}

class ReplayTest : public ::testing::TestWithParam<std::string> {};

TEST_P(ReplayTest, ReportMatchesExpect) {
  const fs::path dir = fs::path(ROCMDOC_SOURCE_DIR) / "tests" / "machines" / GetParam();
  const Expectation expect = ParseExpect(ReadText(dir / "EXPECT"));
  ASSERT_TRUE(expect.errors.empty()) << "malformed EXPECT: " << Join(expect.errors);
  ASSERT_TRUE(expect.exit_code.has_value()) << "EXPECT has no `exit N` line";

  std::vector<std::string> args = {ROCMDOC_BINARY, "check", "--sysroot", dir.string(),
                                   "--format", "json"};
  if (expect.expect_gpus) {
    args.push_back("--expect-gpus");
    args.push_back(std::to_string(*expect.expect_gpus));
  }
  if (expect.level) {
    args.push_back("--level");
    args.push_back(*expect.level);
  }
  for (const std::string& id : expect.only) {
    args.push_back("--only");
    args.push_back(id);
  }
  const RunResult run = RunDoctor(args);
  ASSERT_TRUE(run.started) << run.error;
  ASSERT_FALSE(run.timed_out) << "rocm-doctor did not finish within " << kRunDeadline.count()
                              << " s";
  const std::string context = "\n--- stderr ---\n" + run.err.substr(0, 4000) +
                              "\n--- stdout ---\n" + run.out.substr(0, 8000);

  const nlohmann::json report = nlohmann::json::parse(run.out, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << "stdout is not JSON" << context;
  ASSERT_TRUE(report.is_object()) << context;

  std::vector<std::string> causes;
  if (report.contains("root_causes") && report["root_causes"].is_array()) {
    for (const nlohmann::json& c : report["root_causes"]) {
      causes.push_back(c.contains("code") && c["code"].is_string()
                           ? c["code"].get<std::string>()
                           : std::string("<no code>"));
    }
  }
  std::vector<std::string> failing;  // "id=status" of every non-pass check, for the message
  if (report.contains("checks") && report["checks"].is_array()) {
    for (const nlohmann::json& c : report["checks"]) {
      if (c.value("status", "") != "pass") {
        failing.push_back(c.value("id", "?") + "=" + c.value("status", "?"));
      }
    }
  }
  const std::string summary = "\nroot causes: " + Join(causes) + "\nnon-pass checks: " +
                              Join(failing);

  EXPECT_EQ(run.exit_code, *expect.exit_code) << summary << context;
  if (report.contains("exit_code") && report["exit_code"].is_number_integer()) {
    EXPECT_EQ(report["exit_code"].get<int>(), run.exit_code) << "report's exit_code differs";
  } else {
    ADD_FAILURE() << "report has no integer exit_code";
  }
  EXPECT_EQ(causes, expect.root_causes) << summary;
  // The whole report, evidence and messages included, against its golden copy
  // (ROCMDOC_UPDATE_GOLDEN=1 rewrites them; review the diff before committing).
  EXPECT_EQ(rocm_doctor::testing::CompareWithGolden("machines/" + GetParam() + ".json",
                                                    Normalized(report)),
            "");

  for (const auto& [id, status] : expect.checks) {
    const nlohmann::json* found = nullptr;
    if (report.contains("checks") && report["checks"].is_array()) {
      for (const nlohmann::json& c : report["checks"]) {
        if (c.value("id", "") == id) found = &c;
      }
    }
    if (found == nullptr) {
      ADD_FAILURE() << "check " << id << " is not in the report" << summary;
      continue;
    }
    EXPECT_EQ(found->value("status", ""), status) << "check " << id << summary;
  }

  for (const auto& [code, status] : expect.findings) {
    std::vector<std::string> seen;  // statuses of the findings with this code
    if (report.contains("checks") && report["checks"].is_array()) {
      for (const nlohmann::json& c : report["checks"]) {
        if (!c.contains("findings") || !c["findings"].is_array()) continue;
        for (const nlohmann::json& f : c["findings"]) {
          if (f.value("code", "") == code) seen.push_back(f.value("status", ""));
        }
      }
    }
    EXPECT_FALSE(seen.empty()) << "no finding " << code << " in the report" << summary;
    if (!status.empty() && !seen.empty()) {
      EXPECT_NE(std::find(seen.begin(), seen.end(), status), seen.end())
          << "finding " << code << " has status " << Join(seen) << ", expected " << status;
    }
  }
}

std::string MachineTestName(const ::testing::TestParamInfo<std::string>& info) {
  std::string name = info.param;
  for (char& c : name) {
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))) c = '_';
  }
  return name;
}

// A fresh clone must replay the same machine: git keeps no empty directory, so one that only
// exists in the working tree changes the report there and nowhere else. The exception is a
// directory whose listing machine.json's errors.list replaces (its content is never read).
TEST_P(ReplayTest, HoldsNoEmptyDirectory) {
  const fs::path dir = fs::path(ROCMDOC_SOURCE_DIR) / "tests" / "machines" / GetParam();
  nlohmann::json meta = nlohmann::json::parse(ReadText(dir / ".rocm-doctor" / "machine.json"),
                                              nullptr, false);
  const nlohmann::json listed =
      meta.is_object() && meta.contains("errors") && meta["errors"].is_object()
          ? meta["errors"].value("list", nlohmann::json::object())
          : nlohmann::json::object();
  std::vector<std::string> empty;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::end(it);
       it.increment(ec)) {
    if (it->is_symlink(ec) || !it->is_directory(ec) || !fs::is_empty(it->path(), ec)) continue;
    const std::string inside = "/" + fs::relative(it->path(), dir).generic_string();
    if (!listed.contains(inside)) empty.push_back(inside);
  }
  EXPECT_TRUE(empty.empty()) << "empty directories (a fresh clone lacks them): " << Join(empty);
}

INSTANTIATE_TEST_SUITE_P(Machines, ReplayTest, ::testing::ValuesIn(FindMachines()),
                         MachineTestName);

TEST(ReplayMachines, DirectoryHoldsMachines) {
  EXPECT_GE(FindMachines().size(), 20u) << "tests/machines lost its machine directories";
}

TEST(ReplayExpect, ParsesEveryLineKind) {
  const Expectation e = ParseExpect(
      "# comment\nexit 1\nexpect-gpus 8\nroot_cause a.b.c\nroot_cause d.e.f  # why\n"
      "check hardware.gpus fail\nfinding x.y info\nfinding z.w\nlevel standard\n"
      "only bench.collective\nonly hardware.xgmi_links  # and its evidence\n\n");
  EXPECT_TRUE(e.errors.empty()) << Join(e.errors);
  EXPECT_EQ(e.exit_code, 1);
  EXPECT_EQ(e.expect_gpus, 8);
  EXPECT_EQ(e.level, "standard");
  EXPECT_EQ(e.root_causes, (std::vector<std::string>{"a.b.c", "d.e.f"}));
  ASSERT_EQ(e.checks.size(), 1u);
  EXPECT_EQ(e.checks[0].first, "hardware.gpus");
  EXPECT_EQ(e.checks[0].second, "fail");
  ASSERT_EQ(e.findings.size(), 2u);
  EXPECT_EQ(e.findings[0], (std::pair<std::string, std::string>{"x.y", "info"}));
  EXPECT_EQ(e.findings[1], (std::pair<std::string, std::string>{"z.w", ""}));
  EXPECT_EQ(e.only, (std::vector<std::string>{"bench.collective", "hardware.xgmi_links"}));
  EXPECT_EQ(ParseExpect("exit 0\nlevel extended\n").level, "extended");
}

TEST(ReplayExpect, RejectsMalformedLines) {
  const char* bad[] = {"exit", "exit one", "exit 1 2", "root_cause", "root_cause a b",
                       "check only_id", "check a b c", "frobnicate 3", "expect-gpus -1",
                       "exit 99999999999", "finding", "finding a b c", "level turbo",
                       "level standard stress", "only", "only bench.collective bench.run"};
  for (const char* line : bad) {
    EXPECT_EQ(ParseExpect(line).errors.size(), 1u) << line;
  }
}

}  // namespace
}  // namespace rocm_doctor
