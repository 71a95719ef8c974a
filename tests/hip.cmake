# SPDX-License-Identifier: MIT
# test_hip: the rocm-doctor-hip helper's host logic (JSON writer, report JSON, arguments, PCI
# addresses, smoke pattern, exit codes; the benchmarks' plan, statistics, JSON and reference
# results). Runs without a GPU or a GPU toolchain.
include(${PROJECT_SOURCE_DIR}/src/hip/host.cmake)
rocmdoc_add_test(test_hip
  ${CMAKE_CURRENT_LIST_DIR}/unit/hip/amd_clock_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/hip/args_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/hip/bench_json_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/hip/bench_plan_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/hip/bench_stats_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/hip/fma_reference_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/hip/helper_main_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/hip/helper_binary_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/hip/host_memory_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/hip/json_writer_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/hip/matrix_blas_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/hip/matrix_verify_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/hip/memtest_pattern_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/hip/pci_bdf_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/hip/report_json_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/hip/run_control_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/hip/smoke_pattern_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/hip/stream_values_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/hip/telemetry_test.cpp
)
target_link_libraries(test_hip PRIVATE rocmdoc_hip_host)
# When the helper is built (a GPU backend was found), run the real binary too.
if(TARGET rocm-doctor-hip)
  target_compile_definitions(test_hip PRIVATE ROCMDOC_HIP_HELPER="$<TARGET_FILE:rocm-doctor-hip>")
  add_dependencies(test_hip rocm-doctor-hip)
endif()
