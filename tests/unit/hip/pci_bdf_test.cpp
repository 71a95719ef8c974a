// SPDX-License-Identifier: MIT
#include "hip/pci_bdf.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>

namespace rocm_doctor::hip_helper {
namespace {

struct BdfCase {
  std::string name;
  std::string input;
  std::optional<std::string> expected;
};

class NormalizePciBdfTest : public testing::TestWithParam<BdfCase> {};

TEST_P(NormalizePciBdfTest, GivesTheSysfsForm) {
  EXPECT_EQ(NormalizePciBdf(GetParam().input), GetParam().expected);
}

INSTANTIATE_TEST_SUITE_P(
    Table, NormalizePciBdfTest,
    testing::Values(BdfCase{"hip", "0000:c1:00.0", "0000:c1:00.0"},
                    BdfCase{"cuda_long_domain_upper", "00000000:C1:00.0", "0000:c1:00.0"},
                    BdfCase{"nonzero_domain", "0001:03:1f.7", "0001:03:1f.7"},
                    BdfCase{"wide_domain", "10000:03:00.0", "10000:03:00.0"},
                    BdfCase{"no_domain", "c1:00.0", "0000:c1:00.0"},
                    BdfCase{"short_fields", "0:3:0.0", "0000:03:00.0"},
                    BdfCase{"nul_padded", std::string("0000:c1:00.0\0\0\0", 15), "0000:c1:00.0"},
                    BdfCase{"trailing_newline", "0000:c1:00.0\n", "0000:c1:00.0"},
                    BdfCase{"empty", "", std::nullopt},
                    BdfCase{"all_nul", std::string(8, '\0'), std::nullopt},
                    BdfCase{"unknown", "Unknown", std::nullopt},
                    BdfCase{"no_function", "0000:c1:00", std::nullopt},
                    BdfCase{"bus_too_long", "0000:1c1:00.0", std::nullopt},
                    BdfCase{"device_above_1f", "0000:c1:20.0", std::nullopt},
                    BdfCase{"function_above_7", "0000:c1:00.8", std::nullopt},
                    BdfCase{"domain_too_long", "000000000:c1:00.0", std::nullopt},
                    BdfCase{"leading_space", " 0000:c1:00.0", std::nullopt},
                    BdfCase{"sign", "0000:-1:00.0", std::nullopt},
                    BdfCase{"garbage", "\xff\xfe:zz:00.0", std::nullopt},
                    BdfCase{"extra_colon", "0:0000:c1:00.0", std::nullopt}),
    [](const testing::TestParamInfo<BdfCase>& info) { return info.param.name; });

}  // namespace
}  // namespace rocm_doctor::hip_helper
