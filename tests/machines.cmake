# SPDX-License-Identifier: MIT
# Whole-pipeline replay of the machine directories under tests/machines/ (built by
# tools/make_machines.py): runs the rocm-doctor binary on each and checks its EXPECT file.
rocmdoc_add_test(test_machines ${CMAKE_CURRENT_LIST_DIR}/machines/replay_test.cpp
                 ${CMAKE_CURRENT_LIST_DIR}/support/golden.cpp
                 SHARDS 6)

# Every machine directory regenerates byte for byte from this repository alone
# (tools/make_machines.py into a temporary directory, compared as git stores trees: file bytes,
# the executable bit, symlink texts; empty directories ignored).
find_package(Python3 COMPONENTS Interpreter)
if(Python3_FOUND)
  add_test(NAME machines_regenerate
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tools/machines/check.py
                   --machines ${CMAKE_CURRENT_LIST_DIR}/machines)
  set_tests_properties(machines_regenerate PROPERTIES TIMEOUT 300)
endif()
