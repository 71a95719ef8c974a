# Hardware-layer collectors: PCI inventory, host facts, and the embedded GPU table.
target_sources(rocmdoc_lib PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/pci_collector.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pci_parse.cpp
  ${CMAKE_CURRENT_LIST_DIR}/host_collector.cpp
  ${CMAKE_CURRENT_LIST_DIR}/meminfo_parse.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gpu_table.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gpu_table_parse.cpp
)
# checks/data/amd_gpus.csv as rocm_doctor::data::kAmdGpusCsv. rocmdoc_lib is defined in src/, and
# a custom command's output only gets a build rule in the directory that adds it, so a custom
# target here runs the command and rocmdoc_lib depends on it.
set(ROCMDOC_GPU_TABLE_CPP ${CMAKE_CURRENT_BINARY_DIR}/amd_gpus_csv.cpp)
rocmdoc_embed_text(${ROCMDOC_GPU_TABLE_CPP} kAmdGpusCsv ${PROJECT_SOURCE_DIR}/checks/data/amd_gpus.csv)
add_custom_target(rocmdoc_gpu_table DEPENDS ${ROCMDOC_GPU_TABLE_CPP})
add_dependencies(rocmdoc_lib rocmdoc_gpu_table)
target_sources(rocmdoc_lib PRIVATE ${ROCMDOC_GPU_TABLE_CPP})
