# The frameworks layer's checks (one check per file) and its finding catalog.
target_sources(rocmdoc_checks PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/frameworks_findings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/python_envs.cpp
  ${CMAKE_CURRENT_LIST_DIR}/torch_build.cpp
  ${CMAKE_CURRENT_LIST_DIR}/torch_arch.cpp
  ${CMAKE_CURRENT_LIST_DIR}/torch_gpu.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tensorflow_build.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tensorflow_gpu.cpp
  ${CMAKE_CURRENT_LIST_DIR}/jax_build.cpp
  ${CMAKE_CURRENT_LIST_DIR}/jax_gpu.cpp
  ${CMAKE_CURRENT_LIST_DIR}/onnxruntime_build.cpp
  ${CMAKE_CURRENT_LIST_DIR}/onnxruntime_gpu.cpp
  ${CMAKE_CURRENT_LIST_DIR}/vllm_build.cpp
  ${CMAKE_CURRENT_LIST_DIR}/vllm_gpu.cpp
)
