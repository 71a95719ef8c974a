// SPDX-License-Identifier: MIT
#pragma once
// The whole pipeline in one call: facts over `view`, the selected checks, the report.
#include <future>
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

// Parses the embedded GPU table and ROCm support matrix (about 870 KB of CSV, a millisecond or
// more each) on a thread of its own, for a command that will diagnose: started before the
// policy, the thresholds and the machine are read, it runs on the core that is idle until
// Diagnose starts its threads, and the first checks find the tables parsed. Invalid when no
// thread can be started: the checks parse them when they first ask, as before.
std::future<void> PreloadKnowledge();

}  // namespace rocm_doctor
