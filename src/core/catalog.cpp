// SPDX-License-Identifier: MIT
#include "rocm_doctor/catalog.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <map>

#include "rocm_doctor/shell_quote.h"

namespace rocm_doctor {
namespace {

using Params = std::map<std::string, std::string>;

// The placeholder "{name}" or "{!name}" at text[open], name made of [A-Za-z0-9_]; false for
// any other brace ("awk '{print $2}'" stays as written).
bool PlaceholderAt(std::string_view text, std::size_t open, std::string_view& name, bool& raw,
                   std::size_t& close) {
  std::size_t at = open + 1;
  raw = at < text.size() && text[at] == '!';
  if (raw) ++at;
  std::size_t end = at;
  while (end < text.size() &&
         (std::isalnum(static_cast<unsigned char>(text[end])) != 0 || text[end] == '_')) {
    ++end;
  }
  if (end == at || end >= text.size() || text[end] != '}') return false;
  name = text.substr(at, end - at);
  close = end;
  return true;
}

// Prose: each "{name}" and "{!name}" replaced by params[name] as it is; unknown names stay as
// written so the reader sees what to fill in.
std::string SubstituteText(std::string_view text, const Params& params) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    std::string_view name;
    bool raw = false;
    std::size_t close = 0;
    if (text[i] == '{' && PlaceholderAt(text, i, name, raw, close)) {
      if (auto it = params.find(std::string(name)); it != params.end()) {
        out += it->second;
        i = close + 1;
        continue;
      }
    }
    out += text[i++];
  }
  return out;
}

// Where a placeholder stands in a command template, as the shell parses it.
enum class Context { kWord, kSingleQuoted, kDoubleQuoted, kComment };

// A value for a placeholder standing in `context`. A "{!name}" value is a command fragment the
// check built with ShellQuote; a control byte in it still must not end the command line.
std::string QuotedFor(std::string_view value, bool raw, Context context) {
  if (raw) {
    std::string out(value);
    for (char& c : out) {
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = '?';
    }
    return out;
  }
  switch (context) {
    case Context::kSingleQuoted:
      return ShellQuoteInSingleQuotes(value);
    case Context::kDoubleQuoted:
      // Close the double quotes around a quoted word: "..."'a b'"..." is one word.
      return IsShellSafeWord(value) ? std::string(value) : "\"" + ShellQuote(value) + "\"";
    case Context::kWord:
    case Context::kComment:  // a newline would end the comment and start a command
      break;
  }
  return ShellQuote(value);
}

// A command template: each "{name}" replaced by params[name] shell-quoted for where it stands
// (a word, inside '...', inside "...", inside $(...), in a # comment), each "{!name}" by the
// fragment as built; unknown names stay as written.
std::string SubstituteCommand(std::string_view text, const Params& params) {
  std::vector<Context> stack{Context::kWord};
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const Context context = stack.back();
    std::string_view name;
    bool raw = false;
    std::size_t close = 0;
    if (text[i] == '{' && PlaceholderAt(text, i, name, raw, close)) {
      if (auto it = params.find(std::string(name)); it != params.end()) {
        out += QuotedFor(it->second, raw, context);
        i = close + 1;
        continue;
      }
    }
    const char c = text[i++];
    out += c;
    const bool next_paren = i < text.size() && text[i] == '(';
    switch (context) {
      case Context::kComment:
        break;
      case Context::kSingleQuoted:
        if (c == '\'') stack.pop_back();
        break;
      case Context::kDoubleQuoted:
        if (c == '\\' && i < text.size()) {
          out += text[i++];
        } else if (c == '"') {
          stack.pop_back();
        } else if (c == '$' && next_paren) {
          out += text[i++];
          stack.push_back(Context::kWord);
        }
        break;
      case Context::kWord:
        if (c == '\\' && i < text.size()) {
          out += text[i++];
        } else if (c == '\'') {
          stack.push_back(Context::kSingleQuoted);
        } else if (c == '"') {
          stack.push_back(Context::kDoubleQuoted);
        } else if (c == '$' && next_paren) {
          out += text[i++];
          stack.push_back(Context::kWord);
        } else if (c == ')' && stack.size() > 1) {
          stack.pop_back();
        } else if (c == '#' &&
                   (out.size() == 1 || out[out.size() - 2] == ' ' || out[out.size() - 2] == '\t')) {
          stack.push_back(Context::kComment);
        }
        break;
    }
  }
  return out;
}

