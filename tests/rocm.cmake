# SPDX-License-Identifier: MIT
# ROCm installs and loadability: version parsers, the install collector, the probe-load output,
# runtime.rocm and runtime.hip_load, and a live test of this host's Debian ROCm 5.2.3; the
# collectors' lexical path normaliser (src/base/path_normalize.h).
rocmdoc_add_test(test_rocm
  ${CMAKE_CURRENT_LIST_DIR}/unit/base/path_normalize_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/rocm/rocm_version_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/rocm/rocm_probe_load_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/rocm/rocm_collector_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/rocm/rocm_live_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/runtime/rocm_install_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/runtime/rocm_hip_load_test.cpp
)
