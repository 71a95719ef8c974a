// SPDX-License-Identifier: MIT
#include "system/dynamic_library.h"

#include <gtest/gtest.h>

namespace rocm_doctor {
namespace {

TEST(DynamicLibrary, OpensLibmAndFindsCos) {
  auto lib = DynamicLibrary::Open("libm.so.6");
  ASSERT_TRUE(lib.ok()) << lib.error();
  using Cos = double (*)(double);
  auto cos = reinterpret_cast<Cos>(lib->Symbol("cos"));
  ASSERT_NE(cos, nullptr);
  EXPECT_DOUBLE_EQ(cos(0.0), 1.0);
  EXPECT_EQ(lib->Symbol("rocmdoc_no_such_symbol"), nullptr);
  EXPECT_EQ(lib->name(), "libm.so.6");
}

TEST(DynamicLibrary, MissingLibraryGivesDlerrorVerbatim) {
  auto lib = DynamicLibrary::Open("libamdhip64-rocmdoc-missing.so.6");
  ASSERT_FALSE(lib.ok());
  // glibc's text: "<name>: cannot open shared object file: No such file or directory".
  EXPECT_EQ(lib.error(), "libamdhip64-rocmdoc-missing.so.6: cannot open shared object file: "
                         "No such file or directory");
}

TEST(DynamicLibrary, CopiesShareTheHandle) {
  auto lib = DynamicLibrary::Open("libm.so.6");
  ASSERT_TRUE(lib.ok());
  DynamicLibrary copy = lib.value();
  EXPECT_NE(copy.Symbol("sin"), nullptr);
}

}  // namespace
}  // namespace rocm_doctor
