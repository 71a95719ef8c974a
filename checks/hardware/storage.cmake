# hardware.storage (where models and datasets would live) and its finding codes.
target_sources(rocmdoc_checks PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/storage_findings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/storage.cpp
)
