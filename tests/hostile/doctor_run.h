#pragma once
// Runs the built rocm-doctor binary through the project's own command runner (argv, deadline,
// process group killed at the deadline) and checks the report it printed.
#include <unistd.h>

#include <chrono>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "system/command_runner.h"

namespace rocm_doctor::testing {

struct DoctorRun {
  CommandOutcome outcome;
  nlohmann::json report;  // discarded when stdout is not strictly valid JSON
  double seconds = 0;

  bool JsonOk() const { return !report.is_discarded() && report.is_object(); }
  std::string Context() const {
    return "\n--- exit " + std::to_string(outcome.exit_code) + " state " +
           std::string(ToString(outcome.state)) + " " + outcome.error + "\n--- stderr ---\n" +
           outcome.err.substr(0, 3000) + "\n--- stdout ---\n" + outcome.out.substr(0, 6000);
  }
};

// setpriv(1) in front of a command: run it as nobody/nogroup with no supplementary groups.
inline std::vector<std::string> AsNobody() {
  return {"setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"};
}

inline DoctorRun RunDoctor(const std::vector<std::string>& args,
                           std::chrono::milliseconds deadline = std::chrono::seconds(60),
                           std::map<std::string, std::string> env = {}, bool as_nobody = false) {
  CommandSpec spec;
  spec.name = "doctor";
  if (as_nobody) spec.argv = AsNobody();
  spec.argv.push_back(ROCMDOC_BINARY);
  spec.argv.insert(spec.argv.end(), args.begin(), args.end());
  spec.timeout = deadline;
  spec.max_output = 64 << 20;
  spec.extra_env = std::move(env);
  const auto start = std::chrono::steady_clock::now();
  DoctorRun run;
  run.outcome = RunCommand(spec);
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.report = nlohmann::json::parse(run.outcome.out, nullptr, false);
  return run;
}

// Every finding of the report with its check, for searching.
struct FoundFinding {
  std::string check;
  std::string code;
  std::string status;
  std::string text;  // message, check summary and every evidence field, joined
};

inline std::vector<FoundFinding> Findings(const nlohmann::json& report) {
  std::vector<FoundFinding> out;
  if (!report.is_object() || !report.contains("checks") || !report["checks"].is_array()) return out;
  for (const nlohmann::json& check : report["checks"]) {
    const std::string id = check.value("id", "");
    const std::string summary = check.value("summary", "");
    const std::string check_status = check.value("status", "");
    if (!check.contains("findings") || !check["findings"].is_array() ||
        check["findings"].empty()) {
      out.push_back({id, "", check_status, summary});
      continue;
    }
    for (const nlohmann::json& f : check["findings"]) {
      FoundFinding found{id, f.value("code", ""), f.value("status", ""),
                         summary + "\n" + f.value("message", "")};
      if (f.contains("evidence") && f["evidence"].is_array()) {
        for (const nlohmann::json& e : f["evidence"]) found.text += "\n" + e.dump();
      }
      out.push_back(std::move(found));
    }
  }
  return out;
}

inline const nlohmann::json* CheckById(const nlohmann::json& report, const std::string& id) {
  if (!report.is_object() || !report.contains("checks")) return nullptr;
  for (const nlohmann::json& check : report["checks"]) {
    if (check.value("id", "") == id) return &check;
  }
  return nullptr;
}

// Whether a process still runs: gone, or killed and not yet reaped (a zombie), counts as not.
inline bool ProcessRuns(pid_t pid) {
  const std::string path = "/proc/" + std::to_string(pid) + "/stat";
  FILE* f = std::fopen(path.c_str(), "r");
  if (f == nullptr) return false;
  char state = '?';
  const int fields = std::fscanf(f, "%*d %*s %c", &state);
  std::fclose(f);
  return fields == 1 && state != 'Z' && state != 'X';
}

}  // namespace rocm_doctor::testing
