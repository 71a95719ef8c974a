// SPDX-License-Identifier: MIT
#pragma once
// Runs the built rocm-doctor binary through the project's own command runner (argv, deadline,
// process group killed at the deadline) and checks the report it printed.
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
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

// A copy of `path` (a program or a machine directory) that nobody can reach. A clone made in a
// directory of mode 0700 (`mktemp -d`) keeps nobody from the build's binaries and the test
// machines ("env: .../rocm-doctor: Permission denied"), so runs as nobody use copies in a 0755
// directory under /tmp, made once per test process and removed at its exit.
inline std::string ReachableByNobody(const std::string& path) {
  namespace fs = std::filesystem;
  struct Copies {
    std::mutex mutex;
    std::string dir;
    std::map<std::string, std::string> made;
    ~Copies() {
      std::error_code ec;
      if (!dir.empty()) fs::remove_all(dir, ec);
    }
  };
  static Copies copies;
  std::lock_guard<std::mutex> lock(copies.mutex);
  if (auto it = copies.made.find(path); it != copies.made.end()) return it->second;
  if (copies.dir.empty()) {
    char pattern[] = "/tmp/rocmdoc-nobody-XXXXXX";
    if (::mkdtemp(pattern) == nullptr) return path;
    copies.dir = pattern;
    ::chmod(copies.dir.c_str(), 0755);
  }
  const std::string copy = copies.dir + "/" + std::to_string(copies.made.size()) + "-" +
                           fs::path(path).filename().string();
  std::error_code ec;
  fs::copy(path, copy, fs::copy_options::recursive | fs::copy_options::copy_symlinks, ec);
  if (ec) return path;
  // Readable and, for directories and programs, searchable/executable by everyone.
  for (auto it = fs::recursive_directory_iterator(copy, ec); !ec && it != fs::end(it);
       it.increment(ec)) {
    if (!it->is_symlink())
      fs::permissions(it->path(), fs::perms::others_read | fs::perms::group_read,
                      fs::perm_options::add, ec);
    if (it->is_directory())
      fs::permissions(it->path(), fs::perms::others_exec | fs::perms::group_exec,
                      fs::perm_options::add, ec);
  }
  fs::permissions(copy, fs::perms::others_read | fs::perms::others_exec, fs::perm_options::add, ec);
  copies.made[path] = copy;
  return copy;
}

inline DoctorRun RunDoctor(const std::vector<std::string>& args,
                           std::chrono::milliseconds deadline = std::chrono::seconds(60),
                           std::map<std::string, std::string> env = {}, bool as_nobody = false) {
  CommandSpec spec;
  spec.name = "doctor";
  if (as_nobody) spec.argv = AsNobody();
  spec.argv.push_back(as_nobody ? ReachableByNobody(ROCMDOC_BINARY) : ROCMDOC_BINARY);
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
    if (!check.contains("findings") || !check["findings"].is_array() || check["findings"].empty()) {
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
