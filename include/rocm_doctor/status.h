// SPDX-License-Identifier: MIT
#pragma once
#include <optional>
#include <string_view>

namespace rocm_doctor {

// The outcome of a check or finding. Order matters: Worse() picks the higher value, and
// "could not tell" outcomes (unknown/timeout/error) rank below fail but above warn.
enum class Status { kPass, kSkip, kInfo, kWarn, kUnknown, kTimeout, kError, kFail };

std::string_view ToString(Status status);  // "pass", "skip", "info", "warn", ...
std::optional<Status> StatusFromString(std::string_view text);
Status Worse(Status a, Status b);
// unknown, timeout and error: a check ran but reached no answer (verdict "unknown", exit 2).
bool IsIndeterminate(Status status);

// kPolicy comes last: its checks judge the machine against a site's policy file
// (--policy, include/rocm_doctor/policy.h) and run only when one is given.
// kBenchmarks ("bench"): what the GPU delivers, measured by rocm-doctor-hip --bench; its checks
// run only when a level asks for them (check --level standard|stress, rocm-doctor bench).
enum class Layer { kHardware, kDriver, kRuntime, kLibraries, kFrameworks, kBenchmarks, kPolicy };

std::string_view ToString(Layer layer);        // "hardware", "driver", ...
std::string_view LayerTitle(Layer layer);      // "Hardware", "Driver and kernel", ...
std::optional<Layer> LayerFromString(std::string_view text);

}  // namespace rocm_doctor
