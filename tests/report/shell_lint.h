// SPDX-License-Identifier: MIT
#pragma once
// Judges fix commands as a user pasting them would meet them: `bash -n` (does bash parse it) and
// `shellcheck -S error -s bash` (Debian's shellcheck: errors only, e.g. a redirection with no
// target, an unclosed quote, `[` without `]`). Each command is one file, so a failure names the
// command; shellcheck runs once for all of them (it starts slowly).
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "system/command_runner.h"
#include "unit/system/temp_tree.h"

namespace rocm_doctor::testing {

// One command to judge and where it was printed ("vm-no-gpu terminal", "catalog hardware.x").
struct PastedCommand {
  std::string text;
  std::string origin;
};

struct LintFailure {
  PastedCommand command;
  std::string tool;     // "bash -n" or "shellcheck"
  std::string message;  // what the tool said
};

inline bool HaveShellcheck() {
  CommandSpec spec;
  spec.name = "shellcheck --version";
  spec.argv = {"/usr/bin/env", "shellcheck", "--version"};
  spec.timeout = std::chrono::seconds(30);
  const CommandOutcome out = RunCommand(spec);
  return out.state == CommandOutcome::State::kExited && out.exit_code == 0;
}

// Distinct texts only: the same command printed by several machines is judged once (the first
// origin is kept for the message).
inline std::vector<PastedCommand> Distinct(const std::vector<PastedCommand>& commands) {
  std::set<std::string> seen;
  std::vector<PastedCommand> out;
  for (const PastedCommand& c : commands) {
    if (seen.insert(c.text).second) out.push_back(c);
  }
  return out;
}

// Every command that bash -n rejects, and, when `shellcheck` is set, every one with a shellcheck
// error.
inline std::vector<LintFailure> LintCommands(const std::vector<PastedCommand>& commands,
                                             bool shellcheck) {
  TempTree tree;
  std::vector<LintFailure> failures;
  std::map<std::string, std::size_t> index_of;  // file -> command
  std::vector<std::string> files;
  for (std::size_t i = 0; i < commands.size(); ++i) {
    const std::string file = tree.At("fix" + std::to_string(i) + ".sh");
    std::ofstream(file, std::ios::binary) << commands[i].text << '\n';
    index_of[file] = i;
    files.push_back(file);
    CommandSpec parse;
    parse.name = "bash -n";
    parse.argv = {"/bin/bash", "--norc", "-n", file};
    parse.timeout = std::chrono::seconds(30);
    const CommandOutcome out = RunCommand(parse);
    if (out.state != CommandOutcome::State::kExited || out.exit_code != 0) {
      failures.push_back({commands[i], "bash -n", out.err + out.error});
    }
  }
  if (!shellcheck || files.empty()) return failures;
  CommandSpec lint;
  lint.name = "shellcheck";
  lint.argv = {"/usr/bin/env", "shellcheck", "-S", "error", "-s", "bash", "-f", "gcc"};
  lint.argv.insert(lint.argv.end(), files.begin(), files.end());
  lint.timeout = std::chrono::seconds(300);
  lint.max_output = 16 << 20;
  const CommandOutcome out = RunCommand(lint);
  // gcc format: "<file>:<line>:<col>: error: <message> [SCnnnn]", one line per problem.
  std::istringstream lines(out.out);
  for (std::string line; std::getline(lines, line);) {
    const std::size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    auto it = index_of.find(line.substr(0, colon));
    if (it == index_of.end()) continue;
    failures.push_back({commands[it->second], "shellcheck", line.substr(colon + 1)});
  }
  if (out.state != CommandOutcome::State::kExited || (out.exit_code != 0 && failures.empty())) {
    failures.push_back({{"", "shellcheck itself"}, "shellcheck",
                        "did not run cleanly: " + out.error + out.err.substr(0, 2000)});
  }
  return failures;
}

inline std::string Describe(const std::vector<LintFailure>& failures) {
  std::string text;
  for (const LintFailure& f : failures) {
    text += "\n[" + f.command.origin + "] " + f.command.text + "\n    " + f.tool + ": " +
            f.message;
  }
  return text;
}

}  // namespace rocm_doctor::testing
