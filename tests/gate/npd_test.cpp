// SPDX-License-Identifier: MIT
#include "gate/npd.h"

#include <gtest/gtest.h>

namespace rocm_doctor::gate {
namespace {

GateSummary Summary(Verdict verdict, std::string code = {}, std::string message = {}) {
  GateSummary s;
  s.verdict = verdict;
  s.code = std::move(code);
  s.message = std::move(message);
  s.checks_run = 22;
  return s;
}

TEST(AnswerForNpd, ExitStatusFollowsNpdsProtocol) {
  EXPECT_EQ(AnswerForNpd(Summary(Verdict::kPass), false, true).exit_code, kNpdOk);
  EXPECT_EQ(AnswerForNpd(Summary(Verdict::kWarn, "hardware.bar.small"), false, true).exit_code,
            kNpdOk);
  EXPECT_EQ(AnswerForNpd(Summary(Verdict::kWarn, "hardware.bar.small"), true, true).exit_code,
            kNpdProblem);
  EXPECT_EQ(AnswerForNpd(Summary(Verdict::kFail, "driver.kfd.missing"), false, true).exit_code,
            kNpdProblem);
  EXPECT_EQ(AnswerForNpd(Summary(Verdict::kUnknown, "core.run.deadline"), false, true).exit_code,
            kNpdUnknown);
}

TEST(AnswerForNpd, MessageNamesTheRootCauseCodeFirst) {
  NpdAnswer a =
      AnswerForNpd(Summary(Verdict::kFail, "driver.kfd.permission_denied",
                           "/dev/kfd is crw-rw---- root:render, and alice is not in group render"),
                   false, true);
  EXPECT_EQ(a.message.rfind("driver.kfd.permission_denied: /dev/kfd is crw-rw----", 0), 0u)
      << a.message;
  EXPECT_LE(a.message.size(), kNpdMaxOutput);

  EXPECT_EQ(AnswerForNpd(Summary(Verdict::kPass), false, true).message,
            "rocm-doctor: healthy (22 checks, probes skipped)");
  EXPECT_EQ(AnswerForNpd(Summary(Verdict::kPass), false, false).message,
            "rocm-doctor: healthy (22 checks)");
  GateSummary more = Summary(Verdict::kFail, "hardware.pcie.link_degraded", "x");
  more.more_causes = 2;
  EXPECT_EQ(AnswerForNpd(more, false, true).message, "hardware.pcie.link_degraded (+2): x");
  EXPECT_EQ(
      AnswerForNpd(Summary(Verdict::kUnknown, "core.run.deadline", "late"), false, true).message,
      "could not tell: core.run.deadline: late");
}

TEST(AnswerForNpd, LongMessagesFitIn80BytesWhateverTheyHold) {
  std::string long_message(500, 'x');
  for (std::string message : {long_message, std::string(300, '\n'),
                              std::string(30, 'a') + "ünïcödé ünïcödé ünïcödé ünïcödé ünïcödé",
                              std::string(40, '\xc3') + std::string(40, '\xa9')}) {
    NpdAnswer a =
        AnswerForNpd(Summary(Verdict::kFail, "hardware.gpu.none_found", message), false, true);
    EXPECT_LE(a.message.size(), kNpdMaxOutput);
    EXPECT_EQ(a.message.find('\n'), std::string::npos);
    EXPECT_EQ(a.message.rfind("hardware.gpu.none_found", 0), 0u);
  }
}

TEST(OneLineWithin, CutsOnACharacterBoundary) {
  EXPECT_EQ(OneLineWithin("short", 80), "short");
  EXPECT_EQ(OneLineWithin("a\tb\nc\x7f", 80), "a b c ");
  EXPECT_EQ(OneLineWithin("abcdefghij", 8), "abcde...");
  // "é" is two bytes (c3 a9): a cut that would split it backs up before it.
  EXPECT_EQ(OneLineWithin("abcd\xc3\xa9xyz", 8), "abcd...");
  EXPECT_EQ(OneLineWithin("abc \xc3\xa9\xc3\xa9", 8), "abc \xc3\xa9\xc3\xa9") << "8 bytes fit";
  EXPECT_EQ(OneLineWithin("abc \xc3\xa9\xc3\xa9\xc3\xa9", 8), "abc...");
  EXPECT_EQ(OneLineWithin("abcdef", 3), "");
  EXPECT_EQ(OneLineWithin("", 80), "");
}

}  // namespace
}  // namespace rocm_doctor::gate
