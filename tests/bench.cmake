# SPDX-License-Identifier: MIT
# Benchmarks, the doctor's side: the helper's JSON parser, the thresholds, the collector, the
# bench.* checks, the recorded fixtures (tests/fixtures/bench/) and `rocm-doctor bench` itself.
rocmdoc_add_test(test_bench
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/bench/hip_bench_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/knowledge/bench_thresholds_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/bench/hip_bench_collector_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/bench/bench_request_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/bench/bench_checks_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/bench/matrix_checks_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/bench/matrix_fixtures_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/bench/bench_fixtures_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/bench/bench_command_test.cpp
)
# Ctrl-C forwarding installs a process-wide handler and leaves the process interrupted: its own
# executable, so no other test shares that state.
rocmdoc_add_test(test_interrupt ${CMAKE_CURRENT_LIST_DIR}/unit/system/interrupt_test.cpp)
