# runtime.tools (the ROCm tool inventory) and its finding codes.
target_sources(rocmdoc_checks PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/tools_findings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tools.cpp
)
