// SPDX-License-Identifier: MIT
#pragma once
// What main() does around the command table (command_table.h): JSON mode detected before the
// parse, the default command, and the message for arguments that do not parse.
#include <optional>
#include <string>
#include <vector>

namespace CLI {
class App;
class ParseError;
}  // namespace CLI

namespace rocm_doctor::cli {

// JSON mode (--format json, --format=json) prints JSON only, even when the arguments cannot be
// parsed: looked for before the parse.
bool WantsJson(const std::vector<std::string>& args);

// `rocm-doctor` and `rocm-doctor -v ...` mean `rocm-doctor check ...`: inserts "check" unless
// the first argument names a command or is a top-level flag (--help, -h, --version).
void DefaultToCheck(std::vector<std::string>& args);

// "'chek' is not a rocm-doctor command; did you mean 'check'?" when the first argument is a
// word (not an option) that names no command; nullopt otherwise.
std::optional<std::string> UnknownCommand(const std::vector<std::string>& args);

// The usage error for arguments CLI11 refused, pointing at the help of the command they were
// given to ("Run 'rocm-doctor check --help' for usage."); returns the exit status.
int ParseFailed(const CLI::App& app, const CLI::ParseError& error, bool json);

}  // namespace rocm_doctor::cli
