// `rocm-doctor bench` as a user meets it (issue 15): it accepts the options its own messages
// advertise (--stress-seconds S, within 1..86400), and bad values are exit 2 with the reason.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "../hostile/doctor_run.h"

namespace rocm_doctor {
namespace {

using testing::DoctorRun;
using testing::RunDoctor;

bool Has(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

std::string Machine(const std::string& name) {
  return std::string(ROCMDOC_SOURCE_DIR) + "/tests/machines/" + name;
}

TEST(CliBench, StressSecondsAreAccepted) {
  const DoctorRun help = RunDoctor({"bench", "--help"});
  EXPECT_TRUE(Has(help.outcome.out, "--stress-seconds")) << help.outcome.out;
  for (std::string seconds : {"1", "60", "86400"}) {
    const DoctorRun run = RunDoctor(
        {"bench", "--sysroot", Machine("mi300x-bench-healthy"), "--stress-seconds", seconds});
    EXPECT_EQ(run.outcome.exit_code, 0) << seconds << run.Context();
  }
}

TEST(CliBench, StressSecondsOutOfRangeAreExitTwo) {
  const std::vector<std::string> bad = {"0",  "-1",   "86401", "1e9", "2.5", "abc",
                                        "",   "99999999999999999999", "-0.5", "nan", "inf"};
  for (const std::string& seconds : bad) {
    const DoctorRun run = RunDoctor(
        {"bench", "--sysroot", Machine("mi300x-bench-healthy"), "--stress-seconds", seconds});
    EXPECT_EQ(run.outcome.exit_code, 2) << "[" << seconds << "]" << run.Context();
    EXPECT_TRUE(Has(run.outcome.err, "--stress-seconds")) << run.Context();
    EXPECT_TRUE(Has(run.outcome.err, "rocm-doctor bench --help")) << run.Context();
    const DoctorRun json = RunDoctor({"bench", "--format", "json", "--sysroot",
                                      Machine("mi300x-bench-healthy"), "--stress-seconds", seconds});
    EXPECT_EQ(json.outcome.exit_code, 2) << json.Context();
    ASSERT_TRUE(json.JsonOk()) << json.Context();
    EXPECT_TRUE(Has(json.report.value("error", ""), "--stress-seconds")) << json.Context();
  }
}

}  // namespace
}  // namespace rocm_doctor
