// SPDX-License-Identifier: MIT
#pragma once
// The JSON that `rocm-doctor probe-smi` prints (format 1, docs/probes.md "rocm-smi"), both ways:
// the child writes it, the collector reads it back from the child's stdout or a recording.
#include <string>
#include <string_view>

#include "rocm_doctor/facts/rocm_smi_facts.h"
#include "rocm_doctor/result.h"

namespace rocm_doctor::rocm_smi {

// One line, valid UTF-8 (bytes that are not become U+FFFD); unknown values are null.
std::string ReportJson(const RocmSmiReport& report);

// Never throws. An error names what is malformed: not JSON, another probe's output, a format
// this build does not read, a field of the wrong type, more devices than rsmi can report.
Result<RocmSmiReport> ParseReport(std::string_view json);

}  // namespace rocm_doctor::rocm_smi
