# SPDX-License-Identifier: MIT
# The distribution, kernel and amdgpu driver against the support matrix: the matching rules,
# driver.kernel_support and runtime.driver_compat.
rocmdoc_add_test(test_kernel_support
  ${CMAKE_CURRENT_LIST_DIR}/unit/knowledge/kernel_support_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/driver/kernel_support_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/runtime/driver_compat_test.cpp
)
