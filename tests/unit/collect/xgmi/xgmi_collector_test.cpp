// SPDX-License-Identifier: MIT
// CollectFacts<XgmiFacts>: amdgpu_xgmi.c's attributes, EINVAL kept apart from other errors.
#include <gtest/gtest.h>

#include "checks/hardware/datacenter_fixture.h"
#include "rocm_doctor/facts/xgmi.h"

namespace rocm_doctor {
namespace {

TEST(XgmiCollector, ReadsHiveMembershipAndKeepsEinvalApart) {
  testing::EinvalView view;
  testing::HiveMember(view, "0000:05:00.0", 77, 0);
  testing::HiveMember(view, "0000:26:00.0", 77, 1).Dir();
  view.Einval("/sys/bus/pci/devices/0000:05:00.0/xgmi_error");
  view.Unreadable("/sys/bus/pci/devices/0000:26:00.0/xgmi_error");
  testing::Mi300x("0000:46:00.0").Install(view);  // not in a hive
  testing::Other("0000:00:01.0", "0x1022", "0x14ab", "0x060400").Install(view);

  XgmiFacts facts = CollectFacts<XgmiFacts>(view);
  ASSERT_EQ(facts.devices.size(), 3u);
  const XgmiDevice& a = facts.devices[0];
  EXPECT_TRUE(a.in_hive);
  EXPECT_EQ(a.hive_id.value, 77u);
  EXPECT_EQ(a.physical_id.value, 0u);
  EXPECT_EQ(a.device_id.value, 9000u);
  EXPECT_TRUE(a.error_unsupported);
  EXPECT_FALSE(a.error_count.known());
  const XgmiDevice& b = facts.devices[1];
  EXPECT_FALSE(b.error_unsupported);  // permission denied is not EINVAL
  EXPECT_FALSE(b.error_count.known());
  EXPECT_EQ(b.physical_id.value, 1u);
  const XgmiDevice& c = facts.devices[2];
  EXPECT_FALSE(c.in_hive);
  EXPECT_FALSE(c.hive_id.known());
}

TEST(XgmiCollector, HostileValuesAreUnknown) {
  testing::EinvalView view;
  testing::HiveMember(view, "0000:05:00.0", 1, 0);
  view.File("/sys/bus/pci/devices/0000:05:00.0/xgmi_hive_info/xgmi_hive_id",
            "99999999999999999999999\n");
  view.File("/sys/bus/pci/devices/0000:05:00.0/xgmi_error", std::string(64, '\0'));
  XgmiFacts facts = CollectFacts<XgmiFacts>(view);
  ASSERT_EQ(facts.devices.size(), 1u);
  EXPECT_FALSE(facts.devices[0].hive_id.known());
  EXPECT_FALSE(facts.devices[0].error_count.known());
  EXPECT_FALSE(facts.devices[0].error_unsupported);
}

}  // namespace
}  // namespace rocm_doctor
