// SPDX-License-Identifier: MIT
#pragma once
// Parses what src/collect/frameworks/framework_probe.py prints: "@rocm-doctor stage <name>" lines, then one
// "@rocm-doctor report <json>" line. The text comes from a child that may have been killed
// half-way, or from a recording anyone can edit: every key is type-checked and the first problem
// is reported with its JSON path ("devices[1].arch: expected a string or null, got number").
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "rocm_doctor/facts/frameworks_facts.h"
#include "rocm_doctor/result.h"

namespace rocm_doctor::framework {

// Bounds on hostile input, far above a real report (64 devices, 20 warnings of 500 bytes).
inline constexpr std::size_t kMaxProbeOutput = 1 << 20;
inline constexpr std::size_t kMaxProbeStrings = 8192;  // longer strings are cut
inline constexpr std::size_t kMaxProbeItems = 1024;    // devices, warnings, arch list entries
inline constexpr std::size_t kMaxProbeDepth = 16;

struct ProbeOutput {
  std::string stage;                  // the last stage announced, "" when none
  std::optional<std::string> report;  // the JSON text of the report line, when printed
};

// Scans stdout for the probe's lines; anything else (a framework printing to fd 1 before the
// probe redirected it) is ignored.
ProbeOutput ScanProbeOutput(std::string_view stdout_text);

Result<FrameworkProbeReport> ParseProbeReport(std::string_view json_text);

}  // namespace rocm_doctor::framework
