# The frameworks layer's collectors: Python environments, installed frameworks (files only), the
# gfx targets of a ROCm torch, and the live framework probe (framework_probe.py, embedded).
target_sources(rocmdoc_lib PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/python_parse.cpp
  ${CMAKE_CURRENT_LIST_DIR}/python_paths.cpp
  ${CMAKE_CURRENT_LIST_DIR}/python_collector.cpp
  ${CMAKE_CURRENT_LIST_DIR}/framework_parse.cpp
  ${CMAKE_CURRENT_LIST_DIR}/framework_collector.cpp
  ${CMAKE_CURRENT_LIST_DIR}/framework_targets_collector.cpp
  ${CMAKE_CURRENT_LIST_DIR}/framework_probe_parse.cpp
  ${CMAKE_CURRENT_LIST_DIR}/framework_probe_collector.cpp
)
# src/collect/framework_probe.py as rocm_doctor::data::kFrameworkProbePy (see hardware.cmake for
# why a custom target carries the rule).
set(ROCMDOC_FRAMEWORK_PROBE_CPP ${CMAKE_CURRENT_BINARY_DIR}/framework_probe_py.cpp)
rocmdoc_embed_text(${ROCMDOC_FRAMEWORK_PROBE_CPP} kFrameworkProbePy
                   ${CMAKE_CURRENT_LIST_DIR}/framework_probe.py)
add_custom_target(rocmdoc_framework_probe DEPENDS ${ROCMDOC_FRAMEWORK_PROBE_CPP})
add_dependencies(rocmdoc_lib rocmdoc_framework_probe)
target_sources(rocmdoc_lib PRIVATE ${ROCMDOC_FRAMEWORK_PROBE_CPP})
