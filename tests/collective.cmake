# SPDX-License-Identifier: MIT
# Collective bandwidth (issue 19), the doctor's side: the floors of
# checks/data/collective_floors.csv and bench.collective (checks/bench/collective.cpp).
rocmdoc_add_test(test_bench_collective
  ${CMAKE_CURRENT_LIST_DIR}/checks/bench/collective_check_test.cpp
)
