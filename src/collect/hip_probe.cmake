# The HIP runtime probe: locating rocm-doctor-hip, running it, parsing its JSON.
include(GNUInstallDirs)
target_sources(rocmdoc_lib PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/hip_probe_collector.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hip_probe_parse.cpp
  ${CMAKE_CURRENT_LIST_DIR}/helper_run.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../system/helper_locator.cpp
)
# Where `install` puts the helper (<libexecdir>/rocm-doctor/rocm-doctor-hip); the locator's last
# candidate.
target_compile_definitions(rocmdoc_lib PRIVATE
  ROCMDOC_LIBEXEC_DIR="${CMAKE_INSTALL_FULL_LIBEXECDIR}")
