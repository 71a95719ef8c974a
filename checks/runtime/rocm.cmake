# runtime.rocm (the ROCm installs) and runtime.hip_load (does libamdhip64 load), and the shared
# runtime findings table.
target_sources(rocmdoc_checks PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/runtime_findings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/rocm_install.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hip_load.cpp
)
