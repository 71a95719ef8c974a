// SPDX-License-Identifier: MIT
// rocm-doctor probe-load LIB... (hidden): dlopen()s each library in this process and prints
// what happened as JSON (src/collect/rocm/rocm_probe_load_parse.h). The doctor runs it as a child
// through the command runner, so a library whose constructors crash or hang kills the child,
// never the doctor (architecture rule 1).
#include <CLI/CLI.hpp>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "cli/command_table.h"
#include "cli/commands.h"
#include "collect/rocm/rocm_probe_load_parse.h"
#include "system/dynamic_library.h"

namespace rocm_doctor::cli {

int RunProbeLoadCommand(const std::vector<std::string>& libraries) {
  std::vector<rocm_parse::LoadResult> results;
  // The handles stay open until the JSON is out: closing one could run its destructors first.
  std::vector<DynamicLibrary> open;
  for (const std::string& library : libraries) {
    Result<DynamicLibrary> lib = DynamicLibrary::Open(library);
    rocm_parse::LoadResult result{.library = library, .loaded = lib.ok(), .error = {}};
    if (lib.ok()) {
      open.push_back(std::move(lib).value());
    } else {
      result.error = lib.error();
    }
    results.push_back(std::move(result));
  }
  std::cout << rocm_parse::ProbeLoadJson(results) << '\n' << std::flush;
  // The answer is out. Leave without running the libraries' static destructors: some HIP
  // releases crash in them at exit, which would turn a good load into a "crashed" verdict.
  std::_Exit(0);
}

CommandRun SetupProbeLoadCommand(CLI::App& cmd) {
  auto libraries = std::make_shared<std::vector<std::string>>();
  cmd.add_option("libraries", *libraries, "Library paths")->required();
  return [libraries] { return RunProbeLoadCommand(*libraries); };
}

}  // namespace rocm_doctor::cli
