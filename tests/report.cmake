rocmdoc_add_test(test_report
  ${CMAKE_CURRENT_LIST_DIR}/unit/report/reporters_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/report/formats_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/support/golden.cpp
)
