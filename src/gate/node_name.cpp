// SPDX-License-Identifier: MIT
#include "gate/node_name.h"

#include "gate/slurm_plan.h"
#include "report/text_escape.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor::gate {
namespace {

Result<NodeName> Checked(std::string name, std::string source) {
  if (!IsPlainNodeName(name)) {
    // The name is an argument, an environment value or a file's: shown printable.
    return Error{source + " gives node name '" + report_text::Printable(name) +
                 "': not one plain Slurm node name (letters, digits, '.', '_', '-'; no hostlist "
                 "expression); pass --node NAME"};
  }
  return NodeName{std::move(name), std::move(source)};
}

}  // namespace

Result<NodeName> ResolveNodeName(const std::optional<std::string>& flag, const SystemView& host) {
  if (flag) return Checked(*flag, "--node");
  if (auto env = host.GetEnv("SLURMD_NODENAME"); env && !env->empty()) {
    return Checked(*env, "SLURMD_NODENAME");
  }
  const std::string source(paths::kHostname);
  FileContent file = host.ReadFile(paths::kHostname, 4096);
  if (!file.ok()) return Error{"cannot read " + source + ": " + file.error + "; pass --node NAME"};
  std::string name = file.data.substr(0, file.data.find_first_of(".\n\r \t"));
  if (name.empty()) return Error{source + " is empty; pass --node NAME"};
  return Checked(std::move(name), source);
}

}  // namespace rocm_doctor::gate
