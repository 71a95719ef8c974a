target_sources(rocmdoc_checks PRIVATE ${CMAKE_CURRENT_LIST_DIR}/pcie_atomics.cpp)
