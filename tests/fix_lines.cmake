# SPDX-License-Identifier: MIT
# Issue 15, fix lines: every fix command of every replayed machine (terminal, JSON, Markdown) and
# of every catalog code, through `bash -n` and `shellcheck -S error -s bash` (skipped with a
# message when shellcheck is absent; tools/install-deps.sh --test installs it).
rocmdoc_add_test(test_fix_lines ${CMAKE_CURRENT_LIST_DIR}/report/fix_lines_test.cpp)
