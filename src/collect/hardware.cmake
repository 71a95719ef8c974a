# Hardware-layer collectors: PCI inventory, host facts, and the embedded GPU table.
target_sources(rocmdoc_lib PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/pci_collector.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pci_parse.cpp
  ${CMAKE_CURRENT_LIST_DIR}/host_collector.cpp
  ${CMAKE_CURRENT_LIST_DIR}/meminfo_parse.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gpu_table.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gpu_table_parse.cpp
)
rocmdoc_embed_text(${CMAKE_CURRENT_BINARY_DIR}/amd_gpus_csv.cpp kAmdGpusCsv
                   ${PROJECT_SOURCE_DIR}/checks/data/amd_gpus.csv)
target_sources(rocmdoc_lib PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/amd_gpus_csv.cpp)
