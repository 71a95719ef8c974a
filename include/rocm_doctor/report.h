// SPDX-License-Identifier: MIT
#pragma once
// The report: pure data handed to reporters (architecture rule 9). Built by the engine; reporters in
// src/report/ render it and compute nothing.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rocm_doctor/catalog.h"
#include "rocm_doctor/check.h"
#include "rocm_doctor/finding.h"
#include "rocm_doctor/status.h"

namespace rocm_doctor {

inline constexpr int kReportSchemaVersion = 1;

enum class Verdict { kPass, kWarn, kFail, kUnknown };
std::string_view ToString(Verdict verdict);

struct CheckRecord {
  std::string id;
  Layer layer = Layer::kHardware;
  std::string title;
  std::vector<std::string> prerequisites;
  CheckOutcome outcome;
  std::string blocked_by;  // the failed prerequisite, when status is kSkip for that reason
  bool per_gpu = false;    // CheckInfo::per_gpu: findings name their GPU (param "bdf")
  double duration_ms = 0;
};

// What a symptom check saw because of a root cause (see CheckInfo::runs_when_blocked).
struct Symptom {
  std::string check_id;
  Finding finding;
};

struct RootCause {
  std::string check_id;
  Finding finding;
  Remediation remediation;
  std::vector<std::string> blocked_checks;  // the checks it kept from running
  std::vector<Symptom> symptoms;            // failures downstream that it explains
};

// Root causes that differ only in their GPU's address, as one block (issue 15: the same root
// cause on 8 GPUs is one block, "8 GPUs: ..."). SummarizeReport fills them from the root causes
// (src/core/root_cause_groups.cpp); the terminal and Markdown reporters print them as they are.
struct RootCauseGroup {
  std::vector<std::size_t> members;  // indices into Report::root_causes, in order; the first
                                     // speaks for the group
  std::vector<std::string> bdfs;     // the members' addresses; empty for a single cause
  // "8 GPUs: 0000:{0a,80}:00.0" when the group's message does not name the address itself (it
  // then stands on a line of its own); empty otherwise.
  std::string gpus_line;
  std::string message;                // the first member's, "8 GPUs: <addresses>" for its own
  std::vector<std::string> symptoms;  // the first member's symptoms' messages, likewise
  // The fix, one valid bash line each: a command all members share once, one that differs only
  // by the address as "for gpu in 0000:{0c,22}:00.0; do CMD "$gpu"; done", any other per member.
  std::vector<std::string> commands;
};

struct GpuSummary {
  std::string pci;  // "0000:c1:00.0"
  std::optional<std::string> vendor_id;  // "0x1002"
  std::optional<std::string> device_id;  // "0x74a1"
  std::optional<std::string> revision;   // "0x00"
  std::optional<std::string> name;       // from the GPU table; nullopt when not in it
  std::optional<std::string> gfx;        // from KFD when present, else the table
  std::optional<std::string> driver;     // bound driver
  std::optional<int> numa_node;
  // The partition modes of a GPU whose driver has them (MI300 series; facts/partition.h), from
  // sysfs current_compute_partition / current_memory_partition. Benchmark figures measured on
  // the GPU (benchmarks[].pci) are compared within its model and partition by `fleet summarize`
  // and `fleet baseline`. partition_modes false: the GPU has no such modes and the JSON report
  // leaves both keys out; true with a nullopt: the attribute exists and could not be read.
  bool partition_modes = false;
  std::optional<std::string> compute_partition;  // "SPX", "CPX"
  std::optional<std::string> memory_partition;   // "NPS1", "NPS4"
};

struct HostSummary {
  std::optional<std::string> hostname;
  std::optional<std::string> kernel;
  std::optional<std::string> os;
  std::optional<std::string> user;
  std::optional<std::string> sysroot;  // nullopt on the live host
  std::string system;                  // SystemView::Describe()
  // The ROCm release programs use (InstalledRocmRelease), when a check collected the ROCm facts
  // in this run; nullopt when unknown or not looked at (--only hardware).
  std::optional<std::string> rocm_release;
};

// The version of one component of the stack, from facts this run's checks collected
// (src/core/report_versions.cpp). Components whose version is unknown are left out.
struct ComponentVersion {
  std::string component;         // "amdgpu", "hip", "hsa-runtime", "rocBLAS", "torch"
  Layer layer = Layer::kDriver;  // driver, runtime, libraries or frameworks
  std::string version;           // "6.10.5", "6.2.41133", "4.2.60200", "2.5.1+rocm6.2"
  std::string source;            // the path it was read from
};

// The policy a run was judged against (--policy FILE).
struct PolicySummary {
  std::string name;  // [policy] name, else the file name
  std::string path;  // as given
  std::size_t waived_findings = 0;  // findings of this run its waivers matched
};

// What --redact removed from the report, one entry per kind (Redactor::Summary()).
struct RedactionSummary {
  std::string kind;  // "hostname", "user name", "serial", "UUID", "MAC address", ...
  std::size_t values = 0;       // distinct values replaced
  std::size_t occurrences = 0;  // places they were replaced
};

// Whether a GPU was seen through the stack (src/core/gpu_seen.h holds the definition): the
// evidence "ready for ROCm work" needs besides "nothing failed".
struct GpuSighting {
  bool seen = false;
  // What was seen, one line per GPU: "0000:03:00.0 bound to amdgpu, KFD node 1 (gfx1100)".
  std::vector<std::string> evidence;
  // When not seen: what could not be verified and why, e.g. "the HIP runtime's devices: the
  // hip-probe is not recorded in this capture".
  std::vector<std::string> not_verified;
};

// The counts every reporter prints (terminal, JSON, JUnit, Markdown, Prometheus), one definition
// computed once (SummarizeReport, src/core/report_summary.h). Each counts checks, not findings:
//   failures     checks whose status is fail;
//   root_causes  failing checks none of whose prerequisites failed (architecture rule 7: the
//                checks behind report.root_causes with status fail);
//   symptoms     the other failing checks: explained by a failure upstream (failures - root_causes);
//   warnings     checks whose status is warn;
//   passed       checks that judged something and found it right (status pass);
//   info         checks that only report what is there, nothing judged (status info: "0 of 11
//                tools found" is not a pass);
//   undetermined checks that ran and reached no answer (unknown, timeout, error);
//   skipped      checks not judged (blocked, not applicable, not recorded).
struct ReportCounts {
  std::size_t checks = 0;
  std::size_t failures = 0, root_causes = 0, symptoms = 0;
  std::size_t warnings = 0, passed = 0, info = 0, undetermined = 0, skipped = 0;
};

struct Report {
  std::string tool_name = "rocm-doctor";
  std::string tool_version;
  HostSummary host;
  Verdict verdict = Verdict::kUnknown;
  // The verdict in words, for people: "ready for ROCm work" only when the verdict is pass or warn
  // and gpu_seen.seen; "not verified: no GPU seen through the stack" when nothing failed but no
  // GPU was seen (gpu_seen.not_verified says what). Set by SummarizeReport.
  std::string verdict_text;
  GpuSighting gpu_seen;
  ReportCounts counts;  // SummarizeReport
  int exit_code = 2;  // 130/143 when interrupted
  // "SIGINT" or "SIGTERM" when a signal cut the run short: the report is partial (the checks it
  // cut say core.run.interrupted) and exit_code is 128 + the signal. Empty otherwise.
  std::string interrupted_by;
  std::vector<RootCause> root_causes;  // first = most basic
  std::vector<RootCauseGroup> root_cause_groups;  // the root causes as printed (SummarizeReport)
  std::vector<CheckRecord> checks;     // in execution (layer) order
  std::vector<GpuSummary> gpus;
  std::vector<ComponentVersion> versions;  // driver, runtime, libraries, frameworks, in order
  // Every benchmark figure the bench.* checks judged, in check order; empty when none ran.
  std::vector<BenchmarkResult> benchmarks;
  double duration_ms = 0;
  std::string started_at;  // ISO 8601 UTC
  std::int64_t started_at_unix = 0;  // the same instant, seconds since the epoch
  std::optional<PolicySummary> policy;
  // Set by --redact (even when nothing was found); nullopt when the report is not redacted.
  std::optional<std::vector<RedactionSummary>> redacted;
};

}  // namespace rocm_doctor
