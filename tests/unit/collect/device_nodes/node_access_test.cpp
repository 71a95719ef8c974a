// SPDX-License-Identifier: MIT
// EvaluateAccess: the open(O_RDWR) rule, table-driven; /etc/group membership.
#include "collect/device_nodes/node_access.h"

#include <gtest/gtest.h>

#include "checks/platform/platform_fixture.h"

namespace rocm_doctor::testing {
namespace {

TEST(ModeString, Table) {
  EXPECT_EQ(ModeString(NodeType::kCharDevice, 0660), "crw-rw----");
  EXPECT_EQ(ModeString(NodeType::kCharDevice, 0666), "crw-rw-rw-");
  EXPECT_EQ(ModeString(NodeType::kRegular, 0644), "-rw-r--r--");
  EXPECT_EQ(ModeString(NodeType::kDirectory, 0755), "drwxr-xr-x");
  EXPECT_EQ(ModeString(NodeType::kCharDevice, 0), "c---------");
}

TEST(EvaluateAccess, Table) {
  const UserInfo alice = Alice();                 // alice(1000), sudo(27)
  const UserInfo alice_render = AliceInRender();  // + render(110), video(44)
  const UserInfo root = MakeUser("root", 0, {{"root", 0}});
  const UserInfo by_name = MakeUser("bob", 1001, {{"bob", 1001}, {"render", std::nullopt}});
  struct Case {
    const char* what;
    NodeInfo node;
    UserInfo user;
    bool rw;
  };
  const Case cases[] = {
      {"group member, 0660", CharNode(0660, 0, 110, "root", "render"), alice_render, true},
      {"not in group, 0660", CharNode(0660, 0, 110, "root", "render"), alice, false},
      {"other bits 0666", CharNode(0666, 0, 110, "root", "render"), alice, true},
      {"other read only 0664", CharNode(0664, 0, 110, "root", "render"), alice, false},
      {"uid 0 passes 0000", CharNode(0000, 0, 110, "root", "render"), root, true},
      {"owner bits 0600", CharNode(0600, 1000, 110, "alice", "render"), alice, true},
      {"owner bits win over other 0066", CharNode(0066, 1000, 110, "alice", "render"), alice,
       false},
      {"group bits win over other 0606", CharNode(0606, 0, 110, "root", "render"), alice_render,
       false},
      {"group read only 0640", CharNode(0640, 0, 110, "root", "render"), alice_render, false},
      {"primary gid", CharNode(0660, 0, 1000, "root", "alice"), alice, true},
      {"group by name only", CharNode(0660, 0, 110, "root", "render"), by_name, true},
      {"numeric gid without name", CharNode(0660, 0, 989, "", ""), alice, false},
      {"mode above 07777 masked", CharNode(0170660, 0, 110, "root", "render"), alice_render, true},
  };
  for (const Case& c : cases) {
    NodeAccess a = EvaluateAccess("/dev/kfd", c.node, c.user);
    EXPECT_EQ(a.read_write, c.rw) << c.what << ": " << a.reason;
    EXPECT_FALSE(a.reason.empty()) << c.what;
  }
}

TEST(EvaluateAccess, ReasonNamesModeOwnerUserAndGroups) {
  NodeAccess a = EvaluateAccess("/dev/kfd", CharNode(0660, 0, 110, "root", "render"), Alice());
  EXPECT_FALSE(a.read_write);
  EXPECT_FALSE(a.in_node_group);
  EXPECT_EQ(a.reason,
            "crw-rw---- root:render; alice (groups: alice, sudo) is not in group render; the "
            "other bits do not allow read-write");
  NodeAccess numeric = EvaluateAccess("/dev/kfd", CharNode(0660, 0, 989, "", ""), Alice());
  EXPECT_NE(numeric.reason.find("crw-rw---- 0:989"), std::string::npos) << numeric.reason;
  EXPECT_NE(numeric.reason.find("not in group gid 989"), std::string::npos) << numeric.reason;
}

TEST(EvaluateAccess, MissingAndUnstatable) {
  NodeInfo missing;  // kNotFound
  NodeAccess a = EvaluateAccess("/dev/kfd", missing, Alice());
  EXPECT_FALSE(a.read_write);
  EXPECT_EQ(a.reason, "/dev/kfd does not exist");
  NodeInfo denied;
  denied.status = FsStatus::kPermissionDenied;
  denied.error = "Permission denied";
  NodeAccess b = EvaluateAccess("/dev/kfd", denied, MakeUser("root", 0, {{"root", 0}}));
  EXPECT_FALSE(b.read_write);  // even uid 0: nothing was seen
  EXPECT_NE(b.reason.find("cannot stat /dev/kfd: permission denied"), std::string::npos);
}

TEST(EvaluateAccessInNamespace, RootlessRootHasNoOverrideForUnmappedIds) {
  const UserInfo root = MakeUser("root", 0, {{"root", 0}});
  NodeInfo nogroup = CharNode(0660, kOverflowId, kOverflowId, "nobody", "nogroup");
  NodeAccess a = EvaluateAccessInNamespace("/dev/kfd", nogroup, root, true);
  EXPECT_FALSE(a.read_write);
  EXPECT_TRUE(a.group_unmapped);
  EXPECT_NE(a.reason.find("uid 0 of a user namespace"), std::string::npos) << a.reason;
  // Outside a user namespace root passes.
  EXPECT_TRUE(EvaluateAccessInNamespace("/dev/kfd", nogroup, root, false).read_write);
  // keep-groups: the process holds the host group, shown as 65534 too.
  const UserInfo kept = MakeUser("root", 0, {{"root", 0}, {"nogroup", kOverflowId}});
  EXPECT_TRUE(EvaluateAccessInNamespace("/dev/kfd", nogroup, kept, true).read_write);
  // Mapped owner and group: root keeps its override in its namespace.
  EXPECT_TRUE(
      EvaluateAccessInNamespace("/dev/kfd", CharNode(0660, 0, 110, "root", "render"), root, true)
          .read_write);
}

TEST(EtcGroupListsMember, Table) {
  const std::string group =
      "root:x:0:\nvideo:x:44:bob\nrender:x:110:carol, alice\nbroken line\n"
      "::\nsudo:x:27\nweird:x:notanumber:alice\n";
  EXPECT_TRUE(EtcGroupListsMember(group, 110, "render", "alice"));
  EXPECT_TRUE(EtcGroupListsMember(group, 110, "", "carol"));
  EXPECT_FALSE(EtcGroupListsMember(group, 44, "video", "alice"));
  EXPECT_FALSE(EtcGroupListsMember(group, 27, "sudo", "alice"));
  EXPECT_TRUE(EtcGroupListsMember(group, 5, "weird", "alice"));  // by name
  EXPECT_FALSE(EtcGroupListsMember(group, 110, "render", ""));
  EXPECT_FALSE(EtcGroupListsMember("", 110, "render", "alice"));
  EXPECT_FALSE(EtcGroupListsMember(std::string(100, '\0'), 0, "", "alice"));
}

}  // namespace
}  // namespace rocm_doctor::testing
