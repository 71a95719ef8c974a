// SPDX-License-Identifier: MIT
// tensile_parse: gfx targets from Tensile file names (rocBLAS 5.x/6.x, hipBLASLt, pre-5 layouts).
#include "collect/libraries/tensile_parse.h"

#include <gtest/gtest.h>

namespace rocm_doctor::testing {
namespace {

TEST(TensileParse, ProcessorInName) {
  const std::pair<const char*, const char*> cases[] = {
      {"TensileLibrary_lazy_gfx90a.dat", "gfx90a"},
      {"TensileLibrary_gfx1030.co", "gfx1030"},
      {"Kernels.so-000-gfx1030.hsaco", "gfx1030"},
      {"Kernels.so-000-gfx90a-xnack-.hsaco", "gfx90a"},
      {"TensileLibrary_Type_HH_Contraction_l_Ailk_Bjlk_Cijk_Dijk_gfx942.co", "gfx942"},
      {"extop_gfx942.co", "gfx942"},
      {"TensileLibrary_lazy_gfx10-3-generic.dat", "gfx10-3-generic"},
      {"TensileLibrary_lazy_gfx11-generic.dat", "gfx11-generic"},
      {"TensileLibrary.dat", ""},
      {"gfxgfx", ""},
      {"xgfx90a.co", ""},
      {"TensileLibrary_gfx.dat", ""},
      {"", ""},
  };
  for (const auto& [name, want] : cases) EXPECT_EQ(tensile::ProcessorInName(name), want) << name;
}

TEST(TensileParse, Rocblas62Layout) {
  tensile::Coverage c = tensile::Parse({
      "Kernels.so-000-gfx1030.hsaco",
      "Kernels.so-000-gfx90a-xnack-.hsaco",
      "TensileLibrary_Type_DD_Contraction_l_Ailk_Bljk_Cijk_Dijk_gfx90a.co",
      "TensileLibrary_lazy_gfx1030.dat",
      "TensileLibrary_lazy_gfx90a.dat",
      "README.txt",
  });
  EXPECT_EQ(c.library_targets, (std::set<std::string>{"gfx1030", "gfx90a"}));
  EXPECT_EQ(c.code_targets, (std::set<std::string>{"gfx1030", "gfx90a"}));
  EXPECT_FALSE(c.combined_library);
  EXPECT_EQ(c.tensile_files, 5u);
}

TEST(TensileParse, OldCombinedLibraryAndEmpty) {
  tensile::Coverage c = tensile::Parse({"TensileLibrary.dat", "TensileLibrary_gfx906.co"});
  EXPECT_TRUE(c.combined_library);
  EXPECT_TRUE(c.library_targets.empty());
  EXPECT_EQ(c.code_targets, (std::set<std::string>{"gfx906"}));
  tensile::Coverage none = tensile::Parse({});
  EXPECT_EQ(none.tensile_files, 0u);
}

}  // namespace
}  // namespace rocm_doctor::testing
