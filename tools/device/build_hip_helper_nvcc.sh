#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds rocm-doctor-hip with nvcc alone (no CMake, no Debian packages), for the NVIDIA machine
# the benchmark figures are measured on. Usage: tools/device/build_hip_helper_nvcc.sh OUT_DIR
# The same sources build for AMD through CMake (cmake/GpuBackend.cmake, hipcc/clang). Warnings are
# the project's set (cmake/GpuBackend.cmake, rocmdoc_gpu_warnings); set WERROR=1 to fail on them.
# Objects build in parallel (JOBS, default: all cores).
set -euo pipefail
out=${1:?output directory}
cd "$(dirname "$0")/../.."
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
cxx=${CXX:-g++}
jobs=${JOBS:-$(nproc)}
mkdir -p "$out/obj"
warn=-Wall,-Wextra,-Wshadow,-Wconversion,-Wno-sign-conversion,-Wnon-virtual-dtor
werror=()
if [[ ${WERROR:-0} == 1 ]]; then werror=(-Werror=all-warnings -Xcompiler=-Werror); fi
host=(args helper_main json_stdout json_writer pci_bdf report_json smoke_pattern main
      bench/amd_clock bench/bench_json bench/bench_params bench/bench_plan bench/bench_stats
      bench/fma_reference bench/host_memory bench/run_control bench/stream_values
      bench/matrix_blas bench/matrix_blas_gemm_ex bench/matrix_blas_lt bench/matrix_spec
      bench/matrix_verify bench/telemetry bench/telemetry_nvml bench/telemetry_reasons
      bench/telemetry_sysfs)
# GPU translation units: .cpp ones are compiled as CUDA (-x cu), .cu ones as they are.
gpu=(probe.cpp smoke_test.cpp smoke_kernel.cu
     bench/bench_runner.cpp bench/clock_probe.cu bench/collective.cpp bench/compute_bench.cpp bench/fma_kernels.cu
     bench/host_copy.cpp bench/launch.cu bench/matrix_bench.cpp bench/matrix_kernels.cu
     bench/memtest.cu bench/peer.cu bench/stream_bench.cpp
     bench/stream_kernels.cu bench/stress.cu bench/timing.cpp)
obj() { echo "$out/obj/${1//\//_}.o"; }
pids=()
run() {  # run CMD... in the background, at most $jobs at once
  while (( $(jobs -rp | wc -l) >= jobs )); do wait -n; done
  "$@" &
  pids+=($!)
}
for f in "${host[@]}"; do
  run "$cxx" -std=c++20 -O2 -Wall -Wextra -Iinclude -Isrc -c "src/hip/$f.cpp" -o "$(obj "$f")"
done
for f in "${gpu[@]}"; do
  lang=(); [[ $f == *.cpp ]] && lang=(-x cu)
  run "$nvcc" -std=c++17 -O3 -arch=sm_90 -DROCMDOC_GPU_CUDA=1 -DROCMDOC_GPU_TARGETS='"sm_90"' \
    -Xcompiler="$warn" "${werror[@]}" -Iinclude -Isrc "${lang[@]}" -c "src/hip/$f" \
    -o "$(obj "${f%.*}")"
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
if (( status != 0 )); then echo "build failed" >&2; exit 1; fi
# The BLAS and NVML are loaded at run time (dlopen): nothing of them is linked.
"$nvcc" -arch=sm_90 "$out"/obj/*.o -o "$out/rocm-doctor-hip" -ldl -lpthread
echo "built $out/rocm-doctor-hip"
