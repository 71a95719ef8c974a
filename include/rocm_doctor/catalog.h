// SPDX-License-Identifier: MIT
#pragma once
// The one catalog of finding codes (architecture rule 6). Each check defines its FindingSpecs in its own
// file and registers them with itself (CheckInfo::findings, rocm_doctor/check.h); a table of
// checks may register codes its rows share with ROCMDOC_REGISTER_FINDINGS. Codes are stable,
// dotted, never reused.
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rocm_doctor/finding.h"
#include "rocm_doctor/finding_action.h"
#include "rocm_doctor/fix_marks.h"
#include "rocm_doctor/status.h"

namespace rocm_doctor {

struct FindingSpec {
  std::string_view code;
  Status severity;          // the status a finding with this code carries
  std::string_view title;   // one line: what is wrong, without machine specifics
  std::string_view remediation;  // what to do, in prose
  // Copy-paste commands. "{name}" is replaced by the finding's param shell-quoted for where it
  // stands (a word, inside '...' or "..."): machine values never become shell syntax.
  // "{!name}" is replaced as it is: a command fragment the check built with ShellQuote
  // (rocm_doctor/shell_quote.h). Unknown names are kept. A command that needs root or a reboot
  // says so in its own trailing comment ("  # needs root; then reboot", rocm_doctor/fix_marks.h).
  std::span<const std::string_view> commands = {};
  // The remediation as a whole needs root / a reboot (what the prose asks for included): true
  // whenever one of its commands is so marked (the catalog test holds them to it).
  bool requires_root = false;
  bool reboot_required = false;
  // The mechanism, for a finding of a check that runs when blocked (a symptom): the prerequisites
  // of its check whose failure can produce it. The finding is shown as the symptom of the first
  // of them that failed (in the check's prerequisite order), and is a root cause of its own when
  // none did: a failure elsewhere upstream is not its explanation (a gfx target no release
  // supports still enumerates in HIP, so it never explains "no device"). Empty: any failed
  // prerequisite explains it.
  std::span<const std::string_view> explained_by = {};
  // The data-centre action ladder (rocm_doctor/finding_action.h): what an operator does with the
  // node or the GPU. kNone (the default) for a code that is not a data-centre fault; a code with
  // an action says its next step in one line (next_step), beside the fuller remediation.
  FindingAction action = FindingAction::kNone;
  std::string_view next_step = {};
};

struct Remediation {
  std::string text;
  std::vector<std::string> commands;     // each valid shell as it is, marks included
  std::vector<CommandMarks> command_marks;  // one per command, read from its trailing comment
  bool requires_root = false;
  bool reboot_required = false;
};

class Catalog {
 public:
  static Catalog& Instance();
  void Register(std::span<const FindingSpec> specs);  // a duplicate code aborts (startup bug)
  const FindingSpec* Find(std::string_view code) const;
  std::vector<const FindingSpec*> All() const;  // sorted by code
  Remediation RemediationFor(const Finding& finding) const;
  static std::string DocsAnchor(std::string_view code);  // "rocm-doctor explain driver.kfd..."
  // The catalog's action for `code`; kNone for a code without one or an unknown code.
  FindingAction ActionFor(std::string_view code) const;

 private:
  std::vector<const FindingSpec*> specs_;
};

struct FindingsRegistrar {
  explicit FindingsRegistrar(std::span<const FindingSpec> specs) {
    Catalog::Instance().Register(specs);
  }
};

}  // namespace rocm_doctor

#define ROCMDOC_CONCAT_INNER(a, b) a##b
#define ROCMDOC_CONCAT(a, b) ROCMDOC_CONCAT_INNER(a, b)
#define ROCMDOC_REGISTER_FINDINGS(table)                                         \
  static const ::rocm_doctor::FindingsRegistrar ROCMDOC_CONCAT(rocmdoc_findings_, \
                                                               __LINE__)(table)
