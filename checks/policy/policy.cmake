# Policy-layer checks (--policy FILE, include/rocm_doctor/policy.h): one file per check, plus the
# layer's finding catalog. They run only when a policy is given (SelectChecks).
target_sources(rocmdoc_checks PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/policy_findings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gpu_count.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gpu_models.cpp
  ${CMAKE_CURRENT_LIST_DIR}/rocm_release.cpp
  ${CMAKE_CURRENT_LIST_DIR}/frameworks.cpp
)
