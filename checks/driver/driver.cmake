# The kernel/driver layer's checks (one check per file) and its finding catalog.
target_sources(rocmdoc_checks PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/driver_findings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kernel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kernel_log.cpp
  ${CMAKE_CURRENT_LIST_DIR}/blacklist.cpp
  ${CMAKE_CURRENT_LIST_DIR}/amdgpu.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gpu_init.cpp
  ${CMAKE_CURRENT_LIST_DIR}/firmware.cpp
  ${CMAKE_CURRENT_LIST_DIR}/iommu.cpp
)
