# SPDX-License-Identifier: MIT
# GPU backend for the rocm-doctor-hip helper (src/hip/). The rocm-doctor binary never links a GPU
# runtime; only the helper is compiled as HIP (AMD) or CUDA (NVIDIA), from one source.
#
#   ROCMDOC_GPU_BACKEND=auto|hip|cuda|none
#     auto: hip when a working HIP clang is found, else cuda when nvcc is found, else none.
#     hip/cuda: that one or a configure error saying why. none: the helper is not built.
#   ROCMDOC_HIP_ARCHITECTURES (gfx90a;gfx1030), ROCMDOC_CUDA_ARCHITECTURES (90): offload targets,
#     used when CMAKE_HIP_ARCHITECTURES / CMAKE_CUDA_ARCHITECTURES are not given.
#
# Sets ROCMDOC_GPU_BACKEND_RESOLVED (hip|cuda|none) and defines rocmdoc_gpu_warnings(target).
# Include it at the top level (enable_language must be in a directory above every GPU target).
include_guard(GLOBAL)

set(ROCMDOC_GPU_BACKEND "auto" CACHE STRING "GPU backend of rocm-doctor-hip: auto, hip, cuda, none")
set_property(CACHE ROCMDOC_GPU_BACKEND PROPERTY STRINGS auto hip cuda none)
set(ROCMDOC_HIP_ARCHITECTURES "gfx90a;gfx1030" CACHE STRING "AMD targets of rocm-doctor-hip")
set(ROCMDOC_CUDA_ARCHITECTURES "90" CACHE STRING "NVIDIA targets of rocm-doctor-hip")
if(NOT ROCMDOC_GPU_BACKEND MATCHES "^(auto|hip|cuda|none)$")
  message(FATAL_ERROR
          "ROCMDOC_GPU_BACKEND is '${ROCMDOC_GPU_BACKEND}'; use auto, hip, cuda or none")
endif()

# --- HIP ------------------------------------------------------------------------------------
# CMake's HIP language wants clang itself (not the hipcc wrapper) and a ROCm root holding
# lib/cmake/hip-lang/hip-lang-config.cmake. Debian's ROCm 5.2 packages (hipcc, libamdhip64-dev)
# break three of CMake 3.25's assumptions, so we bridge them here:
#   1. `hipconfig --hipclangpath` says /usr/bin, whose clang++ is Debian's default clang (14), not
#      the clang-15 that the device libraries were built with and hipcc runs (clang++-15).
#   2. hip-lang-config.cmake is under the multiarch /usr/lib/x86_64-linux-gnu/cmake/hip-lang, not
#      /usr/lib/cmake/hip-lang: we point CMAKE_HIP_COMPILER_ROCM_ROOT at a build-tree directory
#      whose lib/cmake/hip-lang links there (the config resolves its prefix through REALPATH).
#   3. clang does not find Debian's device libraries (/usr/lib/<arch>/amdgcn/bitcode) or the HIP
#      headers by itself: we pass --rocm-path and --rocm-device-lib-path, as hipcc does; and
#      hip-lang's find_dependency(amd_comgr) needs amd_comgr_DIR inside CMake's try_compile
#      projects, which do not know the multiarch directory yet.
# Upstream ROCm (/opt/rocm: llvm/bin/clang++, lib/cmake/hip-lang) needs none of this and takes
# the same path with the bridges being no-ops.

# Runs the hipconfig that sits next to `hipcc` with `arg`; the output, or "" when it fails.
function(_rocmdoc_hipconfig hipcc arg out_var)
  get_filename_component(bin_dir "${hipcc}" DIRECTORY)
  find_program(_rocmdoc_hipconfig_exe hipconfig HINTS "${bin_dir}" NO_CACHE)
  set(result "")
  if(_rocmdoc_hipconfig_exe)
    execute_process(COMMAND "${_rocmdoc_hipconfig_exe}" ${arg} OUTPUT_VARIABLE result
                    ERROR_QUIET RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE)
    if(NOT rc EQUAL 0)
      set(result "")
    endif()
  endif()
  set(${out_var} "${result}" PARENT_SCOPE)
endfunction()

