// SPDX-License-Identifier: MIT
// CollectPci on fake trees built from real captures (see tests/data/captures/PROVENANCE.md)
// and on hostile ones.
#include <gtest/gtest.h>

#include <string>

#include "checks/hardware/fake_pci.h"
#include "rocm_doctor/fact_store.h"
#include "support/fake_system_view.h"

namespace rocm_doctor {
namespace {

using testing::FakePciFunction;
using testing::FakeSystemView;

const std::string kDev = "/sys/bus/pci/devices/";

// amdgpu-sysfs-rs tests/data/rx6900xt: every file NUL-padded to 4096 bytes by the capture.
std::string Padded(std::string value) {
  value.resize(4096, '\0');
  return value;
}

TEST(CollectPci, Rx6900XtNulPaddedCapture) {
  FakeSystemView view;
  std::string d = kDev + "0000:0c:00.0/";
  view.File(d + "vendor", Padded("0x1002\n"))
      .File(d + "revision", Padded("0xc0\n"))
      .File(d + "class", Padded("0x030000\n"))
      .File(d + "subsystem_vendor", Padded("0x1da2\n"))
      .File(d + "subsystem_device", Padded("0x440e\n"))
      .File(d + "numa_node", Padded("-1\n"))
      .File(d + "current_link_speed", Padded("16.0 GT/s PCIe\n"))
      .File(d + "max_link_speed", Padded("16.0 GT/s PCIe\n"))
      .File(d + "current_link_width", Padded("16\n"))
      .File(d + "max_link_width", Padded("16\n"))
      .File(d + "mem_info_vram_total", Padded("17163091968\n"))
      .File(d + "mem_info_vis_vram_total", Padded("17163091968\n"))
      // The capture has no `device` file; its uevent names the ID.
      .File(d + "uevent", Padded("DRIVER=amdgpu\nPCI_CLASS=30000\nPCI_ID=1002:73BF\n"
                                 "PCI_SUBSYS_ID=1DA2:440E\nPCI_SLOT_NAME=0000:0c:00.0\n"));
  PciInventory pci = CollectPci(view);
  ASSERT_TRUE(pci.error.empty()) << pci.error;
  ASSERT_EQ(pci.devices.size(), 1u);
  const PciDevice& dev = pci.devices[0];
  EXPECT_EQ(dev.bdf, "0000:0c:00.0");
  EXPECT_EQ(dev.sysfs_path, kDev + "0000:0c:00.0");
  EXPECT_EQ(dev.vendor_id.value, 0x1002);
  EXPECT_EQ(dev.device_id.value, 0x73bf);
  EXPECT_EQ(dev.device_id.source, d + "uevent PCI_ID");
  EXPECT_EQ(dev.revision.value, 0xc0);
  EXPECT_EQ(dev.class_code.value, 0x030000u);
  EXPECT_EQ(dev.subsystem_vendor_id.value, 0x1da2);
  EXPECT_EQ(dev.subsystem_device_id.value, 0x440e);
  EXPECT_EQ(dev.numa_node.value, -1);
  EXPECT_EQ(dev.current_link_speed_gts.value, 16.0);
  EXPECT_EQ(dev.max_link_width.value, 16);
  EXPECT_EQ(dev.vram_total_bytes.value, 17163091968ULL);
  EXPECT_EQ(dev.vis_vram_total_bytes.value, 17163091968ULL);
  // No `driver` link in the capture: known, and empty (no driver bound).
  ASSERT_TRUE(dev.driver.known());
  EXPECT_EQ(*dev.driver, "");
  EXPECT_TRUE(dev.ras.empty());
  EXPECT_TRUE(dev.ras_error.empty());
  ASSERT_EQ(pci.AmdGpus().size(), 1u);
}

TEST(CollectPci, R7240SmallBarAndNarrowLink) {
  // LACT tests/snapshots/amd/r7-240/card1/device.
  FakePciFunction f;
  f.bdf = "0000:01:00.0";
  f.device = "0x6617";
  f.revision = "0x87";
  f.current_link_speed = "5.0 GT/s PCIe";
  f.max_link_speed = "8.0 GT/s PCIe";
  f.current_link_width = "4";
  f.max_link_width = "8";
  f.vram_total = "2147483648";
  f.vis_vram_total = "268435456";
  FakeSystemView view;
  f.Install(view);
  PciInventory pci = CollectPci(view);
  ASSERT_EQ(pci.devices.size(), 1u);
  const PciDevice& dev = pci.devices[0];
  EXPECT_EQ(dev.device_id.value, 0x6617);
  EXPECT_EQ(dev.device_id.source, kDev + "0000:01:00.0/device");
  EXPECT_EQ(dev.current_link_speed_gts.value, 5.0);
  EXPECT_EQ(dev.max_link_speed_gts.value, 8.0);
  EXPECT_EQ(dev.current_link_width.value, 4);
  EXPECT_EQ(dev.vis_vram_total_bytes.value, 268435456ULL);
  EXPECT_EQ(dev.driver.value, "amdgpu");
  EXPECT_EQ(dev.drm_cards, std::vector<std::string>{"card0"});
  EXPECT_EQ(dev.render_nodes, std::vector<std::string>{"renderD128"});
}

TEST(CollectPci, SortsAndKeepsNonGpuFunctionsWithoutAmdgpuAttributes) {
  FakeSystemView view;
  testing::Other("0000:00:14.0", "0x8086", "0xa0ed", "0x0c0330").Install(view);
  testing::Rx7900Xtx("0000:03:00.0").Install(view);
  FakePciFunction audio = testing::Other("0000:03:00.1", "0x1002", "0xab30", "0x040300");
  audio.vram_total = "1";  // not read: not a GPU function
  audio.Install(view);
  PciInventory pci = CollectPci(view);
  ASSERT_EQ(pci.devices.size(), 3u);
  EXPECT_EQ(pci.devices[0].bdf, "0000:00:14.0");
  EXPECT_EQ(pci.devices[2].bdf, "0000:03:00.1");
  EXPECT_FALSE(pci.devices[2].IsAmdGpu());
  EXPECT_FALSE(pci.devices[2].vram_total_bytes.known());
  EXPECT_TRUE(pci.devices[2].vram_total_bytes.error.empty());
  ASSERT_EQ(pci.AmdGpus().size(), 1u);
  EXPECT_EQ(pci.AmdGpus()[0]->bdf, "0000:03:00.0");
}

TEST(CollectPci, HostileIdFiles) {
  struct Case {
    std::string content;
    bool known;
  };
  const Case cases[] = {
      {"0x1002\n", true},
      {"1002", true},
      {"0x1002   \n", true},
      {"0x1002\n" + std::string(4090, '\0'), true},
      {"", false},
      {"0x", false},
      {"0xZZ", false},
      {std::string(4096, '\0'), false},
      {"0x10020", false},               // more than 16 bits
      {"0xffffffffffffffffff", false},  // overflow
      {"Unknown", false},
      {"\xff\xfe\x00\x01", false},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.content.substr(0, 20));
    FakeSystemView view;
    view.File(kDev + "0000:01:00.0/vendor", c.content);
    PciInventory pci = CollectPci(view);
    ASSERT_EQ(pci.devices.size(), 1u);
    const Fact<std::uint16_t>& vendor = pci.devices[0].vendor_id;
    EXPECT_EQ(vendor.known(), c.known);
    if (!c.known) {
      EXPECT_FALSE(vendor.error.empty());
      EXPECT_FALSE(NotReported(vendor.error));
    }
    EXPECT_EQ(vendor.source, kDev + "0000:01:00.0/vendor");
  }
}

TEST(CollectPci, LinkValuesTheKernelDoesNotReport) {
  FakePciFunction f = testing::Rx7900Xtx();
  f.current_link_speed = "Unknown";  // PCI_SPEED_UNKNOWN, e.g. an SR-IOV VF
  f.current_link_width = "0";
  f.max_link_width = "255";         // PCIE_LNK_WIDTH_UNKNOWN
  f.max_link_speed = std::nullopt;  // attribute absent
  FakeSystemView view;
  f.Install(view);
  const PciDevice dev = CollectPci(view).devices.at(0);
  for (const std::string* error : {&dev.current_link_speed_gts.error, &dev.current_link_width.error,
                                   &dev.max_link_width.error, &dev.max_link_speed_gts.error}) {
    EXPECT_TRUE(NotReported(*error)) << *error;
  }
  EXPECT_NE(dev.current_link_speed_gts.error.find("'Unknown'"), std::string::npos);
}

TEST(CollectPci, MalformedAndUnreadableAttributesAreNotNotReported) {
  FakePciFunction f = testing::Rx7900Xtx();
  f.current_link_speed = "fast";
  f.current_link_width = "x16";
  f.vram_total = "-5";
  FakeSystemView view;
  f.Install(view);
  view.Unreadable(f.Dir() + "/max_link_speed");
  view.Unreadable(f.Dir() + "/numa_node");
  const PciDevice dev = CollectPci(view).devices.at(0);
  EXPECT_FALSE(dev.current_link_speed_gts.known());
  EXPECT_FALSE(NotReported(dev.current_link_speed_gts.error));
  EXPECT_FALSE(dev.current_link_width.known());
  EXPECT_FALSE(NotReported(dev.current_link_width.error));
  EXPECT_FALSE(dev.vram_total_bytes.known());
  EXPECT_FALSE(NotReported(dev.vram_total_bytes.error));
  EXPECT_FALSE(dev.max_link_speed_gts.known());
  EXPECT_NE(dev.max_link_speed_gts.error.find("permission"), std::string::npos)
      << dev.max_link_speed_gts.error;
  EXPECT_FALSE(dev.numa_node.known());
}

TEST(CollectPci, NumaNodeRange) {
  const std::pair<std::string, bool> cases[] = {{"0\n", true}, {"-1\n", true},      {"7", true},
                                                {"-2", false}, {"99999999", false}, {"", false}};
  for (const auto& [content, known] : cases) {
    SCOPED_TRACE(content);
    FakeSystemView view;
    view.File(kDev + "0000:01:00.0/numa_node", content);
    EXPECT_EQ(CollectPci(view).devices.at(0).numa_node.known(), known);
  }
}

TEST(CollectPci, RasCounters) {
  FakePciFunction f = testing::Mi300x("0000:c1:00.0");
  f.ras = {{"umc_err_count", "ue: 2\nce: 5\nde: 1\n"},
           {"gfx_err_count", "ue: 0\nce: 0\n"},
           {"sdma_err_count", "Query currently inaccessible\n"},
           {"mmhub_err_count", "\xff garbage"},
           {"features", "feature mask: 0x3fbfffff\n"}};  // not a counter
  FakeSystemView view;
  f.Install(view);
  const PciDevice dev = CollectPci(view).devices.at(0);
  ASSERT_EQ(dev.ras.size(), 4u);  // sorted by file name: gfx, mmhub, sdma, umc
  EXPECT_EQ(dev.ras[0].block, "gfx");
  EXPECT_EQ(dev.ras[0].uncorrectable.value, 0u);
  EXPECT_TRUE(NotReported(dev.ras[0].deferred.error));
  EXPECT_EQ(dev.ras[1].block, "mmhub");
  EXPECT_FALSE(dev.ras[1].uncorrectable.known());
  EXPECT_NE(dev.ras[1].uncorrectable.error.find("malformed"), std::string::npos);
  EXPECT_EQ(dev.ras[2].block, "sdma");
  EXPECT_NE(dev.ras[2].correctable.error.find("Query currently inaccessible"), std::string::npos);
  EXPECT_EQ(dev.ras[3].block, "umc");
  EXPECT_EQ(dev.ras[3].uncorrectable.value, 2u);
  EXPECT_EQ(dev.ras[3].correctable.value, 5u);
  EXPECT_EQ(dev.ras[3].deferred.value, 1u);
  EXPECT_EQ(dev.ras[3].source, f.Dir() + "/ras/umc_err_count");
}

TEST(CollectPci, UnlistableRasDirectory) {
  FakePciFunction f = testing::Mi300x("0000:c1:00.0");
  f.ras.clear();
  testing::DeniedDirsView view;
  f.Install(view);
  view.DenyListing(f.Dir() + "/ras");
  const PciDevice dev = CollectPci(view).devices.at(0);
  EXPECT_TRUE(dev.ras.empty());
  EXPECT_NE(dev.ras_error.find("Permission denied"), std::string::npos) << dev.ras_error;
}

TEST(CollectPci, DrmNodeNamesAreFiltered) {
  FakePciFunction f = testing::Rx7900Xtx();
  FakeSystemView view;
  f.Install(view);
  view.Dir(f.Dir() + "/drm/card0-DP-1").Dir(f.Dir() + "/drm/cardX").Dir(f.Dir() + "/drm/renderD");
  const PciDevice dev = CollectPci(view).devices.at(0);
  EXPECT_EQ(dev.drm_cards, std::vector<std::string>{"card0"});
  EXPECT_EQ(dev.render_nodes, std::vector<std::string>{"renderD128"});
}

TEST(CollectPci, UnreadableOrMissingBus) {
  FakeSystemView missing;
  PciInventory none = CollectPci(missing);
  EXPECT_FALSE(none.error.empty());
  EXPECT_EQ(none.source, "/sys/bus/pci/devices");
  testing::DeniedDirsView denied;
  denied.DenyListing("/sys/bus/pci/devices");
  EXPECT_NE(CollectPci(denied).error.find("Permission denied"), std::string::npos);
  FakeSystemView empty;
  empty.Dir("/sys/bus/pci/devices");
  PciInventory bus = CollectPci(empty);
  EXPECT_TRUE(bus.error.empty());
  EXPECT_TRUE(bus.devices.empty());
}

TEST(CollectPci, BoundedOnHugeTrees) {
  FakeSystemView view;
  for (int i = 0; i < 4100; ++i) {
    char bdf[16];
    std::snprintf(bdf, sizeof bdf, "0000:%02x:%02x.%x", i / 256, (i / 8) % 32, i % 8);
    view.File(kDev + bdf + "/vendor", "0x8086\n");
  }
  PciInventory pci = CollectPci(view);
  EXPECT_EQ(pci.devices.size(), 4096u);
  EXPECT_TRUE(pci.truncated);
}

// An APU's carve-out and GTT (ollama#12062: "VRAM 512 MiB", "GTT 108 GB"): both read; a dGPU
// without mem_info_gtt_total (amdgpu not bound) is "not reported", not an error.
TEST(CollectPci, ApuCarveOutAndGtt) {
  FakeSystemView view;
  const std::string d = kDev + "0000:c6:00.0/";
  view.File(d + "vendor", "0x1002\n")
      .File(d + "device", "0x1586\n")
      .File(d + "class", "0x030000\n")
      .File(d + "mem_info_vram_total", "536870912\n")
      .File(d + "mem_info_gtt_total", "115964116992\n");
  const std::string e = kDev + "0000:03:00.0/";
  view.File(e + "vendor", "0x1002\n")
      .File(e + "device", "0x744c\n")
      .File(e + "class", "0x030000\n");
  PciInventory pci = CollectPci(view);
  ASSERT_EQ(pci.devices.size(), 2u);
  EXPECT_EQ(pci.devices[1].vram_total_bytes.value, 536870912ULL);
  EXPECT_EQ(pci.devices[1].gtt_total_bytes.value, 115964116992ULL);
  EXPECT_EQ(pci.devices[1].gtt_total_bytes.source, d + "mem_info_gtt_total");
  EXPECT_FALSE(pci.devices[0].gtt_total_bytes.known());
  const std::string& why = pci.devices[0].gtt_total_bytes.error;
  EXPECT_TRUE(NotReported(why)) << why;
}

}  // namespace
}  // namespace rocm_doctor
