# SPDX-License-Identifier: MIT
# Hardening (issue 5): redaction, capture safety, stand-in probe helpers, hostile machine
# directories, least privilege. Fuzz targets live in tests/fuzz/ (tests/fuzz/README.md).
rocmdoc_add_test(test_hardening
  ${CMAKE_CURRENT_LIST_DIR}/unit/hardening/capture_redact_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/hardening/duplicate_keys_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/hardening/redact_corpus_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/hardening/redact_identifiers_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/hardening/redact_report_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/hardening/redact_test.cpp
)

# The whole binary against what a broken or hostile machine throws at it.
add_executable(rocmdoc_standin_helper ${CMAKE_CURRENT_LIST_DIR}/hostile/standin_helper.cpp)
add_library(rocmdoc_marker_library SHARED ${CMAKE_CURRENT_LIST_DIR}/hostile/marker_library.cpp)
rocmdoc_add_test(test_hostile
  ${CMAKE_CURRENT_LIST_DIR}/hostile/archive_replay_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hostile/capture_safety_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hostile/fix_quoting_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hostile/hostile_machines_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hostile/hung_probes_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hostile/least_privilege_test.cpp
                 SHARDS 3)
target_compile_definitions(test_hostile PRIVATE
  ROCMDOC_STANDIN_HELPER="$<TARGET_FILE:rocmdoc_standin_helper>"
  ROCMDOC_MARKER_LIBRARY="$<TARGET_FILE:rocmdoc_marker_library>"
  ROCMDOC_TEST_SYSTEM="$<TARGET_FILE:test_system>")
add_dependencies(test_hostile rocmdoc_standin_helper rocmdoc_marker_library test_system)

# Issue 13 items 7-9: what the doctor's children leave behind (orphans, held pipes, exit), what
# SIGINT/SIGTERM do (a partial report, 130/143), files the user names (FIFOs, devices, huge).
rocmdoc_add_test(test_processes
  ${CMAKE_CURRENT_LIST_DIR}/hostile/config_files_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hostile/signals_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/hardening/engine_interrupt_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/system/command_runner_orphans_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/system/config_file_test.cpp
)
target_compile_definitions(test_processes PRIVATE
  ROCMDOC_STANDIN_HELPER="$<TARGET_FILE:rocmdoc_standin_helper>")
add_dependencies(test_processes rocmdoc_standin_helper)

include(${CMAKE_CURRENT_LIST_DIR}/fuzz/fuzz.cmake)