# Finds the HIP toolchain and checks it compiles a kernel. Sets, in the caller:
#   _rocmdoc_hip_ok (TRUE/FALSE), _rocmdoc_hip_why (reason when not ok), _rocmdoc_hip_clang,
#   _rocmdoc_hip_rocm_path, _rocmdoc_hip_lang_dir, _rocmdoc_hip_device_lib_dir, _rocmdoc_comgr_dir
function(_rocmdoc_find_hip)
  set(_rocmdoc_hip_ok FALSE PARENT_SCOPE)
  find_program(ROCMDOC_HIPCC hipcc HINTS ENV ROCM_PATH ENV HIP_PATH /opt/rocm PATH_SUFFIXES bin)
  if(NOT ROCMDOC_HIPCC AND NOT CMAKE_HIP_COMPILER)
    set(_rocmdoc_hip_why "no hipcc found (install hipcc and libamdhip64-dev, or set ROCM_PATH)"
        PARENT_SCOPE)
    return()
  endif()

  # The ROCm prefix: $ROCM_PATH, else what hipconfig says, else the parent of hipcc's bin/.
  set(rocm_path "$ENV{ROCM_PATH}")
  if(NOT rocm_path AND ROCMDOC_HIPCC)
    _rocmdoc_hipconfig("${ROCMDOC_HIPCC}" --rocmpath rocm_path)
  endif()
  if(NOT rocm_path AND ROCMDOC_HIPCC)
    get_filename_component(rocm_path "${ROCMDOC_HIPCC}/../.." ABSOLUTE)
  endif()

  # The clang that hipcc uses: CMAKE_HIP_COMPILER if given; else <rocm>/llvm/bin/clang++
  # (upstream); else clang++-<N> / llvm-<N> for the major version hipconfig reports (Debian).
  set(clang "${CMAKE_HIP_COMPILER}")
  if(NOT clang)
    _rocmdoc_hipconfig("${ROCMDOC_HIPCC}" --hipclangpath clang_dir)
    _rocmdoc_hipconfig("${ROCMDOC_HIPCC}" --full full)
    set(candidates "${rocm_path}/llvm/bin/clang++")
    if(full MATCHES "clang version ([0-9]+)")
      set(major "${CMAKE_MATCH_1}")
      list(APPEND candidates "/usr/lib/llvm-${major}/bin/clang++" "${clang_dir}/clang++-${major}")
    endif()
    list(APPEND candidates "${clang_dir}/clang++")
    foreach(candidate ${candidates})
      if(EXISTS "${candidate}" AND NOT IS_DIRECTORY "${candidate}")
        set(clang "${candidate}")
        break()
      endif()
    endforeach()
  endif()
  if(NOT clang)
    set(_rocmdoc_hip_why "hipcc found at ${ROCMDOC_HIPCC}, but not the clang++ it drives"
        PARENT_SCOPE)
    return()
  endif()

  find_path(lang_dir hip-lang-config.cmake NO_CACHE NO_DEFAULT_PATH PATHS
            "${rocm_path}/lib/cmake/hip-lang"
            "${rocm_path}/lib/${CMAKE_LIBRARY_ARCHITECTURE}/cmake/hip-lang"
            "${rocm_path}/lib64/cmake/hip-lang")
  if(NOT lang_dir)
    set(_rocmdoc_hip_why "no hip-lang-config.cmake under ${rocm_path} (install libamdhip64-dev)"
        PARENT_SCOPE)
    return()
  endif()
  find_path(comgr_dir amd_comgr-config.cmake NO_CACHE NO_DEFAULT_PATH PATHS
            "${rocm_path}/lib/cmake/amd_comgr"
            "${rocm_path}/lib/${CMAKE_LIBRARY_ARCHITECTURE}/cmake/amd_comgr"
            "${rocm_path}/lib64/cmake/amd_comgr")
  find_path(device_lib_dir ocml.bc NO_CACHE NO_DEFAULT_PATH PATHS
            "${rocm_path}/amdgcn/bitcode"
            "${rocm_path}/lib/${CMAKE_LIBRARY_ARCHITECTURE}/amdgcn/bitcode"
            "${rocm_path}/lib/amdgcn/bitcode")

  # Prove the toolchain compiles and links a kernel before committing to it: in auto mode a
  # half-installed ROCm must fall back, not fail the whole configure inside enable_language.
  set(flags "--rocm-path=${rocm_path}")
  if(device_lib_dir)
    list(APPEND flags "--rocm-device-lib-path=${device_lib_dir}")
  endif()
  set(probe_dir "${CMAKE_BINARY_DIR}/CMakeFiles/rocmdoc-hip-probe")
  file(WRITE "${probe_dir}/probe.hip"
       "#include <hip/hip_runtime.h>\n__global__ void K(int* p) { p[threadIdx.x] = 1; }\n"
       "int main() { int n = 0; static_cast<void>(hipGetDeviceCount(&n)); return 0; }\n")
  list(GET ROCMDOC_HIP_ARCHITECTURES 0 first_arch)
  execute_process(
    COMMAND "${clang}" ${flags} -x hip --offload-arch=${first_arch} "${probe_dir}/probe.hip"
            -o "${probe_dir}/probe" -L${rocm_path}/lib -lamdhip64
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    string(REGEX REPLACE "\n+$" "" out "${out}")
    set(_rocmdoc_hip_why "${clang} cannot build a HIP kernel for ${first_arch}:\n${out}"
        PARENT_SCOPE)
    return()
  endif()

  set(_rocmdoc_hip_ok TRUE PARENT_SCOPE)
  set(_rocmdoc_hip_clang "${clang}" PARENT_SCOPE)
  set(_rocmdoc_hip_rocm_path "${rocm_path}" PARENT_SCOPE)
  set(_rocmdoc_hip_lang_dir "${lang_dir}" PARENT_SCOPE)
  set(_rocmdoc_hip_device_lib_dir "${device_lib_dir}" PARENT_SCOPE)
  set(_rocmdoc_comgr_dir "${comgr_dir}" PARENT_SCOPE)
endfunction()

# --- CUDA -----------------------------------------------------------------------------------
# Sets _rocmdoc_nvcc (path or empty) and _rocmdoc_cuda_why in the caller.
function(_rocmdoc_find_cuda)
  set(nvcc "${CMAKE_CUDA_COMPILER}")
  if(NOT nvcc)
    find_program(ROCMDOC_NVCC nvcc HINTS ENV CUDA_PATH ENV CUDA_HOME PATH_SUFFIXES bin
                 PATHS /usr/local/cuda/bin)
    set(nvcc "${ROCMDOC_NVCC}")
  endif()
  if(nvcc)
    set(_rocmdoc_nvcc "${nvcc}" PARENT_SCOPE)
  else()
    set(_rocmdoc_nvcc "" PARENT_SCOPE)
    set(_rocmdoc_cuda_why "no nvcc found (PATH, $CUDA_PATH, /usr/local/cuda/bin)" PARENT_SCOPE)
  endif()
endfunction()

# --- Resolve --------------------------------------------------------------------------------
set(ROCMDOC_GPU_BACKEND_RESOLVED "none")
set(_rocmdoc_gpu_notes "")
if(ROCMDOC_GPU_BACKEND MATCHES "^(auto|hip)$")
  _rocmdoc_find_hip()
  if(_rocmdoc_hip_ok)
    set(ROCMDOC_GPU_BACKEND_RESOLVED "hip")
  elseif(ROCMDOC_GPU_BACKEND STREQUAL "hip")
    message(FATAL_ERROR "ROCMDOC_GPU_BACKEND=hip: ${_rocmdoc_hip_why}")
  else()
    string(APPEND _rocmdoc_gpu_notes "\n  HIP: ${_rocmdoc_hip_why}")
  endif()
endif()
if(ROCMDOC_GPU_BACKEND_RESOLVED STREQUAL "none" AND ROCMDOC_GPU_BACKEND MATCHES "^(auto|cuda)$")
  _rocmdoc_find_cuda()
  if(_rocmdoc_nvcc)
    set(ROCMDOC_GPU_BACKEND_RESOLVED "cuda")
  elseif(ROCMDOC_GPU_BACKEND STREQUAL "cuda")
    message(FATAL_ERROR "ROCMDOC_GPU_BACKEND=cuda: ${_rocmdoc_cuda_why}")
  else()
    string(APPEND _rocmdoc_gpu_notes "\n  CUDA: ${_rocmdoc_cuda_why}")
  endif()
endif()

set_property(GLOBAL PROPERTY ROCMDOC_GPU_BACKEND_RESOLVED "${ROCMDOC_GPU_BACKEND_RESOLVED}")

# enable_language must run at file scope, not inside a function.
if(ROCMDOC_GPU_BACKEND_RESOLVED STREQUAL "hip")
  if(NOT CMAKE_HIP_COMPILER)
    set(CMAKE_HIP_COMPILER "${_rocmdoc_hip_clang}" CACHE FILEPATH "HIP compiler (clang++)")
  endif()
  if(NOT CMAKE_HIP_COMPILER_ROCM_ROOT)
    if(_rocmdoc_hip_lang_dir STREQUAL "${_rocmdoc_hip_rocm_path}/lib/cmake/hip-lang")
      set(CMAKE_HIP_COMPILER_ROCM_ROOT "${_rocmdoc_hip_rocm_path}")
    else()
      set(CMAKE_HIP_COMPILER_ROCM_ROOT "${CMAKE_BINARY_DIR}/rocmdoc-rocm-root")
      file(MAKE_DIRECTORY "${CMAKE_HIP_COMPILER_ROCM_ROOT}/lib/cmake")
      file(CREATE_LINK "${_rocmdoc_hip_lang_dir}"
           "${CMAKE_HIP_COMPILER_ROCM_ROOT}/lib/cmake/hip-lang" SYMBOLIC)
    endif()
  endif()
  set(_rocmdoc_hip_flags "--rocm-path=${_rocmdoc_hip_rocm_path}")
  if(_rocmdoc_hip_device_lib_dir)
    string(APPEND _rocmdoc_hip_flags " --rocm-device-lib-path=${_rocmdoc_hip_device_lib_dir}")
  endif()
  set(CMAKE_HIP_FLAGS_INIT "${CMAKE_HIP_FLAGS_INIT} ${_rocmdoc_hip_flags}")
  if(_rocmdoc_comgr_dir AND NOT amd_comgr_DIR)
    set(amd_comgr_DIR "${_rocmdoc_comgr_dir}" CACHE PATH "amd_comgr CMake package (HIP)")
  endif()
  list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES amd_comgr_DIR)
  if(NOT CMAKE_HIP_ARCHITECTURES)
    set(CMAKE_HIP_ARCHITECTURES "${ROCMDOC_HIP_ARCHITECTURES}")
  endif()
  enable_language(HIP)
  message(STATUS "rocm-doctor-hip: HIP backend, ${CMAKE_HIP_COMPILER} "
                 "(${CMAKE_HIP_COMPILER_VERSION}), targets ${CMAKE_HIP_ARCHITECTURES}")
