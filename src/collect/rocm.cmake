# ROCm area: installs, versions, what the loader picks, and whether libamdhip64 loads.
target_sources(rocmdoc_lib PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/rocm_version_parse.cpp
  ${CMAKE_CURRENT_LIST_DIR}/rocm_probe_load_parse.cpp
  ${CMAKE_CURRENT_LIST_DIR}/rocm_collector.cpp
  # The running doctor's own path (for the probe-load child); read from the real /proc.
  ${CMAKE_CURRENT_LIST_DIR}/../system/self_exe.cpp
)
