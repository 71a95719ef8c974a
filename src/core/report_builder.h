// SPDX-License-Identifier: MIT
#pragma once
#include <cstdint>
#include <ctime>
#include <optional>
#include <string>

#include "core/engine.h"
#include "rocm_doctor/fact_store.h"
#include "rocm_doctor/policy.h"
#include "rocm_doctor/report.h"

namespace rocm_doctor {

struct ReportContext {
  std::string system_description;     // SystemView::Describe()
  std::optional<std::string> sysroot;  // --sysroot as given
  std::string started_at;              // ISO 8601 UTC
  double duration_ms = 0;
  std::int64_t started_at_unix = 0;    // started_at in seconds since the epoch
  const Policy* policy = nullptr;      // --policy, summarised in the report
};

// Collects the facts every report reads whatever checks ran (the host, the PCI GPUs, the KFD
// topology, their partition modes and table rows). The store collects each once, so calling it
// early changes what is read by no byte, only when: Diagnose calls it beside the checks.
void CollectReportFacts(const FactStore& facts);

// Assembles the report from the engine's result and the facts the checks already collected
// (host and GPU summaries). Computes nothing the reporters would need to.
Report BuildReport(EngineResult result, const FactStore& facts, const ReportContext& context);

// "2026-12-01T11:10:58Z"
std::string NowIso8601();
std::string Iso8601(std::time_t when);

}  // namespace rocm_doctor
