# SPDX-License-Identifier: MIT
# rocmdoc_hip_host: the helper's host-only logic (arguments, JSON, PCI address and smoke-pattern
# checks; the benchmarks' plan, statistics and reference results). Plain C++ built with the normal
# compiler, so tests/hip.cmake links it on every machine, GPU toolchain or not. Included from
# src/hip/CMakeLists.txt and tests/hip.cmake; defined once.
include_guard(GLOBAL)

add_library(rocmdoc_hip_host STATIC
  ${CMAKE_CURRENT_LIST_DIR}/args.cpp
  ${CMAKE_CURRENT_LIST_DIR}/helper_main.cpp
  ${CMAKE_CURRENT_LIST_DIR}/json_stdout.cpp
  ${CMAKE_CURRENT_LIST_DIR}/json_writer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pci_bdf.cpp
  ${CMAKE_CURRENT_LIST_DIR}/report_json.cpp
  ${CMAKE_CURRENT_LIST_DIR}/smoke_pattern.cpp
  # --bench: plan, statistics, JSON, host references of the kernels' results, NUMA host memory
  ${CMAKE_CURRENT_LIST_DIR}/bench/amd_clock.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bench/bench_json.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bench/bench_params.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bench/bench_plan.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bench/bench_stats.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bench/fma_reference.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bench/host_memory.cpp
  # matrix.*: the BLAS loaded with dlopen, the host reference and tolerance, telemetry
  ${CMAKE_CURRENT_LIST_DIR}/bench/matrix_blas.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bench/matrix_blas_gemm_ex.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bench/matrix_blas_lt.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bench/matrix_spec.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bench/matrix_verify.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bench/run_control.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bench/stream_values.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bench/telemetry.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bench/telemetry_nvml.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bench/telemetry_reasons.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bench/telemetry_sysfs.cpp
)
# dlopen (the BLAS, NVML) and the telemetry thread.
find_package(Threads REQUIRED)
target_link_libraries(rocmdoc_hip_host PUBLIC ${CMAKE_DL_LIBS} Threads::Threads)
# src/ for "hip/..." includes, include/ for rocm_doctor/result.h (header-only; the helper does not
# link rocmdoc_lib).
target_include_directories(rocmdoc_hip_host PUBLIC ${CMAKE_CURRENT_LIST_DIR}/..
                           ${CMAKE_CURRENT_LIST_DIR}/../../include)
target_compile_features(rocmdoc_hip_host PUBLIC cxx_std_20)
if(PROJECT_VERSION)
  target_compile_definitions(rocmdoc_hip_host PRIVATE
                             ROCMDOC_HIP_HELPER_VERSION="${PROJECT_VERSION}")
endif()
if(COMMAND rocmdoc_warnings)
  rocmdoc_warnings(rocmdoc_hip_host)
endif()
