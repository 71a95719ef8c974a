// SPDX-License-Identifier: MIT
#pragma once
// SIGINT and SIGTERM (docs/security.md, "Signals").
//
// Every child of the command runner sits in its own process group (so a deadline can kill its
// whole tree), which also means the terminal's SIGINT never reaches it: the doctor forwards it.
// The first SIGINT/SIGTERM goes to every running child as the same signal, so the benchmark
// helper stops after its current kernel, frees GPU memory and still prints its JSON; the command
// runner gives it a grace time (kInterruptGrace) and kills it after that, and starts no new
// child.
//
// What the doctor itself does with the first signal depends on the command:
//   - after ReportOnInterrupt() (check, gate): nothing more. The command sees
//     InterruptRequested(), stops starting checks, writes a partial report marked interrupted to
//     every output and exits 128 + the signal (130 SIGINT, 143 SIGTERM). Always, whatever was
//     running when the signal came.
//   - otherwise: with a child running, the child stops as above and the command goes on; with
//     none, the doctor dies of the signal.
// A repeat of the signal at least kInsistAfter after the first (the user insists: Ctrl-C twice)
// kills every child group and every orphan (SIGKILL, reaped) and the doctor dies of the signal,
// without a report. Repeats closer together count as the first (timeout(1) sends SIGTERM to
// the process and then to its process group).
#include <sys/types.h>

#include <chrono>
#include <cstddef>

namespace rocm_doctor::system {

inline constexpr std::chrono::seconds kInterruptGrace{10};
inline constexpr std::chrono::milliseconds kInsistAfter{500};

// Installs the SIGINT and SIGTERM handlers (idempotent) and unblocks both signals in the calling
// thread (a parent may have started the doctor with them blocked; one already pending is then
// handled at once). Until then nothing here has effect.
void InstallInterruptForwarding();
// The first signal no longer ends the process: the command makes a partial report (see above).
// Call it before anything that a signal should interrupt; idempotent.
void ReportOnInterrupt();

bool InterruptRequested();
// SIGINT or SIGTERM: the first signal received; 0 before.
int InterruptSignal();
// 128 + InterruptSignal(): what an interrupted command exits with; 0 before a signal.
int InterruptExitCode();
// "SIGINT", "SIGTERM"; "" before a signal.
const char* InterruptSignalName();
// A descriptor that becomes readable, and stays readable, once a signal arrived: the command
// runner polls it next to the child's pipes. -1 before InstallInterruptForwarding().
int InterruptFd();

// While alive, the process group `pgid` gets the forwarded signal. If the signal arrived before
// the registration, the constructor forwards it itself (exactly once per child either way).
class ChildGroup {
 public:
  explicit ChildGroup(pid_t pgid);
  ~ChildGroup();
  ChildGroup(const ChildGroup&) = delete;
  ChildGroup& operator=(const ChildGroup&) = delete;

 private:
  int slot_ = -1;  // -1: the table was full, the child is not forwarded to
};

// Children registered now (tests wait on it instead of sleeping).
std::size_t RunningChildGroups();

}  // namespace rocm_doctor::system
