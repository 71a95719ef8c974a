# libraries.rocm_smi (rocm-smi-lib through dlopen in the probe-smi child) and its findings table.
target_sources(rocmdoc_checks PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/rocm_smi_findings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/rocm_smi.cpp
)
