# SPDX-License-Identifier: MIT
# Hardware layer: parsers, GPU table, PCI/host collectors, and the hardware.* checks.
rocmdoc_add_test(test_hardware
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/pci/hardware_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/knowledge/csv_reader_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/knowledge/gpu_table_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/pci/pci_collector_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/host/host_collector_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/hardware/gpus_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/hardware/gpu_count_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/hardware/pcie_link_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/hardware/bar_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/hardware/memory_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/hardware/apu_memory_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/hardware/ras_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/hardware/findings_test.cpp
  # Issue 18: XGMI, partition modes, throttling at rest
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/gpu_metrics/gpu_metrics_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/partition/partition_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/xgmi/xgmi_collector_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/hardware/xgmi_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/hardware/partition_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/hardware/throttle_test.cpp
)
