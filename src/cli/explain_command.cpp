#include <fmt/format.h>

#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/common_options.h"
#include "rocm_doctor/catalog.h"
#include "rocm_doctor/check.h"

namespace rocm_doctor::cli {
namespace {

int ExplainCode(const FindingSpec& spec, Format format) {
  std::vector<std::string> commands(spec.commands.begin(), spec.commands.end());
  if (format == Format::kJson) {
    nlohmann::json out = {{"code", spec.code},
                          {"severity", ToString(spec.severity)},
                          {"title", spec.title},
                          {"remediation", spec.remediation},
                          {"commands", commands},
                          {"requires_root", spec.requires_root},
                          {"reboot_required", spec.reboot_required},
                          {"docs", Catalog::DocsAnchor(spec.code)}};
    std::cout << out.dump(2) << '\n';
    return 0;
  }
  std::cout << fmt::format("{}  ({})\n  {}\n\n  {}\n", spec.code, ToString(spec.severity),
                           spec.title, spec.remediation);
  for (const std::string& c : commands) std::cout << "    " << c << '\n';
  if (spec.requires_root) std::cout << "  Needs root.\n";
  if (spec.reboot_required) std::cout << "  Needs a reboot afterwards.\n";
  std::cout << "  More: " << Catalog::DocsAnchor(spec.code) << '\n';
  return 0;
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
    return 0;
  }
  std::cout << fmt::format("{}  ({} layer)\n  {}\n", check.info->id,
                           LayerTitle(check.info->layer), check.info->title);
  if (!prereqs.empty()) {
    std::cout << fmt::format("  Runs after: {}\n", fmt::join(prereqs, ", "));
  }
  std::cout << fmt::format("  Deadline: {} ms\n", check.info->deadline.count());
  return 0;
}

}  // namespace

int RunExplainCommand(const std::string& what, Format format) {
  if (const FindingSpec* spec = Catalog::Instance().Find(what)) return ExplainCode(*spec, format);
  if (const RegisteredCheck* check = CheckRegistry::Instance().Find(what)) {
    return ExplainCheck(*check, format);
  }
  std::string message = "'" + what + "' is neither a finding code nor a check id";
  std::string suggestion = DidYouMean(what);
  if (!suggestion.empty()) message += "; did you mean '" + suggestion + "'?";
  std::cerr << "rocm-doctor: " << message << '\n';
  return 2;
}

}  // namespace rocm_doctor::cli
