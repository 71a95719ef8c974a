// SPDX-License-Identifier: MIT
// rocm-doctor probe-smi LIB... (hidden): loads the first library that dlopen()s, asks rocm-smi-lib
// what it sees and prints the JSON of src/collect/rocm_smi/rocm_smi_json.h. The doctor runs it as a child
// through the command runner (probe "rocm-smi"), so an rsmi_init that hangs or crashes kills the
// child, never the doctor (architecture rule 1).
#include <CLI/CLI.hpp>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "cli/command_table.h"
#include "cli/commands.h"
#include "collect/rocm_smi/rocm_smi_json.h"
#include "collect/rocm_smi/rocm_smi_probe.h"
#include "hip/json_stdout.h"

namespace rocm_doctor::cli {

int RunProbeSmiCommand(const std::vector<std::string>& libraries) {
  // rocm-smi-lib logs to the standard streams ("Exception caught: rsmi_init."); only the JSON
  // may reach the doctor's stdout.
  const int json_fd = hip_helper::DetachStdoutForJson();
  std::optional<DynamicLibrary> loaded;
  const RocmSmiReport report = rocm_smi::Probe(libraries, loaded);
  const bool written = hip_helper::WriteAll(json_fd, rocm_smi::ReportJson(report) + "\n");
  // The answer is out. Leave without running the library's static destructors (as probe-load
  // does): a crash in them would turn a good answer into a "crashed" verdict.
  std::_Exit(written ? 0 : 1);
}

CommandRun SetupProbeSmiCommand(CLI::App& cmd) {
  auto libraries = std::make_shared<std::vector<std::string>>();
  cmd.add_option("libraries", *libraries, "Library paths, in order")->required();
  return [libraries] { return RunProbeSmiCommand(*libraries); };
}

}  // namespace rocm_doctor::cli
