# SPDX-License-Identifier: MIT
# Issue 18, RAS: the retired-page list, the threshold, their checks (the counters are test_hardware's).
rocmdoc_add_test(test_ras
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/ras/bad_pages_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/ras/ras_collector_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/hardware/ras_pages_test.cpp
)
