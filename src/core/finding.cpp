// SPDX-License-Identifier: MIT
#include "rocm_doctor/finding.h"

#include "rocm_doctor/catalog.h"

namespace rocm_doctor {

Finding MakeFinding(std::string code, std::string message, std::vector<Evidence> evidence,
                    std::map<std::string, std::string> params) {
  Finding finding;
  const FindingSpec* spec = Catalog::Instance().Find(code);
  if (spec == nullptr) {
    finding.status = Status::kError;
    finding.message = "internal error: finding code '" + code + "' is not in the catalog (" +
                      message + ")";
  } else {
    finding.status = spec->severity;
    finding.message = std::move(message);
  }
  finding.code = std::move(code);
  finding.evidence = std::move(evidence);
  finding.params = std::move(params);
  return finding;
}

}  // namespace rocm_doctor
