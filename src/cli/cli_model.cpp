// SPDX-License-Identifier: MIT
#include "cli/cli_model.h"

#include <CLI/CLI.hpp>

namespace rocm_doctor::cli {
namespace {

// CLI11 describes an IsMember validator as "{a,b,c}" inside the type name
// ("TEXT:{terminal,json}"); a range reads "INT in [0 - 4096]" and has no braces.
std::vector<std::string> Choices(const std::string& type_name) {
  std::vector<std::string> choices;
  const std::size_t open = type_name.find('{');
  const std::size_t close = type_name.find('}', open);
  if (open == std::string::npos || close == std::string::npos) return choices;
  std::string inside = type_name.substr(open + 1, close - open - 1);
  for (std::size_t start = 0; start <= inside.size();) {
    std::size_t comma = inside.find(',', start);
    if (comma == std::string::npos) comma = inside.size();
    if (comma > start) choices.push_back(inside.substr(start, comma - start));
    start = comma + 1;
  }
  return choices;
}

OptionModel ReadOption(const CLI::Option& option) {
  OptionModel model;
  for (const std::string& s : option.get_snames()) model.names.push_back("-" + s);
  for (const std::string& l : option.get_lnames()) model.names.push_back("--" + l);
  if (model.names.empty()) model.positional = option.get_name(/*positional=*/true);
  model.takes_value = option.get_items_expected_max() > 0;
  model.repeatable = option.get_items_expected_max() > 1 || option.get_expected_max() > 1;
  const std::string type_name = option.get_type_name();
  model.value_name = type_name.substr(0, type_name.find(':'));
  model.choices = Choices(type_name);
  model.help = option.get_description();
  return model;
}

CommandModel ReadCommand(const CLI::App& app, std::vector<std::string> path) {
  CommandModel model;
  model.path = std::move(path);
  model.summary = app.get_description();
  if (!model.path.empty()) {
    if (const Command* row = FindCommand(model.path.front()); row != nullptr && model.path.size() == 1) {
      model.exit_codes = row->exit_codes;
    }
  }
  // get_options lists the options in the order they were added (--help first): the order of
  // --help's own listing.
  for (const CLI::Option* option : app.get_options()) {
    if (option->get_group().empty()) continue;  // hidden
    model.options.push_back(ReadOption(*option));
  }
  // An empty group hides a command from --help (command_table.cpp does it for the hidden rows);
  // an option group is an App without a name.
  for (const CLI::App* sub : app.get_subcommands({})) {
    if (sub->get_group().empty() || sub->get_name().empty()) continue;
    std::vector<std::string> sub_path = model.path;
    sub_path.push_back(sub->get_name());
    model.subcommands.push_back(ReadCommand(*sub, std::move(sub_path)));
  }
  return model;
}

}  // namespace

CommandModel ReadCommandLine(const CLI::App& program) { return ReadCommand(program, {}); }

}  // namespace rocm_doctor::cli
