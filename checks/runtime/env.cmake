# The environment audit and gfx support: runtime.visible_devices, runtime.gfx_override,
# runtime.hip_platform, runtime.gfx_support, runtime.igpu_order, runtime.env_info, and their
# findings table.
target_sources(rocmdoc_checks PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/runtime_env_findings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/visible_devices.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gfx_override.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hip_platform.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gfx_support.cpp
  ${CMAKE_CURRENT_LIST_DIR}/igpu_order.cpp
  ${CMAKE_CURRENT_LIST_DIR}/env_info.cpp
)
