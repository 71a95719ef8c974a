# SPDX-License-Identifier: MIT
# Issue 18, RAS and PCIe AER: the retired-page list, the threshold, the AER counters, their checks
# (the RAS error counters are test_hardware's).
rocmdoc_add_test(test_ras
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/ras/bad_pages_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/ras/ras_collector_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/hardware/ras_pages_test.cpp
  # PCIe AER (read with the PCI functions, src/collect/pci/pci_aer.cpp)
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/pci/pci_aer_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/hardware/pcie_aer_test.cpp
)
