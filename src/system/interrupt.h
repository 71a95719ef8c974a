#pragma once
// Ctrl-C while a helper runs. Every child of the command runner sits in its own process group
// (so a deadline can kill its whole tree), which also means the terminal's SIGINT never reaches
// it: the doctor forwards it. The first SIGINT/SIGTERM goes to every running child as the same
// signal, so the benchmark helper stops after its current kernel, frees GPU memory and still
// prints its JSON; the command runner gives it a grace time (kInterruptGrace) and kills it after
// that, and starts no new child. With no child running, or on the second signal, the children's
// groups get SIGKILL and the doctor dies of the signal as usual.
#include <sys/types.h>

#include <chrono>
#include <cstddef>

namespace rocm_doctor::system {

inline constexpr std::chrono::seconds kInterruptGrace{10};

// Installs the SIGINT and SIGTERM handlers (idempotent). Until then nothing here has effect.
void InstallInterruptForwarding();

bool InterruptRequested();
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
