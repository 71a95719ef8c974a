// SPDX-License-Identifier: MIT
#pragma once
// The gfx targets a rocBLAS or hipBLASLt Tensile library directory (<lib>/rocblas/library,
// <lib>/hipblaslt/library) covers, from its file names. rocBLAS (library/src/tensile_host.cpp)
// loads TensileLibrary_lazy_<gfx>.dat, else TensileLibrary_<gfx>.dat, else the multi-arch
// TensileLibrary.dat (ROCm < 4.x, also .yaml); the code objects beside them are
// TensileLibrary_<...>_<gfx>.co, TensileLibrary_<gfx>.co and Kernels.so-000-<gfx>[-xnack-].hsaco
// (hipBLASLt adds extop_<gfx>.co). <gfx> is the processor without target features.
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace rocm_doctor::tensile {

struct Coverage {
  std::set<std::string> library_targets;  // a TensileLibrary[_lazy]_<gfx>.dat/.yaml exists
  std::set<std::string> code_targets;     // a .co/.hsaco names the processor
  bool combined_library = false;          // TensileLibrary.dat or .yaml (targets not in the name)
  std::size_t tensile_files = 0;          // names that are Tensile files at all
};

// The first processor name in a file name: "gfx90a" in "Kernels.so-000-gfx90a-xnack-.hsaco",
// "gfx10-3-generic" in "..._gfx10-3-generic.co"; "" when there is none.
std::string ProcessorInName(std::string_view name);

Coverage Parse(const std::vector<std::string>& names);

}  // namespace rocm_doctor::tensile
