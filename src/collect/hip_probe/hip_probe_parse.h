// SPDX-License-Identifier: MIT
#pragma once
// Parses and validates what `rocm-doctor-hip --probe` prints (docs/hip-helper.md, JSON format 1).
// The text comes from a child process that may have been half-killed, or from a replayed
// recording anyone can edit: every key is type-checked, numbers are range-checked, and the first
// problem is reported with its JSON path ("devices[1].compute_units: ...").
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "rocm_doctor/facts/hip_probe.h"
#include "rocm_doctor/result.h"

namespace rocm_doctor::parse {

// The format this doctor reads; the helper bumps it on an incompatible change.
inline constexpr int kHipProbeFormatVersion = 1;
// Bounds on hostile input: far above any real node (8 GPUs x 8 partitions = 64 devices).
inline constexpr std::size_t kMaxHipProbeBytes = 4 << 20;
inline constexpr std::size_t kMaxHipDevices = 4096;
inline constexpr std::size_t kMaxHipJsonDepth = 32;
inline constexpr std::size_t kMaxHipStringBytes = 1024;  // longer strings are cut

Result<HipProbeReport> ParseHipProbeJson(std::string_view text);

// At most `max_bytes` of `bytes` as printable ASCII: control and non-ASCII bytes become \xNN,
// and "..." marks a cut.
std::string PrintableExcerpt(std::string_view bytes, std::size_t max_bytes);
// The last `max_lines` non-empty lines of `text`, printable, at most `max_bytes` in all.
std::string TailLines(std::string_view text, std::size_t max_lines, std::size_t max_bytes);

// "SIGSEGV" for 11, ...; "signal 77" for one without a name.
std::string SignalName(int signal);

}  // namespace rocm_doctor::parse
