# The libraries layer's checks (one check per file) and its finding catalog.
target_sources(rocmdoc_checks PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/libraries_findings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/inventory.cpp
  ${CMAKE_CURRENT_LIST_DIR}/rocblas_kernels.cpp
  ${CMAKE_CURRENT_LIST_DIR}/code_objects.cpp
)
