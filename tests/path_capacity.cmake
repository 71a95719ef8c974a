# SPDX-License-Identifier: MIT
# "Why below spec": each bandwidth figure against what its path carries (src/knowledge/path_capacity).
rocmdoc_add_test(test_path_capacity
  ${CMAKE_CURRENT_LIST_DIR}/unit/knowledge/path_capacity_test.cpp
)
