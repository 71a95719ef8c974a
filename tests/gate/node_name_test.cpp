// SPDX-License-Identifier: MIT
#include "gate/node_name.h"

#include <gtest/gtest.h>

#include "support/fake_system_view.h"

namespace rocm_doctor::gate {
namespace {

TEST(ResolveNodeName, FlagThenSlurmEnvironmentThenShortHostname) {
  testing::FakeSystemView host;
  host.File("/proc/sys/kernel/hostname", "gpu-07.cluster.example.org\n");
  auto from_host = ResolveNodeName(std::nullopt, host);
  ASSERT_TRUE(from_host) << from_host.error();
  EXPECT_EQ(from_host->name, "gpu-07");
  EXPECT_EQ(from_host->source, "/proc/sys/kernel/hostname");

  host.Env("SLURMD_NODENAME", "node007");
  auto from_env = ResolveNodeName(std::nullopt, host);
  ASSERT_TRUE(from_env) << from_env.error();
  EXPECT_EQ(from_env->name, "node007");
  EXPECT_EQ(from_env->source, "SLURMD_NODENAME");

  auto from_flag = ResolveNodeName(std::string("n1"), host);
  ASSERT_TRUE(from_flag) << from_flag.error();
  EXPECT_EQ(from_flag->name, "n1");
  EXPECT_EQ(from_flag->source, "--node");
}

TEST(ResolveNodeName, RefusesAnythingButOnePlainNodeName) {
  testing::FakeSystemView host;
  for (std::string bad : {"gpu[1-8]", "a,b", "ALL", ""}) {
    auto r = ResolveNodeName(bad, host);
    EXPECT_FALSE(r) << bad;
  }
  host.Env("SLURMD_NODENAME", "x y");
  auto env = ResolveNodeName(std::nullopt, host);
  ASSERT_FALSE(env);
  EXPECT_NE(env.error().find("SLURMD_NODENAME"), std::string::npos) << env.error();
}

TEST(ResolveNodeName, UnreadableOrEmptyHostnameAsksForNode) {
  testing::FakeSystemView none;
  auto missing = ResolveNodeName(std::nullopt, none);
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("--node"), std::string::npos);

  testing::FakeSystemView empty;
  empty.File("/proc/sys/kernel/hostname", "\n");
  auto blank = ResolveNodeName(std::nullopt, empty);
  ASSERT_FALSE(blank);
  EXPECT_NE(blank.error().find("empty"), std::string::npos) << blank.error();
}

}  // namespace
}  // namespace rocm_doctor::gate
