#pragma once
// The subcommands. Each returns the process exit status; only main() exits (DESIGN rule 11).
#include <optional>
#include <string>
#include <vector>

#include "rocm_doctor/options.h"

namespace rocm_doctor::cli {

enum class Format { kTerminal, kJson, kMarkdown };

struct SelectionArgs {
  std::vector<std::string> only;  // ids, layers or globs ("driver.*")
  std::vector<std::string> skip;
};

struct CheckArgs {
  std::optional<std::string> sysroot;
  SelectionArgs selection;
  Format format = Format::kTerminal;
  std::optional<std::string> output;  // -o FILE
  bool verbose = false;
  bool no_color = false;
  std::string fail_on = "fail";  // "fail" or "warn"
  unsigned jobs = 4;
  CheckOptions options;
};

struct CaptureArgs {
  std::string output;  // DIR or FILE.tar.gz
  std::optional<std::string> sysroot;
  std::string description;
  SelectionArgs selection;
  CheckOptions options;
};

int RunCheckCommand(const CheckArgs& args);
int RunListCommand(Format format);
int RunExplainCommand(const std::string& what, Format format);
// Every finding code; with kMarkdown this is docs/findings.md.
int RunExplainAllCommand(Format format);
int RunCaptureCommand(const CaptureArgs& args);
// Hidden: dlopen()s each library in this process, prints JSON; the doctor runs it as a child.
int RunProbeLoadCommand(const std::vector<std::string>& libraries);

}  // namespace rocm_doctor::cli
