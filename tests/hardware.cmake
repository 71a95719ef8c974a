# Hardware layer: parsers, GPU table, PCI/host collectors, and the hardware.* checks.
rocmdoc_add_test(test_hardware
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/hardware/hardware_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/hardware/csv_reader_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/hardware/gpu_table_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/hardware/pci_collector_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/hardware/host_collector_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/hardware/gpus_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/hardware/gpu_count_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/hardware/pcie_link_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/hardware/bar_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/hardware/memory_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/hardware/apu_memory_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/hardware/ras_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/hardware/findings_test.cpp
)
