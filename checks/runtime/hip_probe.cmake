# runtime.hip_devices (the HIP probe helper's verdict) and its finding codes.
target_sources(rocmdoc_checks PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/runtime_hip_findings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hip_devices.cpp
)
