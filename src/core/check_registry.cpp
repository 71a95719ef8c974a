// SPDX-License-Identifier: MIT
#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "rocm_doctor/check.h"

namespace rocm_doctor {

CheckOutcome CheckOutcome::Pass(std::string summary, std::vector<Finding> findings) {
  return CheckOutcome{Status::kPass, std::move(summary), std::move(findings), {}, {}};
}

CheckOutcome CheckOutcome::Pass(std::string summary, std::vector<Evidence> evidence,
                                std::vector<Finding> findings) {
  CheckOutcome outcome = Pass(std::move(summary), std::move(findings));
  outcome.evidence = std::move(evidence);
  return outcome;
}

CheckOutcome CheckOutcome::Pass(std::string summary, std::vector<Evidence> evidence) {
  return Pass(std::move(summary), std::move(evidence), {});
}

CheckOutcome CheckOutcome::Skip(std::string why) {
  return CheckOutcome{Status::kSkip, std::move(why), {}, {}, {}};
}

CheckOutcome CheckOutcome::FromFindings(std::vector<Finding> findings, std::string summary) {
  CheckOutcome outcome;
  outcome.status = Status::kPass;
  for (const Finding& f : findings) outcome.status = Worse(outcome.status, f.status);
  // Info findings alone do not change a pass.
  if (outcome.status == Status::kInfo) outcome.status = Status::kPass;
  if (summary.empty() && !findings.empty()) {
    // The worst finding's catalog title speaks for the check (short, for the check's line);
    // the machine-specific message stays with the finding.
    const Finding* worst = &findings.front();
    for (const Finding& f : findings) {
      if (Worse(worst->status, f.status) != worst->status) worst = &f;
    }
    const FindingSpec* spec = Catalog::Instance().Find(worst->code);
    summary = spec != nullptr ? std::string(spec->title) : worst->message;
  }
  outcome.summary = std::move(summary);
  outcome.findings = std::move(findings);
  return outcome;
}

CheckRegistry& CheckRegistry::Instance() {
  static CheckRegistry& registry = *new CheckRegistry;  // never destroyed (Catalog::Instance)
  return registry;
}

void CheckRegistry::Register(const CheckInfo& info, CheckFn fn) {
  if (Find(info.id) != nullptr) {
    std::fprintf(stderr, "rocm-doctor: check %.*s registered twice\n",
                 static_cast<int>(info.id.size()), info.id.data());
    std::abort();
  }
  RegisteredCheck entry{&info, fn};
  auto pos = std::lower_bound(checks_.begin(), checks_.end(), entry,
                              [](const RegisteredCheck& a, const RegisteredCheck& b) {
                                if (a.info->layer != b.info->layer) return a.info->layer < b.info->layer;
                                return a.info->id < b.info->id;
                              });
  checks_.insert(pos, entry);
}

const RegisteredCheck* CheckRegistry::Find(std::string_view id) const {
  for (const RegisteredCheck& c : checks_) {
    if (c.info->id == id) return &c;
  }
  return nullptr;
}

}  // namespace rocm_doctor
