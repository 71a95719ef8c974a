#pragma once
// The report: pure data handed to reporters (DESIGN rule 9). Built by the engine; reporters in
// src/report/ render it and compute nothing.
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

struct GpuSummary {
  std::string pci;  // "0000:c1:00.0"
  std::optional<std::string> vendor_id;  // "0x1002"
  std::optional<std::string> device_id;  // "0x74a1"
  std::optional<std::string> revision;   // "0x00"
  std::optional<std::string> name;       // from the GPU table; nullopt when not in it
  std::optional<std::string> gfx;        // from KFD when present, else the table
  std::optional<std::string> driver;     // bound driver
  std::optional<int> numa_node;
};

struct HostSummary {
  std::optional<std::string> hostname;
  std::optional<std::string> kernel;
  std::optional<std::string> os;
  std::optional<std::string> user;
  std::optional<std::string> sysroot;  // nullopt on the live host
  std::string system;                  // SystemView::Describe()
};

struct Report {
  std::string tool_name = "rocm-doctor";
  std::string tool_version;
  HostSummary host;
  Verdict verdict = Verdict::kUnknown;
  int exit_code = 2;
  std::vector<RootCause> root_causes;  // first = most basic
  std::vector<CheckRecord> checks;     // in execution (layer) order
  std::vector<GpuSummary> gpus;
  double duration_ms = 0;
  std::string started_at;  // ISO 8601 UTC
};

}  // namespace rocm_doctor
