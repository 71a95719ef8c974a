# SPDX-License-Identifier: MIT
# rocm-doctor fleet summarize: the JSON cursor, report reading, the summary and its renderers.
rocmdoc_add_test(test_fleet
  ${CMAKE_CURRENT_LIST_DIR}/fleet/fleet_outliers_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fleet/fleet_partition_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fleet/fleet_summary_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fleet/json_cursor_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fleet/node_report_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fleet/report_files_test.cpp
)

find_package(Python3 COMPONENTS Interpreter)
if(Python3_FOUND)
  # Golden terminal and JSON summaries of reports the doctor writes for tests/machines
  # (ROCMDOC_UPDATE_GOLDEN=1 rewrites tests/fleet/golden/).
  add_test(NAME fleet_golden
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/fleet/fleet_reports_test.py
                   --part golden --binary $<TARGET_FILE:rocm-doctor>
                   --machines ${CMAKE_CURRENT_LIST_DIR}/machines)
  # The HTML page in headless Chromium at 1280x900: the node table in the first screen, warn and
  # fail drawn apart; the screenshot and the page are kept in build/tests/fleet_html/. Skipped
  # (77) without chromium.
  add_test(NAME fleet_html
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/fleet/fleet_reports_test.py
                   --part html --binary $<TARGET_FILE:rocm-doctor>
                   --machines ${CMAKE_CURRENT_LIST_DIR}/machines
                   --out-dir ${CMAKE_CURRENT_BINARY_DIR}/fleet_html)
  set_tests_properties(fleet_html PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 120)
endif()

if(Python3_FOUND)
  # A fleet of replayed bench reports with one slow-but-passing node: it and only it trails its
  # fleet; `fleet baseline` writes thresholds that bench/check --thresholds accept and judge with.
  add_test(NAME fleet_baseline
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/fleet/fleet_baseline_test.py
                   --binary $<TARGET_FILE:rocm-doctor>
                   --machines ${CMAKE_CURRENT_LIST_DIR}/machines)
  set_tests_properties(fleet_baseline PROPERTIES TIMEOUT 120)
endif()
