// SPDX-License-Identifier: MIT
// Issue 13 item 9: every file the user names for the doctor to read - --policy, --thresholds,
// the reports of `fleet summarize` and `diff` - may be a FIFO (a read that never returns, even
// under `gate --deadline`), /dev/zero (endless), a directory or a huge file. Each must exit 2
// at once with a message that names the file.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "hostile/doctor_run.h"
#include "unit/system/temp_tree.h"

namespace rocm_doctor {
namespace {

using testing::DoctorRun;

const std::string kMachine = std::string(ROCMDOC_SOURCE_DIR) + "/tests/machines/hip-no-devices";

struct BadFile {
  std::string name;    // for the trace
  std::string path;
  std::string reason;  // in the message
};

// A FIFO nobody writes to, a directory, /dev/zero, and a sparse file far over every limit.
std::vector<BadFile> BadFiles(testing::TempTree& tree) {
  const std::string fifo = tree.At("input.fifo");
  ::mkfifo(fifo.c_str(), 0600);
  tree.Dir("input.dir");
  const std::string huge = tree.At("huge.json");
  const int fd = ::open(huge.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd >= 0) {
    [[maybe_unused]] const int ignored = ::ftruncate(fd, off_t{1} << 30);
    ::close(fd);
  }
  return {{"fifo", fifo, "not a regular file (a FIFO)"},
          {"directory", tree.At("input.dir"), "not a regular file (a directory)"},
          {"/dev/zero", "/dev/zero", "not a regular file (a character device)"},
          {"huge", huge, "larger than"}};
}

void ExpectRefused(const std::vector<std::string>& args, const BadFile& bad,
                   const std::string& what) {
  SCOPED_TRACE(what + " " + bad.name);
  // The runner's deadline is far above the limit checked: a hang would show as kTimedOut.
  const DoctorRun run = testing::RunDoctor(args, std::chrono::seconds(20));
  ASSERT_EQ(run.outcome.state, CommandOutcome::State::kExited) << run.Context();
  EXPECT_EQ(run.outcome.exit_code, 2) << run.Context();
  EXPECT_LT(run.seconds, 5.0) << run.Context();
  const std::string all = run.outcome.err + run.outcome.out;
  EXPECT_NE(all.find(bad.path), std::string::npos) << "the message must name the file"
                                                    << run.Context();
  EXPECT_NE(all.find(bad.reason), std::string::npos) << run.Context();
}

TEST(ConfigFiles, PolicyAndThresholdsOfEveryCommandRefuseWhatIsNotARegularFile) {
  testing::TempTree tree;
  for (const BadFile& bad : BadFiles(tree)) {
    ExpectRefused({"check", "--sysroot", kMachine, "--policy", bad.path}, bad, "check --policy");
    ExpectRefused({"check", "--sysroot", kMachine, "--format", "json", "--thresholds", bad.path},
                  bad, "check --thresholds");
    // The gate's deadline did not cover reading the policy: a FIFO hung it forever.
    ExpectRefused({"gate", "--npd", "--deadline", "2", "--sysroot", kMachine, "--policy",
                   bad.path},
                  bad, "gate --policy");
    ExpectRefused({"gate", "--npd", "--deadline", "2", "--sysroot", kMachine, "--thresholds",
                   bad.path},
                  bad, "gate --thresholds");
    ExpectRefused({"bench", "--sysroot", kMachine, "--thresholds", bad.path}, bad,
                  "bench --thresholds");
  }
}

TEST(ConfigFiles, ReportInputsOfDiffAndFleetRefuseWhatIsNotARegularFile) {
  testing::TempTree tree;
  const DoctorRun good = testing::RunDoctor({"check", "--sysroot", kMachine, "--format", "json"});
  ASSERT_TRUE(good.JsonOk()) << good.Context();
  tree.File("good.json", good.outcome.out);
  const std::string good_path = tree.At("good.json");
  for (const BadFile& bad : BadFiles(tree)) {
    ExpectRefused({"diff", good_path, bad.path}, bad, "diff current");
    ExpectRefused({"diff", bad.path, good_path}, bad, "diff base");
    // fleet summarize skips an unreadable report and says why; with no report left it exits 2.
    if (bad.name == "directory") continue;  // a directory is walked for *.json, not read
    SCOPED_TRACE("fleet " + bad.name);
    const DoctorRun run = testing::RunDoctor({"fleet", "summarize", bad.path, good_path},
                                             std::chrono::seconds(20));
    ASSERT_EQ(run.outcome.state, CommandOutcome::State::kExited) << run.Context();
    EXPECT_LT(run.seconds, 5.0) << run.Context();
    const std::string all = run.outcome.err + run.outcome.out;
    EXPECT_NE(all.find(bad.reason), std::string::npos) << run.Context();
  }
}

TEST(ConfigFiles, APolicyOverItsLimitIsRefusedWithTheLimit) {
  testing::TempTree tree;
  tree.File("big.toml", "# " + std::string(2 << 20, 'x') + "\n");
  const BadFile bad{"policy over 1 MiB", tree.At("big.toml"), "larger than 1 MiB"};
  ExpectRefused({"check", "--sysroot", kMachine, "--policy", bad.path}, bad, "check --policy");
  tree.File("big.csv", std::string(2 << 20, '#'));
  const BadFile csv{"thresholds over 1 MiB", tree.At("big.csv"), "larger than 1 MiB"};
  ExpectRefused({"check", "--sysroot", kMachine, "--thresholds", csv.path}, csv,
                "check --thresholds");
}

}  // namespace
}  // namespace rocm_doctor
