# rocm-smi-lib through dlopen: the ABI it uses, the probe the `probe-smi` child runs, its JSON,
# and the collector that runs the child (probe "rocm-smi", docs/probes.md).
target_sources(rocmdoc_lib PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/rocm_smi_abi.cpp
  ${CMAKE_CURRENT_LIST_DIR}/rocm_smi_probe.cpp
  ${CMAKE_CURRENT_LIST_DIR}/rocm_smi_json.cpp
  ${CMAKE_CURRENT_LIST_DIR}/rocm_smi_collector.cpp
)
