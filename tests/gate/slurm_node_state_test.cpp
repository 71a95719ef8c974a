// SPDX-License-Identifier: MIT
#include "gate/slurm_node_state.h"

#include <gtest/gtest.h>

namespace rocm_doctor::gate {
namespace {

// `scontrol show node vm` from Debian 12's Slurm 22.05.8 (the one-node cluster of
// tests/slurm/slurm_gate_test.py), after `scontrol update nodename=vm state=drain
// "reason=rocm-doctor: hardware.gpu.none_found"`.
constexpr std::string_view kDrained =
    "NodeName=vm Arch=x86_64 CoresPerSocket=1 \n"
    "   CPUAlloc=0 CPUEfctv=2 CPUTot=2 CPULoad=1.83\n"
    "   AvailableFeatures=(null)\n"
    "   ActiveFeatures=(null)\n"
    "   Gres=(null)\n"
    "   NodeAddr=127.0.0.1 NodeHostName=vm Version=22.05.8\n"
    "   OS=Linux 6.18.44-fc-v857 #1 SMP PREEMPT_DYNAMIC @0 \n"
    "   RealMemory=1 AllocMem=0 FreeMem=20230 Sockets=2 Boards=1\n"
    "   State=IDLE+DRAIN ThreadsPerCore=1 TmpDisk=0 Weight=1 Owner=N/A MCS_label=N/A\n"
    "   Partitions=debug \n"
    "   BootTime=2026-12-01T11:09:53 SlurmdStartTime=2026-12-01T14:23:37\n"
    "   LastBusyTime=2026-12-01T14:23:43\n"
    "   CfgTRES=cpu=2,mem=1M,billing=2\n"
    "   AllocTRES=\n"
    "   CapWatts=n/a\n"
    "   CurrentWatts=0 AveWatts=0\n"
    "   ExtSensorsJoules=n/s ExtSensorsWatts=0 ExtSensorsTemp=n/s\n"
    "   Reason=rocm-doctor: hardware.gpu.none_found [root@2026-12-01T14:23:43]\n"
    "\n";

// The same node idle, with a comment that itself holds "State=" (free text).
constexpr std::string_view kIdleWithComment =
    "NodeName=vm Arch=x86_64 CoresPerSocket=1 \n"
    "   OS=Linux 6.18.44-fc-v857 #1 SMP PREEMPT_DYNAMIC @0 \n"
    "   Comment=hello State=DOWN\n"
    "   State=IDLE ThreadsPerCore=1 TmpDisk=0 Weight=1 Owner=N/A MCS_label=N/A\n"
    "   Partitions=debug \n";

TEST(ParseScontrolShowNode, DrainedNodeGivesStateFlagsReasonAndWhoSetIt) {
  auto state = ParseScontrolShowNode(kDrained, "vm");
  ASSERT_TRUE(state) << state.error();
  EXPECT_EQ(state->name, "vm");
  EXPECT_EQ(state->state, "IDLE+DRAIN");
  EXPECT_EQ(state->base, "IDLE");
  EXPECT_EQ(state->flags, std::vector<std::string>{"DRAIN"});
  EXPECT_TRUE(state->drained());
  EXPECT_FALSE(state->down());
  EXPECT_EQ(state->reason, "rocm-doctor: hardware.gpu.none_found");
  EXPECT_EQ(state->reason_user, "root");
}

TEST(ParseScontrolShowNode, IdleNodeHasNoReasonAndCommentTextIsNotTheState) {
  auto state = ParseScontrolShowNode(kIdleWithComment, "vm");
  ASSERT_TRUE(state) << state.error();
  EXPECT_EQ(state->state, "IDLE");
  EXPECT_TRUE(state->flags.empty());
  EXPECT_FALSE(state->drained());
  EXPECT_FALSE(state->reason.has_value());
}

TEST(ParseScontrolShowNode, DownDrainedNotRespondingAndCrlf) {
  auto state = ParseScontrolShowNode(
      "NodeName=gpu-01 Arch=x86_64\r\n   State=DOWN+DRAIN+NOT_RESPONDING ThreadsPerCore=2\r\n"
      "   Reason=Not responding [slurm@2026-01-02T03:04:05]\r\n",
      "gpu-01");
  ASSERT_TRUE(state) << state.error();
  EXPECT_EQ(state->base, "DOWN");
  EXPECT_TRUE(state->down());
  EXPECT_TRUE(state->drained());
  EXPECT_TRUE(state->HasFlag("NOT_RESPONDING"));
  EXPECT_EQ(state->reason, "Not responding");
  EXPECT_EQ(state->reason_user, "slurm");
}

TEST(ParseScontrolShowNode, ReasonWithoutUserSuffixOrWithBracketsIsKeptWhole) {
  auto plain = ParseScontrolShowNode("NodeName=n1\n State=IDLE+DRAIN\n Reason=maintenance\n", "n1");
  ASSERT_TRUE(plain) << plain.error();
  EXPECT_EQ(plain->reason, "maintenance");
  EXPECT_FALSE(plain->reason_user.has_value());

  auto brackets =
      ParseScontrolShowNode("NodeName=n1\n State=IDLE+DRAIN\n Reason=disk [sda] bad\n", "n1");
  ASSERT_TRUE(brackets) << brackets.error();
  EXPECT_EQ(brackets->reason, "disk [sda] bad");

  auto both = ParseScontrolShowNode(
      "NodeName=n1\n State=MIXED+DRAIN\n Reason=ticket [OPS-12] | x=y "
      "[admin@2026-01-01T00:00:00]\n",
      "n1");
  ASSERT_TRUE(both) << both.error();
  EXPECT_EQ(both->reason, "ticket [OPS-12] | x=y");
  EXPECT_EQ(both->reason_user, "admin");
}

TEST(ParseScontrolShowNode, PicksTheRecordOfTheNodeAsked) {
  auto state = ParseScontrolShowNode(
      "NodeName=a\n   State=DOWN\n   Reason=gone [root@t]\n\n"
      "NodeName=b\n   State=IDLE\n",
      "b");
  ASSERT_TRUE(state) << state.error();
  EXPECT_EQ(state->name, "b");
  EXPECT_EQ(state->state, "IDLE");
  EXPECT_FALSE(state->reason.has_value());
}

TEST(ParseScontrolShowNode, HostileInputIsAnErrorNeverAGuess) {
  struct Case {
    std::string_view text;
    std::string_view error_has;
  };
  const Case cases[] = {
      {"", "printed nothing"},
      {"   \n\n", "printed nothing"},
      {"Node vm not found\n", "does not know node vm"},
      {"NodeName=other\n   State=IDLE\n", "no record for node vm"},
      {"NodeName=vm Arch=x86_64\n   CPUAlloc=0\n", "has no State="},
      {"NodeName=vm\n   Reason=State=IDLE\n", "has no State="},
      {"\xff\xfe garbage \x01\n", "no record"},
      {"NodeName=vmx\n   State=IDLE\n", "no record for node vm"},
  };
  for (const Case& c : cases) {
    auto state = ParseScontrolShowNode(c.text, "vm");
    ASSERT_FALSE(state) << "accepted: " << c.text;
    EXPECT_NE(state.error().find(c.error_has), std::string::npos)
        << c.text << ": " << state.error();
  }
}

TEST(ParseScontrolShowNode, TruncatedOutputWithoutTrailingNewlineStillParses) {
  auto state = ParseScontrolShowNode("NodeName=vm\n   State=ALLOCATED+DRAIN", "vm");
  ASSERT_TRUE(state) << state.error();
  EXPECT_EQ(state->base, "ALLOCATED");
  EXPECT_TRUE(state->drained());
}

TEST(SaysNodeNotFound, OnlyScontrolsExactAnswer) {
  EXPECT_TRUE(SaysNodeNotFound("Node vm not found\n"));
  EXPECT_TRUE(SaysNodeNotFound("slurm_load_node error\nNode gpu-1 not found"));
  EXPECT_FALSE(SaysNodeNotFound("Unable to contact slurm controller (connect failure)"));
  EXPECT_FALSE(SaysNodeNotFound("Reason=file not found"));
  EXPECT_FALSE(SaysNodeNotFound(""));
}

}  // namespace
}  // namespace rocm_doctor::gate
