#include "rocm_doctor/catalog.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace rocm_doctor {
namespace {

// Replaces each "{name}" with params[name]; unknown names stay as written so the reader sees
// what to fill in.
std::string Substitute(std::string_view text, const std::map<std::string, std::string>& params) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t open = text.find('{', i);
    if (open == std::string_view::npos) break;
    std::size_t close = text.find('}', open);
    if (close == std::string_view::npos) break;
    out.append(text.substr(i, open - i));
    std::string key(text.substr(open + 1, close - open - 1));
    auto it = params.find(key);
    if (it != params.end()) {
      out += it->second;
    } else {
      out.append(text.substr(open, close - open + 1));
    }
    i = close + 1;
  }
  out.append(text.substr(i));
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

Remediation Catalog::RemediationFor(const Finding& finding) const {
  Remediation r;
  const FindingSpec* spec = Find(finding.code);
  if (spec == nullptr) return r;
  r.text = Substitute(spec->remediation, finding.params);
  for (std::string_view command : spec->commands) {
    r.commands.push_back(Substitute(command, finding.params));
  }
  r.requires_root = spec->requires_root;
  r.reboot_required = spec->reboot_required;
  return r;
}

std::string Catalog::DocsAnchor(std::string_view code) {
  std::string anchor = "docs/findings.md#";
  for (char c : code) anchor += (c == '.' || c == '_') ? '-' : c;
  return anchor;
}

}  // namespace rocm_doctor
