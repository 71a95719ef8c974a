# SPDX-License-Identifier: MIT
# Environment audit and gfx support: the env parsers, the support matrix, the collector and the
# runtime.visible_devices / gfx_override / hip_platform / gfx_support / igpu_order / env_info
# checks.
rocmdoc_add_test(test_env
  ${CMAKE_CURRENT_LIST_DIR}/unit/knowledge/env_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/runtime_env/visibility_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/knowledge/support_matrix_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/runtime_env/runtime_env_collector_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/runtime/env_visible_devices_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/runtime/env_gfx_override_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/runtime/env_hip_platform_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/runtime/env_gfx_support_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/runtime/env_igpu_order_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/runtime/env_info_test.cpp
)
