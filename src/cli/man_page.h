// SPDX-License-Identifier: MIT
#pragma once
// The man page rocm-doctor(1), in roff, printed from the command line itself (cli_model.h) by
// the hidden `rocm-doctor man`; the build writes it to build/rocm-doctor.1 and `install` puts
// it in share/man/man1. Nobody edits a man page by hand, so it cannot fall behind --help.
#include <span>
#include <string>
#include <string_view>

#include "cli/cli_model.h"

namespace rocm_doctor::cli {

struct ManPagePaths {
  std::string_view helper;   // where install puts rocm-doctor-hip
  std::string_view doc_dir;  // docs/findings.md and the other installed docs
};

std::string ManPage(const CommandModel& program, std::span<const ExitCodeLine> program_exits,
                    const ManPagePaths& paths);

// `text` safe inside roff: backslashes and hyphens escaped, a line that would start with a
// control character ('.' or '\'') made plain text, non-ASCII as \[uXXXX] so groff needs no
// input encoding, control bytes dropped.
std::string RoffText(std::string_view text);

}  // namespace rocm_doctor::cli
