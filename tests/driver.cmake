# SPDX-License-Identifier: MIT
# The kernel/driver layer: parsers, collectors and checks.
rocmdoc_add_test(test_driver
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/kernel/cmdline_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/kernel/kernel_modules_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/kernel/modprobe_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/kernel/secure_boot_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/kernel/kernel_log_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/kernel/kernel_collector_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/kernel/depmod_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/kernel/module_choice_collector_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/driver/kernel_checks_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/driver/blacklist_check_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/driver/amdgpu_check_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/driver/amdgpu_module_check_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/driver/gpu_init_check_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/driver/firmware_check_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/driver/iommu_check_test.cpp
)
