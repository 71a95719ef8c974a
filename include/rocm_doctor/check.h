// SPDX-License-Identifier: MIT
#pragma once
// A check: pure (Facts, Options) -> outcome. One file per check under checks/<layer>/, with its
// metadata, its finding codes and the logic together, and a registration line (architecture rule 5;
// docs/writing-a-check.md):
//
//   constexpr std::string_view kPrereqs[] = {"hardware.gpus"};
//   constexpr FindingSpec kFindings[] = {{.code = "driver.kfd.permission_denied", ...}};
//   constexpr CheckInfo kInfo{.id = "driver.kfd_access", .layer = Layer::kDriver,
//                             .title = "/dev/kfd access", .prerequisites = kPrereqs,
//                             .findings = kFindings};
//   CheckOutcome Run(const CheckContext& ctx) { ... }
//   ROCMDOC_REGISTER_CHECK(kInfo, Run);  // registers the check and its codes
//
// Checks that differ only in data (bench.*, frameworks.*_gpu) are rows of one table registered
// with a CheckRegistrar each; tests/golden/checks/manifest.txt lists every check and its codes.
#include <chrono>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rocm_doctor/bench_result.h"
#include "rocm_doctor/catalog.h"
#include "rocm_doctor/fact_store.h"
#include "rocm_doctor/finding.h"
#include "rocm_doctor/options.h"
#include "rocm_doctor/status.h"

namespace rocm_doctor {

enum class Cost { kCheap, kProbe, kBenchmark };

struct CheckInfo {
  std::string_view id;     // "<layer>.<name>", stable
  Layer layer;
  std::string_view title;  // the terminal's left column, e.g. "/dev/kfd access"
  // Checks that must not have failed for this one to run; when one did, this check is SKIPPED
  // "blocked by <id>".
  std::span<const std::string_view> prerequisites = {};
  Cost cost = Cost::kCheap;
  std::chrono::milliseconds deadline{10000};
  // A symptom check (e.g. the HIP probe) still runs when a prerequisite failed: its result is
  // shown as a consequence of that root cause ("this is why HIP reports hipErrorNoDevice"),
  // never as a root cause of its own.
  bool runs_when_blocked = false;
  // The check judges each GPU on its own and its findings name the GPU (param "bdf"): reports
  // that list one result per test (JUnit) show one per GPU.
  bool per_gpu = false;
  // The finding codes this check owns, registered with it in the Catalog. A code that several
  // checks report is owned by one of them (the catalog is global; the owner documents it).
  std::span<const FindingSpec> findings = {};
};

struct CheckContext {
  const FactStore& facts;
  const CheckOptions& options;
};

struct CheckOutcome {
  Status status = Status::kPass;
  std::string summary;  // one line: "1 × AMD Radeon RX 7900 XTX (gfx1100) at 0000:03:00.0"
  std::vector<Finding> findings;
  // The figures a benchmark check measured and judged (the report's "benchmarks").
  std::vector<BenchmarkResult> benchmarks;
  // What a check that found nothing wrong read, so that a pass shows what it rests on (-v, the
  // JSON report's check "evidence"): the path or probe and the value there. A finding carries
  // its own evidence; this is for the check's verdict itself.
  std::vector<Evidence> evidence;

  static CheckOutcome Pass(std::string summary, std::vector<Finding> findings = {});
  // A pass with what it read: Pass("amdgpu bound to 0000:03:00.0", {{"/sys/bus/pci/devices/
  // 0000:03:00.0/driver", "-> amdgpu", "amdgpu"}}).
  static CheckOutcome Pass(std::string summary, std::vector<Evidence> evidence,
                           std::vector<Finding> findings);
  static CheckOutcome Pass(std::string summary, std::vector<Evidence> evidence);
  static CheckOutcome Skip(std::string why);  // does not apply here
  // Status = the worst finding's status; summary = the first finding's message unless given.
  static CheckOutcome FromFindings(std::vector<Finding> findings, std::string summary = {});
};

using CheckFn = CheckOutcome (*)(const CheckContext&);

struct RegisteredCheck {
  const CheckInfo* info;
  CheckFn run;
};

class CheckRegistry {
 public:
  static CheckRegistry& Instance();
  void Register(const CheckInfo& info, CheckFn fn);
  const std::vector<RegisteredCheck>& All() const { return checks_; }  // sorted by layer, id
  const RegisteredCheck* Find(std::string_view id) const;

 private:
  std::vector<RegisteredCheck> checks_;
};

struct CheckRegistrar {
  CheckRegistrar(const CheckInfo& info, CheckFn fn) {
    if (!info.findings.empty()) Catalog::Instance().Register(info.findings);
    CheckRegistry::Instance().Register(info, fn);
  }
};

}  // namespace rocm_doctor

#define ROCMDOC_REGISTER_CHECK(info, fn)                                                 \
  static const ::rocm_doctor::CheckRegistrar ROCMDOC_CONCAT(rocmdoc_check_, __LINE__)( \
      info, fn)
