# The kernel/driver layer: parsers, collectors and checks.
rocmdoc_add_test(test_driver
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/driver/cmdline_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/driver/kernel_modules_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/driver/modprobe_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/driver/secure_boot_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/driver/kernel_log_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/driver/kernel_collector_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/driver/depmod_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/driver/module_choice_collector_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/driver/kernel_checks_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/driver/blacklist_check_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/driver/amdgpu_check_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/driver/amdgpu_module_check_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/driver/gpu_init_check_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/driver/firmware_check_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/driver/iommu_check_test.cpp
)
