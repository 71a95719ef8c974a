# SPDX-License-Identifier: MIT
# Issue 15, fix lines: every fix command of every replayed machine (terminal, JSON, Markdown) and
# of every catalog code, through `bash -n` and `shellcheck -S error -s bash` (skipped with a
# message when shellcheck is absent; tools/install-deps.sh --test installs it).
# The machines' renderings come from report_counts_agree's one run of each (tests/report.cmake,
# fixture machine_renders); run alone, the test renders them itself.
rocmdoc_add_test(test_fix_lines ${CMAKE_CURRENT_LIST_DIR}/report/fix_lines_test.cpp
                 FIXTURES_REQUIRED machine_renders)
target_compile_definitions(test_fix_lines PRIVATE
  ROCMDOC_MACHINE_RENDERS="${PROJECT_BINARY_DIR}/machine-renders")
