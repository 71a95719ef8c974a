# SPDX-License-Identifier: MIT
# The frameworks layer: Python discovery, framework files, the probe script and its parser, the
# checks, and the live test on this host's Debian python3-torch.
rocmdoc_add_test(test_frameworks
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/python/python_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/python/python_collector_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/frameworks/framework_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/frameworks/framework_collector_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/frameworks/framework_probe_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/frameworks/framework_probe_collector_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/frameworks/framework_probe_script_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/frameworks/python_envs_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/frameworks/torch_build_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/frameworks/torch_arch_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/frameworks/torch_gpu_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/frameworks/torch_runtime_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/frameworks/other_frameworks_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/frameworks/live_host_test.cpp
)
