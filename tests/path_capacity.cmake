# SPDX-License-Identifier: MIT
# "Why below spec": each bandwidth figure against what its path carries (src/knowledge/path_capacity).
rocmdoc_add_test(test_path_capacity
  ${CMAKE_CURRENT_LIST_DIR}/unit/knowledge/path_capacity_test.cpp
)
# bench.path, the check that calls it for every bandwidth figure of a bench run.
rocmdoc_add_test(test_bench_path
  ${CMAKE_CURRENT_LIST_DIR}/checks/bench/path_check_test.cpp
)
