# SPDX-License-Identifier: MIT
# Storage and the tool inventory (issue 9): mountinfo, block devices, statvfs through every
# SystemView, dpkg's database, the storage and tools collectors, hardware.storage, runtime.tools.
rocmdoc_add_test(test_storage
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/storage/mountinfo_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/storage/filesystem_types_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/storage/storage_collector_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/system/statfs_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/hardware/storage_test.cpp
)
rocmdoc_add_test(test_tools
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/tools/dpkg_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/tools/dpkg_search_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/tools/tools_collector_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/runtime/tools_test.cpp
)
