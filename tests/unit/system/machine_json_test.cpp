// SPDX-License-Identifier: MIT
#include "system/machine_json.h"

#include <gtest/gtest.h>

#include "system/probe_json.h"

namespace rocm_doctor::system {
namespace {

TEST(AccountDb, ParsesAndSkipsHostileLines) {
  const AccountDb db = AccountDb::Parse(
      "root:x:0:0:root:/root:/bin/bash\nalice:x:1000:1000::/home/alice:/bin/sh\n"
      "broken\n:x:5:5\nbig:x:99999999999:1\nneg:x:-1:1\n",
      "render:x:110:alice\nvideo:x:44:\nnonum:x:abc:\n\n");
  EXPECT_EQ(db.Uid("alice"), std::optional<std::uint32_t>(1000));
  EXPECT_EQ(db.Uid("big"), std::nullopt);
  EXPECT_EQ(db.Uid("neg"), std::nullopt);
  EXPECT_EQ(db.Gid("render"), std::optional<std::uint32_t>(110));
  EXPECT_EQ(db.Gid("nonum"), std::nullopt);
  EXPECT_EQ(db.GroupName(44), "video");
  EXPECT_EQ(db.GroupName(0), "root");  // root needs no etc/group
  EXPECT_EQ(db.UserName(4242), "");
}

TEST(MachineJson, SerialisedInfoParsesBack) {
  MachineInfo info;
  info.description = "round trip";
  info.uname.release = "6.8.0";
  info.user = UserInfo{.name = "alice", .uid = 1000, .gid = 1000,
                       .groups = {{"alice", 1000}, {"", 2000}, {"render", 110}}, .source = ""};
  info.env["PATH"] = "/usr/bin";
  NodeInfo kfd;
  kfd.status = FsStatus::kOk;
  kfd.type = NodeType::kCharDevice;
  kfd.major = 234;
  kfd.mode = 0660;
  kfd.gid = 110;
  kfd.owner = "root";
  kfd.group = "render";
  info.nodes["/dev/kfd"] = kfd;
  info.read_errors["/sys/x"] = {FsStatus::kPermissionDenied, "Permission denied"};
  auto parsed = ParseMachineJson(MachineJsonText(info), AccountDb());
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  EXPECT_EQ(parsed->description, "round trip");
  EXPECT_EQ(parsed->uname.release, std::optional<std::string>("6.8.0"));
  ASSERT_EQ(parsed->user.groups.size(), 3u);
  EXPECT_EQ(parsed->user.groups[1].gid, std::optional<std::uint32_t>(2000));
  EXPECT_EQ(parsed->user.groups[2].gid, std::optional<std::uint32_t>(110));  // via "gids"
  const NodeInfo& node = parsed->nodes.at("/dev/kfd");
  EXPECT_EQ(node.mode, 0660u);
  EXPECT_EQ(node.gid, 110u);
  EXPECT_EQ(node.group, "render");
  EXPECT_EQ(parsed->read_errors.at("/sys/x").status, FsStatus::kPermissionDenied);
}

TEST(MachineJson, EmptyObjectIsAllDefaults) {
  auto parsed = ParseMachineJson("{}", AccountDb());
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(parsed->user.name, "root");
  EXPECT_EQ(parsed->user.uid, 0u);
  EXPECT_TRUE(parsed->env.empty());
  EXPECT_TRUE(parsed->nodes.empty());
}

TEST(ProbeJson, RoundTripAndHostileInput) {
  CommandSpec spec;
  spec.name = "dmesg";
  spec.argv = {"dmesg"};
  CommandOutcome outcome;
  outcome.state = CommandOutcome::State::kTimedOut;
  outcome.signal = 9;
  outcome.out = "partial";
  outcome.truncated = true;
  outcome.wall_seconds = 5.0;
  auto parsed = ParseProbeJson(ProbeJsonText(spec, outcome));
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  EXPECT_EQ(parsed->state, CommandOutcome::State::kTimedOut);
  EXPECT_EQ(parsed->signal, 9);
  EXPECT_TRUE(parsed->truncated);
  EXPECT_EQ(parsed->recorded_argv, spec.argv);  // what was run, for a fix to name
  for (const char* bad : {"", "[]", "{}", "{\"state\": \"weird\"}", "{\"state\": \"exited\"}",
                          "{\"state\": \"exited\", \"exit_code\": \"zero\"}",
                          "{\"state\": \"exited\", \"exit_code\": 0, \"argv\": \"sh -c x\"}",
                          "{\"state\": \"exited\", \"exit_code\": 0, \"argv\": [1]}"}) {
    EXPECT_FALSE(ParseProbeJson(bad).ok()) << bad;
  }
  EXPECT_FALSE(ParseKernelLogJson("{\"state\": \"ok\", \"lines\": [1]}").ok());
  EXPECT_TRUE(IsValidProbeName("hip-probe.v1_2"));
  for (const char* name : {"", ".hidden", "a/b", "..", "kernel-log", "sp ace"}) {
    EXPECT_FALSE(IsValidProbeName(name)) << name;
  }
}

}  // namespace
}  // namespace rocm_doctor::system
