# The benchmark layer: bench.run (runs rocm-doctor-hip --bench, judges how it ended) and one
# check per family of benchmarks, with their finding codes.
target_sources(rocmdoc_checks PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/bench_findings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/run.cpp
  ${CMAKE_CURRENT_LIST_DIR}/memory.cpp
  ${CMAKE_CURRENT_LIST_DIR}/host_link.cpp
  ${CMAKE_CURRENT_LIST_DIR}/peer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/compute.cpp
  ${CMAKE_CURRENT_LIST_DIR}/launch.cpp
  ${CMAKE_CURRENT_LIST_DIR}/memtest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/stress.cpp
)
