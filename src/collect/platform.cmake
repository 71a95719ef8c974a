# Platform area: KFD topology, device-node access, containers, WSL, VMs.
target_sources(rocmdoc_lib PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/kfd_topology.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kfd_collector.cpp
  ${CMAKE_CURRENT_LIST_DIR}/node_access.cpp
  ${CMAKE_CURRENT_LIST_DIR}/device_nodes_collector.cpp
  ${CMAKE_CURRENT_LIST_DIR}/platform_parse.cpp
  ${CMAKE_CURRENT_LIST_DIR}/platform_collector.cpp
)
