# SPDX-License-Identifier: MIT
# The system layer: live and machine-directory views, recorder, command runner, dlopen.
rocmdoc_add_test(test_system
  ${CMAKE_CURRENT_LIST_DIR}/unit/system/archive_pack_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/system/command_runner_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/system/dynamic_library_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/system/fd_io_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/system/forwarding_system_view_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/system/kmsg_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/system/live_system_view_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/system/machine_dir_view_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/system/machine_json_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/system/nodev_clone_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/system/open_system_view_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/system/output_file_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/system/ranged_read_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/system/read_files_below_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/system/recording_system_view_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/system/replay_race_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/system/root_resolver_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/system/tar_extract_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/system/temp_dir_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/system/tree_writer_test.cpp
)
