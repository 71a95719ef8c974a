# Platform area checks: /dev/kfd, render nodes, KFD topology, containers, WSL2.
target_sources(rocmdoc_checks PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/platform_findings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kfd_present.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kfd_access.cpp
  ${CMAKE_CURRENT_LIST_DIR}/render_access.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kfd_topology.cpp
  ${CMAKE_CURRENT_LIST_DIR}/wsl.cpp
)
