// SPDX-License-Identifier: MIT
// ListChildren (src/system/command_runner.h): this process's children, read from /proc with raw
// syscalls and no allocation, so the dying signal handler (src/system/interrupt.cpp) may call it.
#include <dirent.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>

#include "system/command_runner.h"

namespace rocm_doctor::system {
namespace {

// "123" -> 123; -1 when `s` is not all digits.
long ParsePid(const char* s) {
  if (*s == '\0') return -1;
  long value = 0;
  for (; *s != '\0'; ++s) {
    if (*s < '0' || *s > '9') return -1;
    value = value * 10 + (*s - '0');
    if (value > 1L << 30) return -1;
  }
  return value;
}

// Appends decimal `value` at `p`; returns the end.
char* AppendNumber(char* p, long value) {
  char digits[24];
  int n = 0;
  do {
    digits[n++] = static_cast<char>('0' + value % 10);
    value /= 10;
  } while (value > 0);
  while (n > 0) *p++ = digits[--n];
  *p = '\0';
  return p;
}

char* AppendText(char* p, const char* text) {
  while (*text != '\0') *p++ = *text++;
  *p = '\0';
  return p;
}

// Reads what fits of `path` into `buffer` (NUL-terminated); -1 when it cannot be opened.
ssize_t ReadSmallFile(const char* path, char* buffer, std::size_t size) {
  const int fd = static_cast<int>(::syscall(SYS_openat, AT_FDCWD, path, O_RDONLY | O_CLOEXEC));
  if (fd < 0) return -1;
  std::size_t got = 0;
  while (got + 1 < size) {
    const ssize_t n = ::read(fd, buffer + got, size - 1 - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  ::close(fd);
  buffer[got] = '\0';
  return static_cast<ssize_t>(got);
}

// Calls `fn(name)` for each entry of the directory `path` whose name is a number.
template <class Fn>
bool ForEachNumericEntry(const char* path, Fn fn) {
  const int fd = static_cast<int>(
      ::syscall(SYS_openat, AT_FDCWD, path, O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (fd < 0) return false;
  alignas(8) char buffer[4096];
  for (;;) {
    const long n = ::syscall(SYS_getdents64, fd, buffer, sizeof buffer);
    if (n <= 0) break;
    for (long offset = 0; offset < n;) {
      // glibc's dirent64 has the kernel's linux_dirent64 layout.
      const auto* entry = reinterpret_cast<const struct dirent64*>(buffer + offset);
      offset += entry->d_reclen;
      const long number = ParsePid(entry->d_name);
      if (number > 0) fn(static_cast<pid_t>(number));
    }
  }
  ::close(fd);
  return true;
}

}  // namespace

std::size_t ListChildren(pid_t* out, std::size_t max) {
  std::size_t count = 0;
  auto add = [&](long pid) {
    if (pid <= 0) return;
    if (count < max) out[count] = static_cast<pid_t>(pid);
    ++count;
  };
  bool children_files = true;
  ForEachNumericEntry("/proc/self/task", [&](pid_t tid) {
    char path[64];
    AppendText(AppendNumber(AppendText(path, "/proc/self/task/"), tid), "/children");
    char text[4096];
    if (ReadSmallFile(path, text, sizeof text) < 0) {
      children_files = false;  // no CONFIG_PROC_CHILDREN (or the thread just ended)
      return;
    }
    long value = -1;
    for (const char* p = text;; ++p) {
      if (*p >= '0' && *p <= '9') {
        value = (value < 0 ? 0 : value * 10) + (*p - '0');
      } else {
        add(value);
        value = -1;
        if (*p == '\0') break;
      }
    }
  });
  if (children_files) return count;
  // No children files: every process whose parent is this one, from /proc/<pid>/stat.
  count = 0;
  const long self = ::getpid();
  ForEachNumericEntry("/proc", [&](pid_t pid) {
    char path[64];
    AppendText(AppendNumber(AppendText(path, "/proc/"), pid), "/stat");
    char text[1024];
    if (ReadSmallFile(path, text, sizeof text) <= 0) return;
    // "pid (comm) S ppid ...": comm may hold spaces and parentheses; the last ')' ends it.
    const char* close = nullptr;
    for (const char* p = text; *p != '\0'; ++p) {
      if (*p == ')') close = p;
    }
    if (close == nullptr || close[1] == '\0' || close[2] == '\0') return;
    const char* p = close + 2;  // the state letter
    while (*p != '\0' && *p != ' ') ++p;
    long ppid = 0;
    for (++p; *p >= '0' && *p <= '9'; ++p) ppid = ppid * 10 + (*p - '0');
    if (ppid == self) add(pid);
  });
  return count;
}

}  // namespace rocm_doctor::system
