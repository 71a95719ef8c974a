# rocm-doctor fleet summarize: the JSON cursor, report reading, the summary and its renderers.
rocmdoc_add_test(test_fleet
  ${CMAKE_CURRENT_LIST_DIR}/fleet/fleet_summary_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fleet/json_cursor_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fleet/node_report_test.cpp
)
