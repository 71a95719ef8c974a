# Storage facts: the mount table, the filesystems of the home directory and model caches, their
# block devices and free space.
target_sources(rocmdoc_lib PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/mountinfo_parse.cpp
  ${CMAKE_CURRENT_LIST_DIR}/filesystem_types.cpp
  ${CMAKE_CURRENT_LIST_DIR}/block_device.cpp
  ${CMAKE_CURRENT_LIST_DIR}/storage_collector.cpp
)
