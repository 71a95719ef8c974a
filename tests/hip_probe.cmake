# SPDX-License-Identifier: MIT
# The HIP probe: helper locator, JSON parser, collector, runtime.hip_devices, and the live run of
# the real binary with the real helper.
rocmdoc_add_test(test_hip_probe
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/hip_probe/helper_locator_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/hip_probe/hip_probe_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/hip_probe/hip_probe_collector_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/hip_probe/live_probe_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/runtime/hip_devices_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/runtime/hip_devices_attribution_test.cpp
)
if(TARGET rocm-doctor-hip)
  target_compile_definitions(test_hip_probe PRIVATE
    ROCMDOC_HIP_HELPER_PATH="$<TARGET_FILE:rocm-doctor-hip>")
  add_dependencies(test_hip_probe rocm-doctor-hip)
endif()
