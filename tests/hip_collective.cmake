# SPDX-License-Identifier: MIT
# The collective.* benchmarks' host arithmetic (src/hip/bench/collective_math.h) and their
# on-request selection; after tests/hip.cmake, which brings rocmdoc_hip_host.
rocmdoc_add_test(test_hip_collective
  ${CMAKE_CURRENT_LIST_DIR}/unit/hip/collective_math_test.cpp
)
target_link_libraries(test_hip_collective PRIVATE rocmdoc_hip_host)
