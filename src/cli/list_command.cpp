// SPDX-License-Identifier: MIT
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <iostream>
#include <nlohmann/json.hpp>

#include "rocm_doctor/exit_code.h"
#include "cli/command_table.h"
#include "cli/commands.h"
#include "cli/option_setup.h"
#include "rocm_doctor/check.h"

namespace rocm_doctor::cli {

int RunListCommand(Format format) {
  const auto& checks = CheckRegistry::Instance().All();
  if (format == Format::kJson) {
    nlohmann::json out = nlohmann::json::array();
    for (const RegisteredCheck& c : checks) {
      std::vector<std::string> prereqs(c.info->prerequisites.begin(), c.info->prerequisites.end());
      out.push_back({{"id", c.info->id},
                     {"layer", ToString(c.info->layer)},
                     {"title", c.info->title},
                     {"prerequisites", prereqs},
                     {"deadline_ms", c.info->deadline.count()}});
    }
    std::cout << out.dump(2) << '\n';
    return ToInt(ExitCode::kOk);
  }
  std::size_t width = 0;
  for (const RegisteredCheck& c : checks) width = std::max(width, c.info->id.size());
  Layer current = Layer::kFrameworks;
  bool first = true;
  for (const RegisteredCheck& c : checks) {
    if (first || c.info->layer != current) {
      current = c.info->layer;
      std::cout << (first ? "" : "\n") << LayerTitle(current) << '\n';
      first = false;
    }
    std::string prereqs;
    if (!c.info->prerequisites.empty()) {
      prereqs = fmt::format("  (after {})", fmt::join(c.info->prerequisites, ", "));
    }
    std::cout << fmt::format("  {:<{}}  {}{}\n", c.info->id, width, c.info->title, prereqs);
  }
  return ToInt(ExitCode::kOk);
}

CommandRun SetupListCommand(CLI::App& cmd) {
  auto format = std::make_shared<std::string>("terminal");
  AddFormatOption(cmd, *format, {"terminal", "json"});
  return [format] { return RunListCommand(*format == "json" ? Format::kJson : Format::kTerminal); };
}

}  // namespace rocm_doctor::cli
