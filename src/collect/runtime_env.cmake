# Runtime environment audit: the environment's ROCm variables and the ROCm support matrix.
target_sources(rocmdoc_lib PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/env_parse.cpp
  ${CMAKE_CURRENT_LIST_DIR}/runtime_env_collector.cpp
  ${CMAKE_CURRENT_LIST_DIR}/support_matrix.cpp
)
# checks/data/rocm_support.csv and rocm_kernels.csv as rocm_doctor::data::kRocmSupportCsv and
# kRocmKernelsCsv; a custom target makes the rule visible to rocmdoc_lib (see hardware.cmake).
set(ROCMDOC_SUPPORT_CSV_CPP ${CMAKE_CURRENT_BINARY_DIR}/rocm_support_csv.cpp)
set(ROCMDOC_KERNELS_CSV_CPP ${CMAKE_CURRENT_BINARY_DIR}/rocm_kernels_csv.cpp)
rocmdoc_embed_text(${ROCMDOC_SUPPORT_CSV_CPP} kRocmSupportCsv
                   ${PROJECT_SOURCE_DIR}/checks/data/rocm_support.csv)
rocmdoc_embed_text(${ROCMDOC_KERNELS_CSV_CPP} kRocmKernelsCsv
                   ${PROJECT_SOURCE_DIR}/checks/data/rocm_kernels.csv)
add_custom_target(rocmdoc_support_matrix
                  DEPENDS ${ROCMDOC_SUPPORT_CSV_CPP} ${ROCMDOC_KERNELS_CSV_CPP})
add_dependencies(rocmdoc_lib rocmdoc_support_matrix)
target_sources(rocmdoc_lib PRIVATE ${ROCMDOC_SUPPORT_CSV_CPP} ${ROCMDOC_KERNELS_CSV_CPP})
