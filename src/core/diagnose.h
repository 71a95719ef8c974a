// SPDX-License-Identifier: MIT
#pragma once
// The whole pipeline in one call: facts over `view`, the selected checks, the report.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/engine.h"
#include "rocm_doctor/report.h"
#include "rocm_doctor/system_view.h"

namespace rocm_doctor {

Report Diagnose(std::shared_ptr<const SystemView> view, const RunRequest& request,
                const std::optional<std::string>& sysroot);

}  // namespace rocm_doctor
