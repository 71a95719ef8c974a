// SPDX-License-Identifier: MIT
#pragma once
// The exit status of every rocm-doctor command: one table, so that `--help`, the reports'
// "exit_code", the gate's answers and the docs cannot drift apart. The numbers are a contract
// (scripts, Slurm's HealthCheckProgram, node-problem-detector and CI jobs act on them): never
// renumber one.
namespace rocm_doctor {

enum class ExitCode : int {
  kOk = 0,        // ready (or warnings only); nothing changed for the worse; the command did it
  kProblems = 1,  // check: a failure (a warning too with --fail-on warn); diff: a regression;
                  // gate: the node is unhealthy (drained, or left drained)
  // One number for "could not tell" and for bad usage: node-problem-detector reads 2 as Unknown,
  // and a verdict that could not be reached is no more actionable than a typo.
  kUnknown = 2,  // the checks could not tell (verdict unknown); an input could not be read
  kUsage = 2,    // bad arguments, an option out of range, an internal error
  kSlurmError = 3,  // gate --slurm: the node's state could not be read or changed (docs/slurm.md)
  // Interrupted by a signal: 128 + the signal's number, as a shell reports a process killed by
  // it (the report is partial and marked so).
  kSigint = 130,   // SIGINT (Ctrl-C)
  kSigterm = 143,  // SIGTERM
};

constexpr int ToInt(ExitCode code) { return static_cast<int>(code); }

// 128 + signal_number: the exit status of a command ended by that signal (kSigint, kSigterm).
constexpr int InterruptedExitCode(int signal_number) { return 128 + signal_number; }

}  // namespace rocm_doctor
