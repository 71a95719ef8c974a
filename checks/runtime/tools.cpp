// SPDX-License-Identifier: MIT
// runtime.tools: the ROCm command-line tools on the host, where each comes from and its version:
// an informational finding per tool found, one for the packaged tools not found (with the
// packages to install) and one per source-built tool not found (with its repository).
#include "rocm_doctor/facts/tools_facts.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "knowledge/rocm_tools.h"
#include "base/short_list.h"
#include "base/text_parse.h"
#include "rocm_doctor/check.h"
#include "rocm_doctor/shell_quote.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPresentCommands[] = {"ls -l {path}",
                                                 "dpkg -S {path}   # RHEL/SLES: rpm -qf {path}"};
constexpr std::string_view kMissingCommands[] = {
    "sudo apt install {!apt_packages}  # needs root; Ubuntu/Debian with AMD's ROCm repository",
    "sudo dnf install {!dnf_packages}  # needs root; RHEL/Oracle/Rocky with AMD's ROCm "
    "repository (SLES: sudo zypper install {!dnf_packages})",
};
constexpr std::string_view kNotBuiltCommands[] = {
    "git clone {repository} && cd \"$(basename {repository})\" && {!build}",
};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "runtime.tool.present",
     .severity = Status::kInfo,
     .title = "a ROCm tool is installed",
     .remediation = "Informational: where the tool is, which ROCm install or package it comes "
                    "from, and its version. Several copies from different installs mean the one "
                    "first on $PATH is what runs.",
     .commands = kPresentCommands},
    {.code = "runtime.tool.missing",
     .severity = Status::kInfo,
     .title = "ROCm tools are not installed",
     .remediation =
         "Informational: programs run without them, but diagnosing, profiling and tuning the "
         "GPUs needs them. "
         "Install the packages from AMD's ROCm repository (repo.radeon.com; package names as "
         "in the commands). Debian 12+ and Ubuntu 24.04+ also ship rocminfo, rocm-smi and "
         "hipcc in their own archives, as ROCm 5.x/6.x builds.",
     .commands = kMissingCommands,
     .requires_root = true},
    {.code = "runtime.tool.not_built",
     .severity = Status::kInfo,
     .title = "a ROCm benchmark built from source is not on this host",
     .remediation = "Informational: this tool has no package in AMD's repositories; it is built "
                    "from its GitHub sources with hipcc (ROCm's HIP SDK must be installed), "
                    "and is then found on $PATH.",
     .commands = kNotBuiltCommands},
};

constexpr CheckInfo kInfo{
    .id = "runtime.tools", .layer = Layer::kRuntime, .title = "ROCm tools", .findings = kFindings};

std::string Describe(const ToolCopy& copy) {
  std::string out = parse::Printable(copy.path, 160);
  if (copy.origin.known()) {
    out += ", " + *copy.origin;
    if (copy.version.known() && copy.origin->find(*copy.version) == std::string::npos) {
      out += " " + *copy.version;
    }
  } else {
    out += ", origin unknown (" + copy.origin.error + ")";
  }
  return out;
}

std::string Joined(const std::vector<std::string>& items, std::string_view separator = ", ") {
  std::string out;
  for (const std::string& item : items) {
    if (!out.empty()) out += separator;
    out += item;
  }
  return out;
}

CheckOutcome Run(const CheckContext& ctx) {
  const ToolFacts& facts = ctx.facts.Get<ToolFacts>();
  std::vector<Finding> findings;
  std::vector<std::string> present, missing;
  const std::string searched = facts.searched.empty()
                                   ? "nothing searched: $PATH is unset and no ROCm install found"
                                   : "not in " + Joined(facts.searched);
  // The packaged tools that are missing make one finding (one install command names them
  // all); each tool built from source has its own (its own repository).
  std::vector<std::string> missing_packaged, apt, dnf;
  const auto add_once = [](std::vector<std::string>& list, std::string_view item) {
    if (std::find(list.begin(), list.end(), item) == list.end()) list.emplace_back(item);
  };
  for (const ToolPresence& tool : facts.tools) {
    const tools::ToolSpec* spec = tools::FindTool(tool.name);
    if (spec == nullptr) continue;
    const std::string purpose(spec->purpose);
    if (!tool.found()) {
      missing.push_back(tool.name);
      if (!spec->source_only()) {
        missing_packaged.push_back(tool.name + ", which " + purpose);
        add_once(apt, spec->apt_package);
        add_once(dnf, spec->dnf_package);
        continue;
      }
      findings.push_back(MakeFinding("runtime.tool.not_built",
                                     tool.name + " not found: it " + purpose + ".",
                                     {{"$PATH and the ROCm installs' bin/", searched, ""}},
                                     {{"tool", tool.name},
                                      {"repository", std::string(spec->repository)},
                                      {"build", std::string(spec->build)}}));
      continue;
    }
    const ToolCopy& first = tool.copies.front();
    std::string message = tool.name + " at " + Describe(first) + ": it " + purpose + ".";
    std::vector<Evidence> evidence = {{first.found_by == "$PATH" ? "$PATH" : first.found_by,
                                       parse::Printable(first.path, 160), ""}};
    if (first.real_path != first.path) {
      evidence.push_back(
          {parse::Printable(first.path, 160), "-> " + parse::Printable(first.real_path, 160), ""});
    }
    evidence.push_back(
        {first.origin.source, first.origin.known() ? *first.origin : first.origin.error, ""});
    if (first.version.known()) evidence.push_back({first.version.source, *first.version, ""});
    for (std::size_t i = 1; i < tool.copies.size(); ++i) {
      message += " Also " + Describe(tool.copies[i]) + " (not first on $PATH).";
      evidence.push_back({tool.copies[i].found_by, parse::Printable(tool.copies[i].path, 160), ""});
    }
    present.push_back(tool.name + (first.version.known() ? " " + *first.version : ""));
    findings.push_back(
        MakeFinding("runtime.tool.present", message, std::move(evidence),
                    {{"tool", tool.name},
                     {"path", first.path},
                     {"version", first.version.known() ? *first.version : std::string()}}));
  }
  if (!missing_packaged.empty()) {
    std::string tools_missing;
    for (const std::string& name : missing) {
      const tools::ToolSpec* spec = tools::FindTool(name);
      if (spec != nullptr && !spec->source_only()) {
        tools_missing += (tools_missing.empty() ? "" : " ") + name;
      }
    }
    findings.push_back(MakeFinding("runtime.tool.missing",
                                   "Not found: " + Joined(missing_packaged, "; ") + ".",
                                   {{"$PATH and the ROCm installs' bin/", searched, ""}},
                                   {{"tools", tools_missing},
                                    // "{!apt_packages}": several words, each quoted
                                    {"apt_packages", ShellQuoteWords(apt)},
                                    {"dnf_packages", ShellQuoteWords(dnf)}}));
  }
  std::string summary =
      std::to_string(present.size()) + " of " + std::to_string(facts.tools.size()) + " found";
  // The summary names a few; each tool has its finding (-v, JSON).
  if (!present.empty()) summary += ": " + text::ShortList(present);
  if (!missing.empty()) summary += "; not found: " + text::ShortList(missing);
  // Nothing found is information, not a pass (issue 15): no tool was there to be judged.
  if (present.empty()) {
    return CheckOutcome{.status = Status::kInfo, .summary = summary, .findings = std::move(findings),
                        .benchmarks = {}, .evidence = {}};
  }
  return CheckOutcome::Pass(summary, std::move(findings));
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
