# SPDX-License-Identifier: MIT
# rocm-smi-lib through dlopen: the probe's JSON, the ABI names, the collector, libraries.rocm_smi,
# and the real probe-smi child on this host (Debian's librocm-smi64-1).
rocmdoc_add_test(test_rocm_smi
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/rocm_smi/rocm_smi_json_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/rocm_smi/rocm_smi_abi_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/rocm_smi/rocm_smi_collector_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unit/collect/rocm_smi/rocm_smi_live_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/checks/libraries/rocm_smi_test.cpp
)
