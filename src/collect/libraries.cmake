# The libraries layer's collectors: library inventory, Tensile files, ELF offload bundles.
target_sources(rocmdoc_lib PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/elf_reader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/offload_bundle.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tensile_parse.cpp
  ${CMAKE_CURRENT_LIST_DIR}/library_collector.cpp
)
