// SPDX-License-Identifier: MIT
#include "hip/bench/host_memory.h"

#include <gtest/gtest.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstring>
#include <utility>

namespace rocm_doctor::hip_helper {
namespace {

TEST(SysfsNumaNode, NodeNumbersOnly) {
  EXPECT_EQ(ParseSysfsNumaNode("0\n"), 0);
  EXPECT_EQ(ParseSysfsNumaNode("3"), 3);
  EXPECT_EQ(ParseSysfsNumaNode("1 \n"), 1);
  EXPECT_FALSE(ParseSysfsNumaNode("-1\n"));  // no NUMA information (single-node VMs)
  EXPECT_FALSE(ParseSysfsNumaNode(""));
  EXPECT_FALSE(ParseSysfsNumaNode("\n"));
  EXPECT_FALSE(ParseSysfsNumaNode("node0"));
  EXPECT_FALSE(ParseSysfsNumaNode("1 2"));
  EXPECT_FALSE(ParseSysfsNumaNode("4096"));  // beyond any node mask we pass to mbind
  EXPECT_FALSE(ReadPciNumaNode("no-such-device"));
}

TEST(HostMemory, ZeroFilledAndMovable) {
  std::string error;
  HostMemory memory = HostMemory::Allocate(1 << 20, std::nullopt, &error);
  ASSERT_NE(memory.data(), nullptr) << error;
  EXPECT_EQ(memory.size(), 1U << 20);
  EXPECT_FALSE(memory.numa_bound());
  EXPECT_EQ(memory.numa_note(), "the GPU reports no NUMA node");
  const auto* bytes = static_cast<const unsigned char*>(memory.data());
  EXPECT_EQ(bytes[0], 0);
  EXPECT_EQ(bytes[(1 << 20) - 1], 0);
  HostMemory moved = std::move(memory);
  EXPECT_EQ(memory.data(), nullptr);  // NOLINT(bugprone-use-after-move): checking the move
  EXPECT_NE(moved.data(), nullptr);
  std::memset(moved.data(), 0xAB, moved.size());
}

TEST(HostMemory, BindingIsReportedEitherWay) {
  std::string error;
  // Node 0 exists on any Linux machine; a kernel without NUMA support refuses mbind (ENOSYS).
  const HostMemory memory = HostMemory::Allocate(1 << 20, 0, &error);
  ASSERT_NE(memory.data(), nullptr) << error;
  if (memory.numa_bound()) {
    EXPECT_EQ(memory.numa_note(), "bound to node 0");
  } else {
    EXPECT_EQ(memory.numa_note().rfind("mbind: ", 0), 0U) << memory.numa_note();
  }
}

TEST(HostMemory, BadRequestsFailWithAReason) {
  std::string error;
  EXPECT_EQ(HostMemory::Allocate(0, std::nullopt, &error).data(), nullptr);
  EXPECT_EQ(error, "zero-byte host buffer");
  const HostMemory memory = HostMemory::Allocate(1 << 16, std::nullopt, &error);
  ASSERT_NE(memory.data(), nullptr);
  EXPECT_EQ(BindToNumaNode(memory.data(), memory.size(), 5000), "NUMA node 5000 out of range");
  EXPECT_EQ(BindToNumaNode(memory.data(), memory.size(), -1), "NUMA node -1 out of range");
  // A node that no machine here has: the kernel says EINVAL (or ENOSYS without NUMA).
  const std::optional<std::string> missing = BindToNumaNode(memory.data(), memory.size(), 1000);
  ASSERT_TRUE(missing);
  EXPECT_EQ(missing->rfind("mbind: ", 0), 0U) << *missing;
}

int ThreadPolicyMode() {
  int mode = -1;
  syscall(SYS_get_mempolicy, &mode, nullptr, 0UL, nullptr, 0U);
  return mode;
}

TEST(ThreadMemoryPolicy, BindsForItsScopeAndRestores) {
  const int before = ThreadPolicyMode();
  {
    const ScopedThreadMemoryPolicy policy(0);
    if (policy.bound()) {
      EXPECT_EQ(policy.note(), "bound to node 0");
      EXPECT_EQ(ThreadPolicyMode(), 2);  // MPOL_BIND
      std::string error;
      const HostMemory memory = HostMemory::Allocate(1 << 20, std::nullopt, &error);
      ASSERT_NE(memory.data(), nullptr);
      EXPECT_EQ(NodeOfPage(memory.data()), 0);  // first-touched under the policy
    } else {
      EXPECT_EQ(policy.note().rfind("set_mempolicy: ", 0), 0U) << policy.note();
    }
  }
  EXPECT_EQ(ThreadPolicyMode(), before);
}

TEST(ThreadMemoryPolicy, NothingToBind) {
  const ScopedThreadMemoryPolicy none(std::nullopt);
  EXPECT_FALSE(none.bound());
  EXPECT_EQ(none.note(), "the GPU reports no NUMA node");
  const ScopedThreadMemoryPolicy bad(5000);
  EXPECT_FALSE(bad.bound());
  EXPECT_EQ(bad.note(), "NUMA node 5000 out of range");
}

}  // namespace
}  // namespace rocm_doctor::hip_helper
