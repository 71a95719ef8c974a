# Kernel and kernel-log collectors (the driver layer's facts).
target_sources(rocmdoc_lib PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/cmdline_parse.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kernel_modules_parse.cpp
  ${CMAKE_CURRENT_LIST_DIR}/modprobe_parse.cpp
  ${CMAKE_CURRENT_LIST_DIR}/secure_boot_parse.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kernel_log_parse.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kernel_collector.cpp
  ${CMAKE_CURRENT_LIST_DIR}/modprobe_collector.cpp
  ${CMAKE_CURRENT_LIST_DIR}/dkms_collector.cpp
  ${CMAKE_CURRENT_LIST_DIR}/secure_boot_collector.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kernel_log_collector.cpp
)
