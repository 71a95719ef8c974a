# SPDX-License-Identifier: MIT
# house_rules: every source file has its SPDX line, no file in src/, checks/ or include/ is over
# 450 lines, nothing points outside the repository (tools/house_rules.py; docs/architecture.md,
# "House rules").
find_package(Python3 REQUIRED COMPONENTS Interpreter)
add_test(NAME house_rules COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tools/house_rules.py)
