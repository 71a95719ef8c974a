// SPDX-License-Identifier: MIT
#pragma once
// 16-byte global loads and stores with an optional streaming (non-temporal) hint, one spelling for
// both compilers: CUDA ld.global.cs / st.global.cs (__ldcs/__stcs), AMD nontemporal (the "nt"
// bit on global_load/store_dwordx4). GPU sources only.
#include "hip/gpu_runtime.h"

namespace rocm_doctor::hip_helper {

template <bool kStreaming>
__device__ __forceinline__ float4 LoadFloat4(const float4* p) {
  if constexpr (kStreaming) {
#if ROCMDOC_GPU_CUDA
    return __ldcs(p);
#else
    float4 v;
    v.data = __builtin_nontemporal_load(&p->data);
    return v;
#endif
  } else {
    return *p;
  }
}

template <bool kStreaming>
__device__ __forceinline__ void StoreFloat4(float4* p, const float4& v) {
  if constexpr (kStreaming) {
#if ROCMDOC_GPU_CUDA
    __stcs(p, v);
#else
    __builtin_nontemporal_store(v.data, &p->data);
#endif
  } else {
    *p = v;
  }
}

}  // namespace rocm_doctor::hip_helper
