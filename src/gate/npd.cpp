// SPDX-License-Identifier: MIT
#include "gate/npd.h"

namespace rocm_doctor::gate {
namespace {

std::string Named(const GateSummary& summary) {
  std::string name = !summary.code.empty() ? summary.code : summary.check_id;
  if (summary.action == FindingAction::kReset || summary.action == FindingAction::kReplace) {
    name += " [" + std::string(ToString(summary.action)) + "]";
  }
  if (summary.more_causes > 0) name += " (+" + std::to_string(summary.more_causes) + ")";
  return summary.message.empty() ? name : name + ": " + summary.message;
}

}  // namespace

std::string OneLineWithin(std::string_view text, std::size_t limit) {
  std::string line;
  line.reserve(text.size());
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    line += byte < 0x20 || byte == 0x7f ? ' ' : c;
  }
  if (line.size() <= limit) return line;
  constexpr std::string_view kEllipsis = "...";
  if (limit <= kEllipsis.size()) return {};
  std::size_t cut = limit - kEllipsis.size();
  // Back up over UTF-8 continuation bytes (10xxxxxx) so no character is split.
  while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;
  while (cut > 0 && line[cut - 1] == ' ') --cut;
  return line.substr(0, cut) + std::string(kEllipsis);
}

NpdAnswer AnswerForNpd(const GateSummary& summary, bool warn_is_failure, bool probes_skipped) {
  NpdAnswer answer;
  const std::string checks = std::to_string(summary.checks_run) + " checks";
  const std::string scope = probes_skipped ? checks + ", probes skipped" : checks;
  if (TakesNodeOut(summary.action)) {  // the action ladder: isolate or worse, whatever the verdict
    answer.exit_code = kNpdProblem;
    answer.message = OneLineWithin(Named(summary), kNpdMaxOutput);
    return answer;
  }
  switch (summary.verdict) {
    case Verdict::kPass:
      answer.exit_code = kNpdOk;
      answer.message = "rocm-doctor: healthy (" + scope + ")";
      break;
    case Verdict::kWarn:
      // Warnings that only ask to be monitored never make the condition true.
      answer.exit_code = warn_is_failure && !summary.monitor_only ? kNpdProblem : kNpdOk;
      answer.message = answer.exit_code == kNpdProblem ? Named(summary)
                       : summary.monitor_only          ? "monitor " + Named(summary)
                                                       : "warning " + Named(summary);
      break;
    case Verdict::kFail:
      answer.exit_code = kNpdProblem;
      answer.message = Named(summary);
      break;
    case Verdict::kUnknown:
      answer.exit_code = kNpdUnknown;
      answer.message = "could not tell: " + Named(summary);
      break;
  }
  answer.message = OneLineWithin(answer.message, kNpdMaxOutput);
  return answer;
}

}  // namespace rocm_doctor::gate
