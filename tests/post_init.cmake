# SPDX-License-Identifier: MIT
# Failures after GPU initialisation (issue 16 rules 8 and 9): the kernel log's post-init lines,
# runtime power management, driver.gpu_health.
rocmdoc_add_test(test_post_init
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/kernel/post_init_events_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/driver/gpu_health_check_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/driver/gpu_init_bar_space_test.cpp
)