elseif(ROCMDOC_GPU_BACKEND_RESOLVED STREQUAL "cuda")
  if(NOT CMAKE_CUDA_COMPILER)
    set(CMAKE_CUDA_COMPILER "${_rocmdoc_nvcc}" CACHE FILEPATH "CUDA compiler (nvcc)")
  endif()
  if(NOT CMAKE_CUDA_ARCHITECTURES)
    set(CMAKE_CUDA_ARCHITECTURES "${ROCMDOC_CUDA_ARCHITECTURES}")
  endif()
  enable_language(CUDA)
  message(STATUS "rocm-doctor-hip: CUDA backend, ${CMAKE_CUDA_COMPILER} "
                 "(${CMAKE_CUDA_COMPILER_VERSION}), targets sm_${CMAKE_CUDA_ARCHITECTURES}")
else()
  message(STATUS "rocm-doctor-hip: not built (ROCMDOC_GPU_BACKEND=${ROCMDOC_GPU_BACKEND})"
                 "${_rocmdoc_gpu_notes}")
endif()

# rocmdoc_gpu_warnings(target): the project's warning set for the helper's GPU sources, in the
# spelling of their compiler. clang (HIP) takes the host flags as they are; nvcc takes them through
# -Xcompiler for the host pass and has its own switch for its front end's warnings.
function(rocmdoc_gpu_warnings target)
  set(host_flags -Wall -Wextra -Wshadow -Wconversion -Wno-sign-conversion -Wnon-virtual-dtor)
  target_compile_options(${target} PRIVATE
    "$<$<COMPILE_LANGUAGE:HIP>:${host_flags};-Wpedantic;-Wold-style-cast>")
  string(REPLACE ";" "," host_flags_csv "${host_flags}")
  target_compile_options(${target} PRIVATE
    "$<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=${host_flags_csv}>")
  if(ROCMDOC_WERROR)
    target_compile_options(${target} PRIVATE "$<$<COMPILE_LANGUAGE:HIP>:-Werror>"
                           "$<$<COMPILE_LANGUAGE:CUDA>:-Werror=all-warnings;-Xcompiler=-Werror>")
  endif()
endfunction()
