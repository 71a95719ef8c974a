# driver.kernel_support: the distribution and kernel against the installed ROCm release's list
# (checks/data/rocm_kernels.csv). Its code, driver.kernel.unsupported, is in driver_findings.cpp.
target_sources(rocmdoc_checks PRIVATE ${CMAKE_CURRENT_LIST_DIR}/kernel_support.cpp)
