// SPDX-License-Identifier: MIT
#include "collect/pci/pci_aer.h"

#include <gtest/gtest.h>

#include "checks/hardware/fake_pci.h"

namespace rocm_doctor::pci_aer {
namespace {

// aer.c's output for a correctable file (names of a 6.x kernel).
constexpr std::string_view kCorrectable =
    "RxErr 3\nBadTLP 1\nBadDLLP 0\nRollover 0\nTimeout 2\nNonFatalErr 0\nCorrIntErr 0\n"
    "HeaderOF 0\nTOTAL_ERR_COR 6\n";

TEST(PciAer, ParsesTheTotalAndTheNonZeroCounts) {
  AerCounts c = ParseAerFile(kCorrectable, "TOTAL_ERR_COR", "/x/aer_dev_correctable");
  ASSERT_TRUE(c.total.known()) << c.total.error;
  EXPECT_EQ(*c.total, 6u);
  EXPECT_EQ(c.total.source, "/x/aer_dev_correctable");
  ASSERT_EQ(c.by_name.size(), 3u);
  EXPECT_EQ(c.Count("RxErr"), 3u);
  EXPECT_EQ(c.Count("Timeout"), 2u);
  EXPECT_EQ(c.Count("Rollover"), 0u);
}

TEST(PciAer, MissingTotalOrMalformedLineIsUnknown) {
  EXPECT_FALSE(ParseAerFile("RxErr 3\n", "TOTAL_ERR_COR", "p").total.known());
  AerCounts bad = ParseAerFile("RxErr three\nTOTAL_ERR_COR 3\n", "TOTAL_ERR_COR", "p");
  EXPECT_FALSE(bad.total.known());
  EXPECT_NE(bad.total.error.find("malformed"), std::string::npos) << bad.total.error;
}

TEST(PciAer, ReadsTheThreeFilesAndSaysWhenAbsent) {
  testing::FakeSystemView view;
  PciDevice dev;
  dev.sysfs_path = "/sys/bus/pci/devices/0000:05:00.0";
  view.File(dev.sysfs_path + "/aer_dev_correctable", std::string(kCorrectable));
  view.File(dev.sysfs_path + "/aer_dev_fatal", "DLP 0\nSDES 1\nTOTAL_ERR_FATAL 1\n");
  view.Unreadable(dev.sysfs_path + "/aer_dev_nonfatal");
  ReadAer(view, dev);
  EXPECT_EQ(*dev.aer.correctable.total, 6u);
  EXPECT_EQ(*dev.aer.fatal.total, 1u);
  EXPECT_EQ(dev.aer.fatal.Count("SDES"), 1u);
  EXPECT_FALSE(dev.aer.nonfatal.total.known());
  EXPECT_FALSE(NotReported(dev.aer.nonfatal.total.error));
  PciDevice none;
  none.sysfs_path = "/sys/bus/pci/devices/0000:06:00.0";
  ReadAer(view, none);
  EXPECT_TRUE(NotReported(none.aer.fatal.total.error)) << none.aer.fatal.total.error;
}

}  // namespace
}  // namespace rocm_doctor::pci_aer
