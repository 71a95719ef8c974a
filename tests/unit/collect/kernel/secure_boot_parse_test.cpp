// SPDX-License-Identifier: MIT
#include "collect/kernel/secure_boot_parse.h"

#include <gtest/gtest.h>

#include <string>

namespace rocm_doctor::parse {
namespace {

struct EfiCase {
  const char* name;
  std::string bytes;
  std::optional<bool> enabled;
};

class SecureBootTest : public ::testing::TestWithParam<EfiCase> {};

TEST_P(SecureBootTest, ReadsTheValueByte) {
  EXPECT_EQ(SecureBootEnabled(GetParam().bytes), GetParam().enabled);
}

// Attributes 0x06 = BOOTSERVICE_ACCESS | RUNTIME_ACCESS, as real SecureBoot variables have.
INSTANTIATE_TEST_SUITE_P(
    Table, SecureBootTest,
    ::testing::Values(EfiCase{"on", std::string("\x06\0\0\0\x01", 5), true},
                      EfiCase{"off", std::string("\x06\0\0\0\0", 5), false},
                      EfiCase{"short", std::string("\x06\0\0\0", 4), std::nullopt},
                      EfiCase{"empty", "", std::nullopt},
                      EfiCase{"garbage_value", std::string("\x06\0\0\0\x7f", 5), std::nullopt},
                      EfiCase{"too_long", std::string("\x06\0\0\0\x01\x01", 6), std::nullopt},
                      EfiCase{"text", "1\n", std::nullopt}),
    [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace rocm_doctor::parse
