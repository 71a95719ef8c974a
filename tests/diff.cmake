# SPDX-License-Identifier: MIT
# rocm-doctor diff: judging figures and status moves, and the binary on pairs of real reports
# from replayed machines (goldens in tests/golden/diff/).
rocmdoc_add_test(test_diff
  ${CMAKE_CURRENT_LIST_DIR}/diff/figure_diff_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/diff/report_diff_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/diff/diff_cli_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/support/golden.cpp
)
