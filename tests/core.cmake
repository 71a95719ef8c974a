# SPDX-License-Identifier: MIT
rocmdoc_add_test(test_core
  ${CMAKE_CURRENT_LIST_DIR}/unit/core/engine_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/core/check_threads_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/core/catalog_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/core/registry_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/core/status_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/core/fact_store_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/common/sysfs_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/support/golden.cpp
)
