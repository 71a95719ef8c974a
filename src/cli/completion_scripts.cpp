// SPDX-License-Identifier: MIT
#include "cli/completion_scripts.h"

#include "rocm_doctor/shell_quote.h"

namespace rocm_doctor::cli {
namespace {

// Command, option and choice names go into the scripts unquoted (compgen -W word lists,
// case patterns, zsh option specs), where compgen and _arguments expand them once more: only
// words no shell treats specially anywhere are written; any other is left out, and the
// completion test (every option of --help completed) then fails.
bool Writable(const std::string& word) { return IsShellSafeWord(word); }

std::string Join(const std::vector<std::string>& words, const std::string& separator) {
  std::string out;
  for (const std::string& w : words) {
    if (!Writable(w)) continue;
    out += (out.empty() ? "" : separator) + w;
  }
  return out;
}

// "fleet summarize" -> "_rocm_doctor_fleet_summarize": a function name per command.
std::string FunctionName(const CommandModel& command) {
  std::string name = "_rocm_doctor";
  for (const std::string& word : command.path) {
    name += '_';
    for (char c : word) name += (c == '-' || c == '.') ? '_' : c;
  }
  return name;
}

bool HasPositional(const CommandModel& command) {
  for (const OptionModel& option : command.options) {
    if (option.names.empty()) return true;
  }
  return false;
}

// bash: one case branch per command path ("" for the program, "fleet summarize").
std::string BashBranch(const CommandModel& command) {
  std::string words;
  std::vector<std::string> all;
  for (const CommandModel& sub : command.subcommands) all.push_back(sub.path.back());
  for (const OptionModel& option : command.options) {
    for (const std::string& name : option.names) all.push_back(name);
  }
  std::string value_cases;
  for (const OptionModel& option : command.options) {
    if (option.names.empty() || !option.takes_value) continue;
    const std::string names = Join(option.names, "|");
    if (names.empty()) continue;
    if (!option.choices.empty()) {
      value_cases += "        " + names + ") COMPREPLY=($(compgen -W \"" +
                     Join(option.choices, " ") + "\" -- \"$cur\")); return ;;\n";
    } else if (option.value_name == "TEXT") {  // a path, a file or a directory
      value_cases += "        " + names + ") _rocm_doctor_files; return ;;\n";
    } else {  // a number: nothing to offer
      value_cases += "        " + names + ") return ;;\n";
    }
  }
  std::string path = Join(command.path, " ");
  std::string branch = "    \"" + path + "\")\n";
  if (!value_cases.empty()) branch += "      case \"$prev\" in\n" + value_cases + "      esac\n";
  if (HasPositional(command)) {
    branch += "      if [[ $cur != -* ]]; then _rocm_doctor_files; return; fi\n";
  }
  branch += "      COMPREPLY=($(compgen -W \"" + Join(all, " ") + "\" -- \"$cur\"))\n      ;;\n";
  for (const CommandModel& sub : command.subcommands) branch += BashBranch(sub);
  return branch;
}

// The "parent:word" pairs that step into a command ("":check, fleet:summarize).
void CommandSteps(const CommandModel& command, std::vector<std::string>& steps) {
  for (const CommandModel& sub : command.subcommands) {
    if (!Writable(sub.path.back())) continue;
    steps.push_back("\"" + Join(command.path, " ") + ":" + sub.path.back() + "\"");
    CommandSteps(sub, steps);
  }
}

// zsh: [description] inside a single-quoted _arguments spec. _arguments reads \ ] and : there.
std::string ZshDescription(const std::string& help) {
  std::string first_line = help.substr(0, help.find('\n'));
  std::string escaped;
  for (char c : first_line) {
    if (c == '\\' || c == ']' || c == '[' || c == ':') escaped += '\\';
    escaped += c;
  }
  return ShellQuoteInSingleQuotes(escaped);
}

std::string ZshOptionSpec(const OptionModel& option) {
  std::vector<std::string> names;
  for (const std::string& n : option.names) {
    if (Writable(n)) names.push_back(n);
  }
  if (names.empty()) return "";
  std::string action;
  if (option.takes_value) {
    const std::string message = Writable(option.value_name) ? option.value_name : "value";
    if (!option.choices.empty()) {
      action = ":" + message + ":(" + Join(option.choices, " ") + ")";
    } else if (option.value_name == "TEXT") {
      action = ":" + message + ":_files";
    } else {
      action = ":" + message + ": ";
    }
  }
  const std::string exclusive = names.size() > 1 ? "(" + Join(names, " ") + ")" : "";
  const std::string repeat = option.repeatable ? "*" : "";
  std::string specs;
  for (const std::string& n : names) {
    // --name= takes its value as the next word or after '='; -o+ next word or joined.
    const std::string form = !option.takes_value ? n : n.rfind("--", 0) == 0 ? n + "=" : n + "+";
    specs += "    '" + (repeat.empty() ? exclusive : repeat) + form + "[" +
             ZshDescription(option.help) + "]" + action + "' \\\n";
  }
  return specs;
}

std::string ZshFunction(const CommandModel& command) {
  std::string out = FunctionName(command) + "() {\n";
  if (command.subcommands.empty()) {
    out += "  _arguments -s -S \\\n";
    for (const OptionModel& option : command.options) out += ZshOptionSpec(option);
    if (HasPositional(command)) out += "    '*:argument:_files' \\\n";
    out += "    && return 0\n  return 1\n}\n";
    return out;
  }
  out += "  local curcontext=\"$curcontext\" state line\n  typeset -A opt_args\n"
         "  _arguments -C \\\n";
  for (const OptionModel& option : command.options) out += ZshOptionSpec(option);
  out += "    '1: :->command' \\\n    '*:: :->argument' && return 0\n"
         "  case $state in\n    command)\n      local -a commands\n      commands=(\n";
  for (const CommandModel& sub : command.subcommands) {
    if (!Writable(sub.path.back())) continue;
    out += "        " +
           ShellQuote(sub.path.back() + ":" + sub.summary.substr(0, sub.summary.find('\n'))) +
           "\n";
  }
  out += "      )\n      _describe -t commands 'rocm-doctor command' commands && return 0\n"
         "      ;;\n    argument)\n      case $line[1] in\n";
  for (const CommandModel& sub : command.subcommands) {
    if (!Writable(sub.path.back())) continue;
    out += "        " + sub.path.back() + ") " + FunctionName(sub) + " && return 0 ;;\n";
  }
  out += "      esac\n      ;;\n  esac\n  return 1\n}\n";
  for (const CommandModel& sub : command.subcommands) out += ZshFunction(sub);
  return out;
}

}  // namespace

std::string BashCompletion(const CommandModel& program) {
  std::vector<std::string> steps;
  CommandSteps(program, steps);
  std::string steps_pattern;
  for (const std::string& s : steps) steps_pattern += (steps_pattern.empty() ? "" : "|") + s;
  return "# bash completion for rocm-doctor; generated by `rocm-doctor completion bash` from the\n"
         "# command table (do not edit).\n"
         "_rocm_doctor_files() {\n"
         "  compopt -o filenames 2>/dev/null\n"
         "  COMPREPLY=($(compgen -f -- \"$cur\"))\n"
         "}\n\n"
         "_rocm_doctor() {\n"
         "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD - 1]}\"\n"
         "  local command=\"\" i\n"
         "  # The command path so far: the words that step into a (sub)command.\n"
         "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
         "    case \"$command:${COMP_WORDS[i]}\" in\n"
         "      " + steps_pattern + ") command=\"${command:+$command }${COMP_WORDS[i]}\" ;;\n"
         "    esac\n"
         "  done\n"
         "  # Without a command, rocm-doctor runs check: an option completes as check's.\n"
         "  if [[ -z $command && $cur == -* && $COMP_CWORD -gt 1 ]]; then command=check; fi\n"
         "  case \"$command\" in\n" +
         BashBranch(program) +
         "  esac\n"
         "}\n"
         "complete -F _rocm_doctor rocm-doctor\n";
}

std::string ZshCompletion(const CommandModel& program) {
  return "#compdef rocm-doctor\n"
         "# zsh completion for rocm-doctor; generated by `rocm-doctor completion zsh` from the\n"
         "# command table (do not edit).\n\n" +
         ZshFunction(program) +
         "\nif [[ $funcstack[1] == _rocm-doctor ]]; then\n"
         "  _rocm_doctor \"$@\"\n"
         "else\n"
         "  compdef _rocm_doctor rocm-doctor\n"
         "fi\n";
}

}  // namespace rocm_doctor::cli
