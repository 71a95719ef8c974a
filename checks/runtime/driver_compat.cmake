# runtime.driver_compat: the amdgpu kernel driver against the driver series the installed ROCm
# release supports. Its code, runtime.driver.version_skew, is in runtime_findings.cpp.
target_sources(rocmdoc_checks PRIVATE ${CMAKE_CURRENT_LIST_DIR}/driver_compat.cpp)
