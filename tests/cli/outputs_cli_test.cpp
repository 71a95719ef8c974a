// SPDX-License-Identifier: MIT
// Whole-binary tests of the outputs of one run: --format, a plain -o FILE, any number of
// -o FORMAT=FILE, their errors, and --redact on every format.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "system/command_runner.h"

namespace rocm_doctor {
namespace {

namespace fs = std::filesystem;

CommandOutcome Doctor(std::vector<std::string> args) {
  CommandSpec spec;
  spec.name = "rocm-doctor";
  spec.argv = {ROCMDOC_BINARY};
  spec.argv.insert(spec.argv.end(), args.begin(), args.end());
  spec.timeout = std::chrono::seconds(60);
  CommandOutcome out = RunCommand(spec);
  EXPECT_EQ(out.state, CommandOutcome::State::kExited) << out.error;
  return out;
}

std::string Read(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string Machine(const std::string& name) {
  return std::string(ROCMDOC_SOURCE_DIR) + "/tests/machines/" + name;
}

// A temporary directory removed at the end of the test.
class TempDir {
 public:
  TempDir()
      : path_(fs::path(::testing::TempDir()) /
              ("rocmdoc-outputs-" + std::to_string(getpid()) + "-" + std::to_string(counter_++))) {
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  const fs::path& path() const { return path_; }
  std::string operator/(const std::string& name) const { return (path_ / name).string(); }

 private:
  static inline int counter_ = 0;
  fs::path path_;
};

TEST(Outputs, OneRunWritesEveryFormatAtOnce) {
  TempDir dir;
  CommandOutcome out =
      Doctor({"check", "--sysroot", Machine("pcie-link-degraded"), "--format", "json", "-o",
              "junit=" + (dir / "r.xml"), "-o", "prometheus=" + (dir / "r.prom"), "-o",
              "markdown=" + (dir / "r.md"), "--output", "terminal=" + (dir / "r.txt")});
  EXPECT_EQ(out.exit_code, 0) << out.err;
  auto report = nlohmann::json::parse(out.out, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << out.out.substr(0, 200);
  EXPECT_EQ(Read(dir.path() / "r.xml")
                .rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites", 0),
            0u);
  EXPECT_NE(Read(dir.path() / "r.prom").find("rocm_doctor_verdict{verdict=\"warn\"} 1\n"),
            std::string::npos);
  EXPECT_EQ(Read(dir.path() / "r.md").rfind("## rocm-doctor: ", 0), 0u);
  std::string text = Read(dir.path() / "r.txt");
  EXPECT_NE(text.find("Root cause  hardware.pcie.link_degraded"), std::string::npos) << text;
  EXPECT_EQ(text.find('\033'), std::string::npos) << "no colour in a file";
  // Written through a temporary file and rename(): nothing else is left in the directory.
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.path())) ++files;
  EXPECT_EQ(files, 4u);
}

TEST(Outputs, APlainFileTakesTheFormatOutputAndStdoutStaysQuiet) {
  TempDir dir;
  CommandOutcome out = Doctor({"check", "--sysroot", Machine("pcie-link-degraded"), "--format",
                               "prometheus", "-o", dir / "only.prom"});
  EXPECT_TRUE(out.out.empty()) << out.out.substr(0, 200);
  EXPECT_NE(Read(dir.path() / "only.prom").find("# TYPE rocm_doctor_check_status gauge"),
            std::string::npos);
  CommandOutcome stdout_junit =
      Doctor({"check", "--sysroot", Machine("pcie-link-degraded"), "--format", "junit"});
  EXPECT_NE(stdout_junit.out.find("<testcase name=\"hardware.pcie_link [0000:03:00.0]\""),
            std::string::npos);
}

TEST(Outputs, BadOutputListsAreUsageErrors) {
  TempDir dir;
  CommandOutcome two = Doctor({"check", "--format", "json", "-o", dir / "a", "-o", dir / "b"});
  EXPECT_EQ(two.exit_code, 2);
  EXPECT_NE(two.err.find("only one plain FILE"), std::string::npos) << two.err;
  EXPECT_EQ(nlohmann::json::parse(two.out, nullptr, false)["exit_code"], 2) << "JSON stays JSON";
  CommandOutcome empty = Doctor({"check", "-o", "junit="});
  EXPECT_EQ(empty.exit_code, 2);
  EXPECT_NE(empty.err.find("-o junit=: no file name"), std::string::npos) << empty.err;
  CommandOutcome twice =
      Doctor({"check", "-o", "junit=" + (dir / "x"), "-o", "json=" + (dir / "x")});
  EXPECT_EQ(twice.exit_code, 2);
  EXPECT_NE(twice.err.find("is named twice"), std::string::npos) << twice.err;
  CommandOutcome format = Doctor({"check", "--format", "xml"});
  EXPECT_EQ(format.exit_code, 2);
}

TEST(Outputs, AnUnwritableFileIsAnErrorAndTheOtherOutputsAreStillWritten) {
  TempDir dir;
  CommandOutcome out = Doctor({"check", "--sysroot", Machine("pcie-link-degraded"), "-o",
                               "junit=/nonexistent/dir/r.xml", "-o", "json=" + (dir / "r.json")});
  EXPECT_EQ(out.exit_code, 2);
  EXPECT_NE(out.err.find("/nonexistent/dir/r.xml"), std::string::npos) << out.err;
  EXPECT_NE(out.out.find("Root cause"), std::string::npos) << "the terminal report still printed";
  EXPECT_FALSE(nlohmann::json::parse(Read(dir.path() / "r.json"), nullptr, false).is_discarded());
}

TEST(Outputs, RedactRemovesTheHostnameAndUserFromEveryFormat) {
  // wsl2 with a hostname: the doctor reads /proc/sys/kernel/hostname.
  TempDir dir;
  fs::path machine = dir.path() / "machine";
  fs::copy(Machine("wsl2"), machine, fs::copy_options::recursive | fs::copy_options::copy_symlinks);
  fs::create_directories(machine / "proc/sys/kernel");
  std::ofstream(machine / "proc/sys/kernel/hostname") << "gpunode17.corp.example\n";

  auto run = [&](bool redact) {
    std::vector<std::string> args{"check", "--sysroot", machine.string(), "--format", "json", "-v"};
    for (const char* f : {"junit", "prometheus", "markdown", "terminal"}) {
      args.push_back("-o");
      args.push_back(std::string(f) + "=" + (dir / (std::string("out.") + f)));
    }
    if (redact) args.push_back("--redact");
    CommandOutcome out = Doctor(args);
    std::string all = out.out;
    for (const char* f : {"junit", "prometheus", "markdown", "terminal"}) {
      all += Read(dir.path() / (std::string("out.") + f));
    }
    return std::pair{out, all};
  };
  auto [plain, plain_text] = run(false);
  ASSERT_NE(plain_text.find("gpunode17"), std::string::npos) << "the test needs the name to show";
  ASSERT_NE(plain_text.find("alice"), std::string::npos);

  auto [redacted, text] = run(true);
  EXPECT_EQ(redacted.exit_code, plain.exit_code);
  EXPECT_EQ(text.find("gpunode17"), std::string::npos);
  EXPECT_EQ(text.find("alice"), std::string::npos);
  auto report = nlohmann::json::parse(redacted.out);
  ASSERT_TRUE(report.contains("redacted"));
  std::set<std::string> kinds;
  for (const auto& r : report["redacted"]) kinds.insert(r["kind"]);
  EXPECT_TRUE(kinds.count("hostname")) << report["redacted"].dump();
  EXPECT_TRUE(kinds.count("user name")) << report["redacted"].dump();
  EXPECT_NE(Read(dir.path() / "out.terminal").find("redacted: "), std::string::npos);
  EXPECT_NE(Read(dir.path() / "out.markdown").find("Redacted: "), std::string::npos);
}

}  // namespace
}  // namespace rocm_doctor
