# SPDX-License-Identifier: MIT
# The libraries layer: ELF/offload-bundle/Tensile parsers, the library collector, and checks.
rocmdoc_add_test(test_libraries
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/libraries/elf_reader_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/libraries/offload_bundle_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/libraries/ranged_scan_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/libraries/tensile_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/libraries/library_collector_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/libraries/library_version_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/libraries/inventory_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/libraries/rocblas_kernels_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/libraries/code_objects_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/libraries/device_code_inventory_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/libraries/igpu_coverage_test.cpp
)
