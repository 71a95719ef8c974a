// SPDX-License-Identifier: MIT
// TreeWriter on a full disk (issue 13 item 10): the first "the output cannot hold this" error
// sticks, so the capture fails as a whole instead of finishing with holes. A full disk is
// simulated with RLIMIT_FSIZE in a forked child (SIGXFSZ ignored: the write fails with EFBIG).
#include "system/tree_writer.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "temp_tree.h"

namespace rocm_doctor {
namespace {

using testing::TempTree;

TEST(TreeWriter, AFullOutputFailsEveryLaterWrite) {
  TempTree out;
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::signal(SIGXFSZ, SIG_IGN);
    const rlimit small{1000, 1000};
    ::setrlimit(RLIMIT_FSIZE, &small);
    auto opened = system::TreeWriter::Open(out.path());
    if (!opened) _exit(10);
    system::TreeWriter& tree = opened.value();
    if (!tree.WriteFile("/small-before", "ok")) _exit(11);
    auto big = tree.WriteFile("/sys/big", std::string(5000, 'x'));
    if (big || big.error().find("File too large") == std::string::npos) _exit(12);
    if (tree.full().empty()) _exit(13);
    // Small writes would fit, but the capture already has a hole: they fail too.
    if (tree.WriteFile("/small-after", "ok")) _exit(14);
    if (tree.MakeDirs("/dir")) _exit(15);
    if (tree.MakeLink("/link", "/x")) _exit(16);
    _exit(0);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

TEST(TreeWriter, OrdinaryErrorsDoNotStick) {
  TempTree out;
  out.Link("sys/link", "/etc");
  auto opened = system::TreeWriter::Open(out.path());
  ASSERT_TRUE(opened.ok());
  system::TreeWriter& tree = opened.value();
  EXPECT_FALSE(tree.WriteFile("/sys/link/passwd", "x").ok());  // not written through
  EXPECT_TRUE(tree.full().empty());
  EXPECT_TRUE(tree.WriteFile("/sys/other", "x").ok());
}

}  // namespace
}  // namespace rocm_doctor
