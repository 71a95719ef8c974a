# SPDX-License-Identifier: MIT
# The layer fences (docs/architecture.md, "Layer map"). Each fenced layer is an OBJECT library
# whose only include roots are include/ (the contracts, through rocmdoc_contracts) and a folder of
# its own under build/layer_roots/ holding one symlink per layer it may see. An #include of any
# other layer ("collect/...", "system/...") then finds no file and the build fails: the rule is
# the compiler's, not a reviewer's. tests/fence/ proves it (ctest include_fences).

# The contracts: include/rocm_doctor/ (facts, SystemView, Check, Report...) and the third-party
# headers they use. Interface only.
add_library(rocmdoc_contracts INTERFACE)
target_include_directories(rocmdoc_contracts INTERFACE ${PROJECT_SOURCE_DIR}/include)
target_link_libraries(rocmdoc_contracts INTERFACE fmt::fmt nlohmann_json::nlohmann_json
                      Threads::Threads ${CMAKE_DL_LIBS})
target_compile_definitions(rocmdoc_contracts INTERFACE ROCMDOC_VERSION="${PROJECT_VERSION}")

# rocmdoc_fence(target SEES layer...): `target` compiles against the contracts and the named
# folders of src/ only (a layer always names itself). An entry may also name one header
# ("collect/support_matrix.h"): a transitional forwarder, visible without the rest of its layer.
function(rocmdoc_fence target)
  cmake_parse_arguments(arg "" "" "SEES" ${ARGN})
  set(root ${PROJECT_BINARY_DIR}/layer_roots/${target})
  file(REMOVE_RECURSE ${root})
  file(MAKE_DIRECTORY ${root})
  foreach(layer IN LISTS arg_SEES)
    get_filename_component(parent ${root}/${layer} DIRECTORY)
    file(MAKE_DIRECTORY ${parent})
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/src/${layer} ${root}/${layer} SYMBOLIC)
  endforeach()
  target_include_directories(${target} PRIVATE ${root})
  target_link_libraries(${target} PRIVATE rocmdoc_contracts)
  set_property(TARGET ${target} PROPERTY ROCMDOC_SEES "${arg_SEES}")
endfunction()

# rocmdoc_layer(name SEES layer...): the fenced OBJECT library of src/<folder>, built into
# rocmdoc_lib (the static library tests and the CLI link).
function(rocmdoc_layer target)
  add_library(${target} OBJECT)
  rocmdoc_fence(${target} ${ARGN})
  rocmdoc_warnings(${target})
  rocmdoc_fuzz_coverage(${target})
  rocmdoc_precompile_shared(${target} layers)
  target_sources(rocmdoc_lib PRIVATE $<TARGET_OBJECTS:${target}>)
endfunction()
