# Whole-pipeline replay of the machine directories under tests/machines/ (built by
# tools/make_machines.py): runs the rocm-doctor binary on each and checks its EXPECT file.
rocmdoc_add_test(test_machines ${CMAKE_CURRENT_LIST_DIR}/machines/replay_test.cpp
                 ${CMAKE_CURRENT_LIST_DIR}/support/golden.cpp)
