// SPDX-License-Identifier: MIT
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <iostream>
#include <nlohmann/json.hpp>

#include "rocm_doctor/exit_code.h"
#include "cli/command_table.h"
#include "cli/commands.h"
#include "cli/common_options.h"
#include "cli/option_setup.h"
#include "cli/report_outputs.h"
#include "report/text_escape.h"
#include "rocm_doctor/catalog.h"
#include "rocm_doctor/check.h"

namespace rocm_doctor::cli {
namespace {

// A command template as the reader sees it: "{!fix}" (a fragment the check quotes itself,
// rocm_doctor/catalog.h) is shown as "{fix}", like every other placeholder.
std::vector<std::string> ShownCommands(std::span<const std::string_view> templates) {
  std::vector<std::string> shown;
  for (std::string_view t : templates) {
    std::string c(t);
    for (std::size_t at = c.find("{!"); at != std::string::npos; at = c.find("{!", at)) {
      c.erase(at + 1, 1);
    }
    shown.push_back(std::move(c));
  }
  return shown;
}

// The id of a code's section in docs/findings.md: "driver-kfd-permission-denied".
std::string MarkdownAnchor(std::string_view code) {
  std::string anchor;
  for (char c : code) anchor += (c == '.' || c == '_') ? '-' : c;
  return anchor;
}

// The action ladder (issue 18), for a code that has one: "action" and "next_step".
void AddAction(nlohmann::json& out, const FindingSpec& spec) {
  if (spec.action == FindingAction::kNone) return;
  out["action"] = ToString(spec.action);
  out["next_step"] = spec.next_step;
}

// "fail" or, for a code with an action, "fail; action: isolate".
std::string SeverityAndAction(const FindingSpec& spec) {
  std::string text(ToString(spec.severity));
  if (spec.action != FindingAction::kNone) text += "; action: " + std::string(ToString(spec.action));
  return text;
}

int ExplainCode(const FindingSpec& spec, Format format) {
  std::vector<std::string> commands = ShownCommands(spec.commands);
  if (format == Format::kJson) {
    nlohmann::json out = {{"code", spec.code},
                          {"severity", ToString(spec.severity)},
                          {"title", spec.title},
                          {"remediation", spec.remediation},
                          {"commands", commands},
                          {"requires_root", spec.requires_root},
                          {"reboot_required", spec.reboot_required},
                          {"docs", Catalog::DocsAnchor(spec.code)}};
    AddAction(out, spec);
    std::cout << out.dump(2) << '\n';
    return ToInt(ExitCode::kOk);
  }
  std::cout << fmt::format("{}  ({})\n  {}\n", spec.code, SeverityAndAction(spec), spec.title);
  if (spec.action != FindingAction::kNone) {
    std::cout << fmt::format("  Action: {}. Next step: {}\n", ToString(spec.action),
                             spec.next_step);
  }
  std::cout << fmt::format("\n  {}\n", spec.remediation);
  for (const std::string& c : commands) std::cout << "    " << c << '\n';
  if (spec.requires_root) std::cout << "  Needs root.\n";
  if (spec.reboot_required) std::cout << "  Needs a reboot afterwards.\n";
  // The installed copy of docs/findings.md (share/doc/rocm-doctor), at this code's section.
  std::cout << "  More: " << ROCMDOC_DOCDIR << "/findings.md#" << MarkdownAnchor(spec.code)
            << '\n';
  return ToInt(ExitCode::kOk);
}

int ExplainCheck(const RegisteredCheck& check, Format format) {
  std::vector<std::string> prereqs(check.info->prerequisites.begin(),
                                   check.info->prerequisites.end());
  if (format == Format::kJson) {
    nlohmann::json out = {{"id", check.info->id},
                          {"layer", ToString(check.info->layer)},
                          {"title", check.info->title},
                          {"prerequisites", prereqs},
                          {"deadline_ms", check.info->deadline.count()}};
    std::cout << out.dump(2) << '\n';
    return ToInt(ExitCode::kOk);
  }
  std::cout << fmt::format("{}  ({} layer)\n  {}\n", check.info->id,
                           LayerTitle(check.info->layer), check.info->title);
  if (!prereqs.empty()) {
    std::cout << fmt::format("  Runs after: {}\n", fmt::join(prereqs, ", "));
  }
  std::cout << fmt::format("  Deadline: {} ms\n", check.info->deadline.count());
  return ToInt(ExitCode::kOk);
}


}  // namespace

int RunExplainAllCommand(Format format) {
  auto all = Catalog::Instance().All();
  if (format == Format::kJson) {
    nlohmann::json out = nlohmann::json::array();
    for (const FindingSpec* spec : all) {
      std::vector<std::string> commands = ShownCommands(spec->commands);
      out.push_back({{"code", spec->code},
                     {"severity", ToString(spec->severity)},
                     {"title", spec->title},
                     {"remediation", spec->remediation},
                     {"commands", commands},
                     {"requires_root", spec->requires_root},
                     {"reboot_required", spec->reboot_required}});
      AddAction(out.back(), *spec);
    }
    std::cout << out.dump(2) << '\n';
    return ToInt(ExitCode::kOk);
  }
  if (format == Format::kMarkdown) {
    std::cout << "# Finding codes\n\n"
                 "Generated by `rocm-doctor explain --all --format markdown`; do not edit. Codes "
                 "are stable: never renamed or reused.\n\n| code | severity | what it means |\n"
                 "| --- | --- | --- |\n";
    for (const FindingSpec* spec : all) {
      std::cout << fmt::format("| [`{}`](#{}) | {} | {} |\n", spec->code,
                               MarkdownAnchor(spec->code), ToString(spec->severity), spec->title);
    }
    for (const FindingSpec* spec : all) {
      std::cout << fmt::format("\n<a id=\"{}\"></a>\n## `{}`\n\n**{}** — {}\n\n{}\n",
                               MarkdownAnchor(spec->code), spec->code, ToString(spec->severity),
                               spec->title, spec->remediation);
      if (spec->action != FindingAction::kNone) {
        std::cout << fmt::format("\n**Action: {}** — {}\n", ToString(spec->action),
                                 spec->next_step);
      }
      if (!spec->commands.empty()) {
        std::cout << "\n```sh\n";
        for (const std::string& c : ShownCommands(spec->commands)) std::cout << c << '\n';
        std::cout << "```\n";
      }
      if (spec->requires_root || spec->reboot_required) {
        std::cout << fmt::format("\n{}{}\n", spec->requires_root ? "Needs root. " : "",
                                 spec->reboot_required ? "Needs a reboot." : "");
      }
    }
    return ToInt(ExitCode::kOk);
  }
  for (const FindingSpec* spec : all) {
    std::cout << fmt::format("{:<44} {:<8} {}{}\n", spec->code, ToString(spec->severity),
                             spec->title,
                             spec->action == FindingAction::kNone
                                 ? std::string()
                                 : " [" + std::string(ToString(spec->action)) + "]");
  }
  return ToInt(ExitCode::kOk);
}

int RunExplainCommand(const std::string& what, Format format) {
  if (const FindingSpec* spec = Catalog::Instance().Find(what)) return ExplainCode(*spec, format);
  if (const RegisteredCheck* check = CheckRegistry::Instance().Find(what)) {
    return ExplainCheck(*check, format);
  }
  // The argument is echoed printable: an escape sequence in it must not reach the terminal.
  std::string message =
      "'" + report_text::Printable(what) + "' is neither a finding code nor a check id";
  std::string suggestion = DidYouMean(what);
  if (!suggestion.empty()) message += "; did you mean '" + suggestion + "'?";
  std::cerr << "rocm-doctor: " << message << '\n';
  return ToInt(ExitCode::kUsage);
}

CommandRun SetupExplainCommand(CLI::App& cmd) {
  struct CommandLine {
    std::string what;
    std::string format = "terminal";
    bool all = false;
  };
  auto line = std::make_shared<CommandLine>();
  cmd.add_option("what", line->what, "A finding code or a check id");
  cmd.add_flag("--all", line->all, "Every finding code (findings.md in the installed docs)");
  AddFormatOption(cmd, line->format, {"terminal", "json", "markdown"});
  return [line] {
    const Format format = FormatFromString(line->format).value_or(Format::kTerminal);
    if (line->all) return RunExplainAllCommand(format);
    if (line->what.empty()) {
      std::cerr << "rocm-doctor: explain needs a finding code, a check id, or --all\n";
      return ToInt(ExitCode::kUsage);
    }
    return RunExplainCommand(line->what, format);
  };
}

}  // namespace rocm_doctor::cli
