# Matching the distribution, kernel and amdgpu driver against rocm_kernels.csv (support matrix).
target_sources(rocmdoc_lib PRIVATE ${CMAKE_CURRENT_LIST_DIR}/kernel_support.cpp)
