# The benchmark helper's collector (rocm-doctor-hip --bench), its JSON parser, and the benchmark
# thresholds with their embedded data (checks/data/bench_thresholds.csv and
# bench_reference_gpus.csv as rocm_doctor::data::kBenchThresholdsCsv / kBenchReferenceGpusCsv).
target_sources(rocmdoc_lib PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/hip_bench_collector.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hip_bench_facts.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hip_bench_parse.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bench_thresholds.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bench_thresholds_parse.cpp
)
set(ROCMDOC_BENCH_THRESHOLDS_CPP ${CMAKE_CURRENT_BINARY_DIR}/bench_thresholds_csv.cpp)
set(ROCMDOC_BENCH_REFERENCES_CPP ${CMAKE_CURRENT_BINARY_DIR}/bench_reference_gpus_csv.cpp)
rocmdoc_embed_text(${ROCMDOC_BENCH_THRESHOLDS_CPP} kBenchThresholdsCsv
                   ${PROJECT_SOURCE_DIR}/checks/data/bench_thresholds.csv)
rocmdoc_embed_text(${ROCMDOC_BENCH_REFERENCES_CPP} kBenchReferenceGpusCsv
                   ${PROJECT_SOURCE_DIR}/checks/data/bench_reference_gpus.csv)
add_custom_target(rocmdoc_bench_data
                  DEPENDS ${ROCMDOC_BENCH_THRESHOLDS_CPP} ${ROCMDOC_BENCH_REFERENCES_CPP})
add_dependencies(rocmdoc_lib rocmdoc_bench_data)
target_sources(rocmdoc_lib PRIVATE ${ROCMDOC_BENCH_THRESHOLDS_CPP} ${ROCMDOC_BENCH_REFERENCES_CPP})
