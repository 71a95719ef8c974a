// SPDX-License-Identifier: MIT
#pragma once
// ROCMDOC_HOST_DEVICE: marks a function both the GPU compiler (hipcc/nvcc) and the host compiler
// build. Same spelling as in hip/smoke_pattern.h, so either header may come first.
#if defined(__HIPCC__)
#include <hip/hip_runtime.h>  // defines __host__ / __device__ for clang
#endif
#if defined(__HIPCC__) || defined(__CUDACC__)
#ifndef ROCMDOC_HOST_DEVICE
#define ROCMDOC_HOST_DEVICE __host__ __device__
#endif
#else
#ifndef ROCMDOC_HOST_DEVICE
#define ROCMDOC_HOST_DEVICE
#endif
#endif
