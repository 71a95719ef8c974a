// SPDX-License-Identifier: MIT
// rocm-doctor man (hidden): prints the man page, rocm-doctor(1), from the command line that
// AddCommands built. The build runs it (packaging/cli_files.cmake) and installs the result.
#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/cli_model.h"
#include "cli/command_table.h"
#include "cli/man_page.h"
#include "rocm_doctor/exit_code.h"

namespace rocm_doctor::cli {

CommandRun SetupManCommand(CLI::App& cmd) {
  const CLI::App* program = cmd.get_parent();
  return [program] {
    // The configured install locations (src/cli/CMakeLists.txt), named in FILES.
    const ManPagePaths paths{.helper = ROCMDOC_HELPER_PATH, .doc_dir = ROCMDOC_DOCDIR};
    std::cout << ManPage(ReadCommandLine(*program), ProgramExitCodes(), paths);
    return ToInt(ExitCode::kOk);
  };
}

}  // namespace rocm_doctor::cli
