# SPDX-License-Identifier: MIT
rocmdoc_add_test(test_report
  ${CMAKE_CURRENT_LIST_DIR}/unit/report/reporters_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/report/formats_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/report/shell_quote_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/report/terminal_escapes_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/report/gpu_seen_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/report/report_counts_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/report/terminal_scale_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/report/pass_evidence_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/report/action_outputs_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/report/gpu_partition_report_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/support/golden.cpp
)
# The outputs of one run: --format, -o FILE, -o FORMAT=FILE, --redact (the real binary).
rocmdoc_add_test(test_outputs ${CMAKE_CURRENT_LIST_DIR}/cli/outputs_cli_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cli/output_safety_cli_test.cpp)

# The outputs against the real tools that read them, from one run writing every format: JUnit
# structure (xml.etree), `promtool check metrics`, and prometheus-node-exporter's textfile
# collector scraped on a localhost port (each tool skipped with a message when absent).
if(Python3_FOUND)
  add_test(NAME report_outputs_tools
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/report/outputs_tools.py
                   --binary $<TARGET_FILE:rocm-doctor> --source-dir ${PROJECT_SOURCE_DIR})
  # Every replayed machine in every format: the same counts (failures, root causes, symptoms,
  # warnings, ...) and the same verdict, "ready" only where a GPU was seen through the stack.
  add_test(NAME report_counts_agree
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/report/counts_agree.py
                   --binary $<TARGET_FILE:rocm-doctor> --source-dir ${PROJECT_SOURCE_DIR}
                   --renders ${PROJECT_BINARY_DIR}/machine-renders)
  # Its renderings of every machine serve test_fix_lines too (tests/fix_lines.cmake).
  set_tests_properties(report_counts_agree PROPERTIES FIXTURES_SETUP machine_renders)
endif()
