// SPDX-License-Identifier: MIT
// A stand-in for rocm-doctor-hip that misbehaves in the way its file name says (the tests reach
// it through links named after the modes, found through $ROCMDOC_HIP_HELPER):
//   sleep         never answers
//   segfault      dies of SIGSEGV          abort   dies of SIGABRT
//   chatty        prints 100 MB, exit 0    silent  exits 0 before writing anything
//   partial       half a JSON document, exit 0
//   holder        prints a valid report and exits, but a grandchild keeps stdout open forever
//   detached      prints a valid report and exits, leaving a grandchild that closed its
//                 streams running in the process group
//   holder-setsid prints a valid report and exits; a grandchild in a session of its own
//                 (setsid) keeps stdout open forever: out of reach of a process-group kill
//   daemon        a classic daemon: fork, setsid, fork again (the grandchild closes its
//                 streams and sleeps forever), then prints a valid report and exits
//   stubborn      ignores SIGINT and SIGTERM, leaves a grandchild that ignores them too in a
//                 session of its own, and never answers
//   pending-SIGINT, pending-SIGTERM  not a helper: blocks SIGINT and SIGTERM, makes that signal
//                 pending, then execs argv[1..] (the doctor): the signal is there before the
//                 doctor's first instruction
// It appends the pids it leaves behind to $ROCMDOC_STANDIN_PIDS (one a line), so a test can
// check that none survives the doctor. A valid report is $ROCMDOC_STANDIN_JSON's content.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>

namespace {

void RecordPid(pid_t pid) {
  const char* file = std::getenv("ROCMDOC_STANDIN_PIDS");
  if (file == nullptr) return;
  const int fd = ::open(file, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return;
  const std::string line = std::to_string(pid) + "\n";
  (void)!::write(fd, line.data(), line.size());
  ::close(fd);
}

void WriteAll(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t wrote = ::write(fd, data, size);
    if (wrote <= 0) return;
    data += wrote;
    size -= static_cast<std::size_t>(wrote);
  }
}

void PrintReport() {
  std::string report = "{}";
  if (const char* file = std::getenv("ROCMDOC_STANDIN_JSON")) {
    std::ifstream in(file, std::ios::binary);
    report.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  WriteAll(1, report.data(), report.size());
}

[[noreturn]] void SleepForever() {
  for (;;) ::pause();
}

[[noreturn]] void DieOf(int signal) {
  ::signal(signal, SIG_DFL);
  ::raise(signal);
  std::_Exit(1);
}

}  // namespace

int main(int, char** argv) {
  const char* slash = std::strrchr(argv[0], '/');
  const std::string mode = slash == nullptr ? argv[0] : slash + 1;
  RecordPid(::getpid());
  if (mode == "sleep") SleepForever();
  if (mode == "segfault") DieOf(SIGSEGV);
  if (mode == "abort") std::abort();
  if (mode == "chatty") {
    static char block[1 << 16];
    std::memset(block, 'x', sizeof block);
    for (int i = 0; i < 1600; ++i) WriteAll(1, block, sizeof block);  // 100 MiB
    return 0;
  }
  if (mode == "silent") return 0;
  if (mode == "partial") {
    WriteAll(1, "{\"helper\":\"rocm-doctor-hip\",\"devi", 34);
    return 0;
  }
  if (mode == "pending-SIGINT" || mode == "pending-SIGTERM") {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    ::sigprocmask(SIG_BLOCK, &set, nullptr);
    ::raise(mode == "pending-SIGINT" ? SIGINT : SIGTERM);
    if (argv[1] == nullptr) return 3;
    ::execv(argv[1], argv + 1);
    std::perror("standin: execv");
    return 3;
  }
  if (mode == "holder-setsid" || mode == "daemon" || mode == "stubborn") {
    if (mode == "stubborn") {
      ::signal(SIGINT, SIG_IGN);
      ::signal(SIGTERM, SIG_IGN);
    }
    const pid_t child = ::fork();
    if (child == 0) {
      ::setsid();
      if (mode == "daemon" && ::fork() != 0) std::_Exit(0);  // the session leader goes
      RecordPid(::getpid());
      if (mode != "holder-setsid") {
        const int null = ::open("/dev/null", O_RDWR);
        ::dup2(null, 0);
        ::dup2(null, 1);
        ::dup2(null, 2);
      }
      SleepForever();
    }
    if (mode == "stubborn") SleepForever();
    if (mode == "daemon") {
      int status = 0;
      ::waitpid(child, &status, 0);
    }
    PrintReport();
    return 0;
  }
  if (mode == "holder" || mode == "detached") {
    const pid_t child = ::fork();
    if (child == 0) {
      RecordPid(::getpid());
      if (mode == "detached") {
        const int null = ::open("/dev/null", O_RDWR);
        ::dup2(null, 0);
        ::dup2(null, 1);
        ::dup2(null, 2);
      }
      SleepForever();
    }
    PrintReport();
    return 0;
  }
  std::fprintf(stderr, "standin: unknown mode '%s'\n", mode.c_str());
  return 3;
}
