# SPDX-License-Identifier: MIT
# rocm-doctor gate: Slurm drain/resume, node-problem-detector answer, the whole-run deadline.
rocmdoc_add_test(test_gate
  ${CMAKE_CURRENT_LIST_DIR}/gate/action_ladder_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gate/deadline_system_view_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gate/engine_deadline_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gate/gate_summary_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gate/node_name_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gate/npd_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gate/slurm_gate_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gate/slurm_node_state_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gate/slurm_plan_test.cpp
)

find_package(Python3 COMPONENTS Interpreter)
if(Python3_FOUND)
  # The gate binary end to end with a stand-in scontrol: exit codes, the argv it runs, --dry-run,
  # the NPD line. Runs everywhere (no root, no Slurm).
  add_test(NAME gate_cli
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/gate/gate_cli_test.py
                   --binary $<TARGET_FILE:rocm-doctor> --machines ${CMAKE_CURRENT_LIST_DIR}/machines)
  # The action ladder on the RAS machines of issue 18: isolate/reset/replace drain, history never.
  add_test(NAME gate_ras_actions
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/gate/ras_gate_test.py
                   --binary $<TARGET_FILE:rocm-doctor> --machines ${CMAKE_CURRENT_LIST_DIR}/machines)
  # The real Slurm: munged, slurmctld and slurmd on localhost (docs/slurm.md). Skips (77) when
  # not root or when Slurm/munge are not installed.
  add_test(NAME slurm_gate
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/slurm/slurm_gate_test.py
                   --binary $<TARGET_FILE:rocm-doctor> --machines ${CMAKE_CURRENT_LIST_DIR}/machines)
  set_tests_properties(slurm_gate PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 240)
  # docs/kubernetes/: the NPD plugin config and the manifests parse and agree with the gate.
  add_test(NAME kubernetes_docs
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/gate/kubernetes_docs_test.py
                   --binary $<TARGET_FILE:rocm-doctor> --docs ${PROJECT_SOURCE_DIR}/docs/kubernetes
                   --machines ${CMAKE_CURRENT_LIST_DIR}/machines)
endif()