// The engine's own codes: what it reports when a check misbehaves.
constexpr FindingSpec kCoreFindings[] = {
    {.code = "core.check.exception",
     .severity = Status::kError,
     .title = "A check failed internally",
     .remediation = "This is a bug in rocm-doctor, not in your system. Please report it with the "
                    "JSON report (rocm-doctor check --format json) and, if you can, a capture "
                    "(rocm-doctor capture -o machine.tar.gz)."},
    {.code = "core.check.timeout",
     .severity = Status::kTimeout,
     .title = "A check did not finish before its deadline",
     .remediation = "Something it reads or runs hangs (a sysfs read on a wedged GPU, a hung "
                    "probe). Run `rocm-doctor check -v` again and look at the kernel log "
                    "(sudo dmesg) for GPU hangs or resets."},
    {.code = "core.run.deadline",
     .severity = Status::kTimeout,
     .title = "The run's total deadline passed before this check finished",
     .remediation = "The whole run was given a deadline (rocm-doctor gate --deadline, or the "
                    "default of --slurm/--npd mode) and this check had not finished or not started "
                    "by then. Give the run more time, or skip the slow probes with --skip, and "
                    "look at the other checks' durations in the JSON report."},
    {.code = "core.run.interrupted",
     .severity = Status::kUnknown,
     .title = "The run was interrupted before this check finished",
     .remediation = "rocm-doctor was stopped by SIGINT (Ctrl-C) or SIGTERM (a scheduler's time "
                    "limit, systemctl stop, kill) while this check ran or before it started. The "
                    "report is partial: the checks that had finished are in it, every output "
                    "asked for was still written, and the doctor exited 130 (SIGINT) or 143 "
                    "(SIGTERM). A probe cut by the signal says nothing about the machine. Run "
                    "rocm-doctor again and let it finish; `--skip` the slow probes if it was "
                    "stopped for taking too long."},
};

}  // namespace

Catalog& Catalog::Instance() {
  // Never destroyed, like the registry and the data tables: a check the engine abandoned at its
  // deadline may still be running, and using it, while the process exits.
  static Catalog& catalog = *new Catalog([] {
    Catalog c;
    c.Register(kCoreFindings);
    return c;
  }());
  return catalog;
}

void Catalog::Register(std::span<const FindingSpec> specs) {
  for (const FindingSpec& spec : specs) {
    if (Find(spec.code) != nullptr) {
      std::fprintf(stderr, "rocm-doctor: finding code %.*s registered twice\n",
                   static_cast<int>(spec.code.size()), spec.code.data());
      std::abort();
    }
    auto pos = std::lower_bound(specs_.begin(), specs_.end(), spec.code,
                                [](const FindingSpec* s, std::string_view c) { return s->code < c; });
    specs_.insert(pos, &spec);
  }
}

const FindingSpec* Catalog::Find(std::string_view code) const {
  auto pos = std::lower_bound(specs_.begin(), specs_.end(), code,
                              [](const FindingSpec* s, std::string_view c) { return s->code < c; });
  if (pos != specs_.end() && (*pos)->code == code) return *pos;
  return nullptr;
}

std::vector<const FindingSpec*> Catalog::All() const { return specs_; }

FindingAction Catalog::ActionFor(std::string_view code) const {
  const FindingSpec* spec = Find(code);
  return spec != nullptr ? spec->action : FindingAction::kNone;
}

Remediation Catalog::RemediationFor(const Finding& finding) const {
  Remediation r;
  const FindingSpec* spec = Find(finding.code);
  if (spec == nullptr) return r;
  r.text = SubstituteText(spec->remediation, finding.params);
  for (std::string_view command : spec->commands) {
    r.commands.push_back(SubstituteCommand(command, finding.params));
    r.command_marks.push_back(ReadCommandMarks(r.commands.back()));
    r.requires_root |= r.command_marks.back().requires_root;
    r.reboot_required |= r.command_marks.back().reboot_required;
  }
  r.requires_root |= spec->requires_root;
  r.reboot_required |= spec->reboot_required;
  return r;
}

std::string Catalog::DocsAnchor(std::string_view code) {
  // A command, not a source-tree path: the catalog is in the binary, so it answers wherever the
  // report is read (docs/findings.md is only installed under share/doc). Quoted as a word: the
  // code of a report being diffed or summarised is the report's, not the catalog's.
  return "rocm-doctor explain " + ShellQuote(code);
}

}  // namespace rocm_doctor
