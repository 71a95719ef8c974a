# SPDX-License-Identifier: MIT
# Platform area: KFD topology, device-node access, containers, WSL, VMs, PCIe atomics; and the
# tests' HostBuilder (tests/support), read back by the real collectors.
rocmdoc_add_test(test_platform
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/kfd/kfd_topology_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/kfd/kfd_collector_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/device_nodes/node_access_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/platform/platform_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/platform/platform_collector_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/device_nodes/device_nodes_collector_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/platform/kfd_present_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/platform/kfd_access_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/platform/dev_mount_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/platform/render_access_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/platform/kfd_topology_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/platform/wsl_pcie_atomics_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/support/host_builder_test.cpp
)
