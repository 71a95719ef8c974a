// SPDX-License-Identifier: MIT
#pragma once
// bash and zsh completion for rocm-doctor, printed from the command line itself (cli_model.h)
// by the hidden `rocm-doctor completion bash|zsh`; the build writes them and `install` puts
// them where bash-completion and zsh look. A command or option added to the table is completed
// without anyone editing a script.
#include <string>

#include "cli/cli_model.h"

namespace rocm_doctor::cli {

// Sourced by bash (share/bash-completion/completions/rocm-doctor): `complete -F`.
std::string BashCompletion(const CommandModel& program);
// An autoloaded zsh function file (share/zsh/site-functions/_rocm-doctor, #compdef); sourced
// instead, it registers itself with compdef.
std::string ZshCompletion(const CommandModel& program);

}  // namespace rocm_doctor::cli
