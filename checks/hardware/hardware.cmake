# Hardware-layer checks: one file per check, plus the layer's finding catalog.
target_sources(rocmdoc_checks PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/hardware_findings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gpus.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gpu_count.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pcie_link.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bar.cpp
  ${CMAKE_CURRENT_LIST_DIR}/memory.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ras.cpp
)
