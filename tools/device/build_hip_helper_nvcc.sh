#!/usr/bin/env bash
# Builds rocm-doctor-hip with nvcc alone (no CMake, no Debian packages), for the NVIDIA machine
# the benchmark figures are measured on. Usage: tools/device/build_hip_helper_nvcc.sh OUT_DIR
# The same sources build for AMD through CMake (cmake/GpuBackend.cmake, hipcc/clang).
set -euo pipefail
out=${1:?output directory}
cd "$(dirname "$0")/../.."
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
cxx=${CXX:-g++}
mkdir -p "$out/obj"
host=(args helper_main json_stdout json_writer pci_bdf report_json smoke_pattern main)
gpu=(probe smoke_test)
for f in "${host[@]}"; do
  "$cxx" -std=c++20 -O2 -Wall -Wextra -Iinclude -Isrc -c "src/hip/$f.cpp" -o "$out/obj/$f.o"
done
for f in "${gpu[@]}"; do
  "$nvcc" -std=c++17 -O2 -arch=sm_90 -DROCMDOC_GPU_CUDA=1 -DROCMDOC_GPU_TARGETS='"sm_90"' \
    -Iinclude -Isrc -x cu -c "src/hip/$f.cpp" -o "$out/obj/$f.o"
done
"$nvcc" -std=c++17 -O2 -arch=sm_90 -DROCMDOC_GPU_CUDA=1 -DROCMDOC_GPU_TARGETS='"sm_90"' \
  -Iinclude -Isrc -c src/hip/smoke_kernel.cu -o "$out/obj/smoke_kernel.o"
"$nvcc" -arch=sm_90 "$out"/obj/*.o -o "$out/rocm-doctor-hip"
echo "built $out/rocm-doctor-hip"
