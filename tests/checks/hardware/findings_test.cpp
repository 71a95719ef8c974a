// SPDX-License-Identifier: MIT
// The hardware codes and levels in diagnoses.md, as registered in the catalog.
#include <gtest/gtest.h>

#include <string>

#include "rocm_doctor/catalog.h"

namespace rocm_doctor {
namespace {

TEST(HardwareFindings, SharedCodesHaveTheirDocumentedLevels) {
  const std::pair<std::string_view, Status> codes[] = {
      {"hardware.gpu.none_found", Status::kFail},
      {"hardware.gpu.count_mismatch", Status::kFail},
      {"hardware.pcie.link_degraded", Status::kWarn},
      {"hardware.bar.small", Status::kWarn},
      {"hardware.memory.low", Status::kWarn},
      {"hardware.ras.uncorrectable", Status::kFail},
      {"hardware.vm.no_passthrough", Status::kInfo},
  };
  for (const auto& [code, level] : codes) {
    SCOPED_TRACE(std::string(code));
    const FindingSpec* spec = Catalog::Instance().Find(code);
    ASSERT_NE(spec, nullptr);
    EXPECT_EQ(spec->severity, level);
    EXPECT_FALSE(spec->title.empty());
    EXPECT_FALSE(spec->remediation.empty());
  }
}

TEST(HardwareFindings, CouldNotTellCodesAreUnknown) {
  for (std::string_view code :
       {"hardware.pci.unreadable", "hardware.pcie.link_unreadable", "hardware.bar.unreadable",
        "hardware.memory.unknown", "hardware.ras.unreadable"}) {
    const FindingSpec* spec = Catalog::Instance().Find(code);
    ASSERT_NE(spec, nullptr) << code;
    EXPECT_EQ(spec->severity, Status::kUnknown) << code;
  }
}

TEST(HardwareFindings, SmallBarNeedsAReboot) {
  EXPECT_TRUE(Catalog::Instance().Find("hardware.bar.small")->reboot_required);
}

}  // namespace
}  // namespace rocm_doctor
