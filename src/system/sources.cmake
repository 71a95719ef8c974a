# The system layer: live and machine-directory views, the recorder, the command runner.
target_sources(rocmdoc_lib PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/account_names.cpp
  ${CMAKE_CURRENT_LIST_DIR}/archive.cpp
  ${CMAKE_CURRENT_LIST_DIR}/capture_redact.cpp
  ${CMAKE_CURRENT_LIST_DIR}/command_runner.cpp
  ${CMAKE_CURRENT_LIST_DIR}/dynamic_library.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fd_io.cpp
  ${CMAKE_CURRENT_LIST_DIR}/interrupt.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kmsg_parse.cpp
  ${CMAKE_CURRENT_LIST_DIR}/live_system_view.cpp
  ${CMAKE_CURRENT_LIST_DIR}/machine_dir_view.cpp
  ${CMAKE_CURRENT_LIST_DIR}/machine_json.cpp
  ${CMAKE_CURRENT_LIST_DIR}/open_beneath.cpp
  ${CMAKE_CURRENT_LIST_DIR}/open_system_view.cpp
  ${CMAKE_CURRENT_LIST_DIR}/output_file.cpp
  ${CMAKE_CURRENT_LIST_DIR}/probe_json.cpp
  ${CMAKE_CURRENT_LIST_DIR}/recording_system_view.cpp
  ${CMAKE_CURRENT_LIST_DIR}/redact.cpp
  ${CMAKE_CURRENT_LIST_DIR}/root_resolver.cpp
  ${CMAKE_CURRENT_LIST_DIR}/temp_dir.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tree_writer.cpp
)
