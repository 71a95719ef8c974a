# SPDX-License-Identifier: MIT
# Policy files: the TOML parser, the pure rules (ranges, models, waivers), the policy layer's
# checks, and the example policies under docs/policies/ (each must parse and pass validation).
rocmdoc_add_test(test_policy
  ${CMAKE_CURRENT_LIST_DIR}/unit/policy/policy_parse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/policy/policy_rules_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/policy/engine_waivers_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/policy/policy_checks_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cli/policy_cli_test.cpp
)
