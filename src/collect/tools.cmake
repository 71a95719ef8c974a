# ROCm tool inventory: the tool table, dpkg's database, and the collector (files only).
target_sources(rocmdoc_lib PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/rocm_tools.cpp
  ${CMAKE_CURRENT_LIST_DIR}/dpkg_parse.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tools_collector.cpp
)
