// SPDX-License-Identifier: MIT
#pragma once
// Peak-FMA kernels (fma_reference.h describes their arithmetic) for compute.* and stress.mixed.
#include "hip/bench/fma_reference.h"
#include "hip/bench/gpu_bench_api.h"

namespace rocm_doctor::hip_helper {

inline constexpr int kFmaThreads = 256;

struct FmaLaunch {
  int blocks = 1;
  int loops = 1;         // trips of the unrolled body: kFmaUnroll steps of every chain each
  float* out = nullptr;  // blocks * kFmaThreads floats, one per thread
  // Optional: cycles[slot] = max over blocks of the block's clock64() cycles (CUDA: SM cycles).
  unsigned long long* cycles = nullptr;
  int slot = 0;
};

// False when this build has no kernel for `kind` (BF16 on AMD: no packed BF16 FMA instruction in
// the CDNA2/RDNA2 vector ALU).
bool FmaKernelAvailable(FmaKind kind);

gpuError_t LaunchFmaKernel(FmaKind kind, const FmaLaunch& launch, gpuStream_t stream);

// Resident blocks of kFmaThreads per compute unit.
gpuError_t FmaBlocksPerComputeUnit(FmaKind kind, int* blocks);

}  // namespace rocm_doctor::hip_helper
