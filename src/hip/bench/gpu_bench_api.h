// SPDX-License-Identifier: MIT
#pragma once
// The runtime calls the benchmarks need beyond hip/gpu_runtime.h, mapped the same way (hip* or
// cuda*, selected by ROCMDOC_GPU_HIP / ROCMDOC_GPU_CUDA). Only the helper's GPU sources include it.
#include <cstddef>

#include "hip/gpu_runtime.h"

namespace rocm_doctor::hip_helper {

inline constexpr gpuError_t gpuErrorNotReady = ROCMDOC_GPU_API(ErrorNotReady);
// What a launch callback returns when a library call (the BLAS) failed; its own text is kept.
inline constexpr gpuError_t gpuErrorUnknown = ROCMDOC_GPU_API(ErrorUnknown);
inline constexpr gpuError_t gpuErrorPeerAccessAlreadyEnabled =
    ROCMDOC_GPU_API(ErrorPeerAccessAlreadyEnabled);
inline constexpr gpuMemcpyKind gpuMemcpyHostToDevice = ROCMDOC_GPU_API(MemcpyHostToDevice);
inline constexpr gpuMemcpyKind gpuMemcpyDeviceToDevice = ROCMDOC_GPU_API(MemcpyDeviceToDevice);
inline constexpr unsigned gpuStreamNonBlocking = ROCMDOC_GPU_API(StreamNonBlocking);
#if ROCMDOC_GPU_CUDA
inline constexpr gpuDeviceAttr gpuDevAttrL2CacheSize = cudaDevAttrL2CacheSize;
#else
inline constexpr gpuDeviceAttr gpuDevAttrL2CacheSize = hipDeviceAttributeL2CacheSize;
#endif

inline gpuError_t gpuMemGetInfo(std::size_t* free_bytes, std::size_t* total_bytes) {
  return ROCMDOC_GPU_API(MemGetInfo)(free_bytes, total_bytes);
}
inline gpuError_t gpuMemcpyAsync(void* dst, const void* src, std::size_t bytes, gpuMemcpyKind kind,
                                 gpuStream_t stream) {
  return ROCMDOC_GPU_API(MemcpyAsync)(dst, src, bytes, kind, stream);
}
inline gpuError_t gpuMemcpyPeerAsync(void* dst, int dst_device, const void* src, int src_device,
                                     std::size_t bytes, gpuStream_t stream) {
  return ROCMDOC_GPU_API(MemcpyPeerAsync)(dst, dst_device, src, src_device, bytes, stream);
}
// Page-locked host memory from the runtime (what PyTorch's pin_memory uses); the call's name
// without its prefix, for error texts.
#if ROCMDOC_GPU_CUDA
inline constexpr const char* kPinnedAllocCall = "HostAlloc";
#else
inline constexpr const char* kPinnedAllocCall = "HostMalloc";
#endif
inline gpuError_t gpuHostAllocPinned(void** ptr, std::size_t bytes) {
#if ROCMDOC_GPU_CUDA
  return cudaHostAlloc(ptr, bytes, cudaHostAllocDefault);
#else
  return hipHostMalloc(ptr, bytes, hipHostMallocDefault);
#endif
}
inline gpuError_t gpuFreePinned(void* ptr) {
#if ROCMDOC_GPU_CUDA
  return cudaFreeHost(ptr);
#else
  return hipHostFree(ptr);
#endif
}
inline gpuError_t gpuStreamCreateNonBlocking(gpuStream_t* stream) {
  return ROCMDOC_GPU_API(StreamCreateWithFlags)(stream, gpuStreamNonBlocking);
}
inline gpuError_t gpuStreamWaitEvent(gpuStream_t stream, gpuEvent_t event) {
  return ROCMDOC_GPU_API(StreamWaitEvent)(stream, event, 0);
}
inline gpuError_t gpuEventQuery(gpuEvent_t event) { return ROCMDOC_GPU_API(EventQuery)(event); }
inline gpuError_t gpuStreamQuery(gpuStream_t stream) {
  return ROCMDOC_GPU_API(StreamQuery)(stream);
}
inline gpuError_t gpuGetDevice(int* device) { return ROCMDOC_GPU_API(GetDevice)(device); }
inline gpuError_t gpuDeviceCanAccessPeer(int* can, int device, int peer) {
  return ROCMDOC_GPU_API(DeviceCanAccessPeer)(can, device, peer);
}
inline gpuError_t gpuDeviceEnablePeerAccess(int peer) {
  return ROCMDOC_GPU_API(DeviceEnablePeerAccess)(peer, 0);
}
inline gpuError_t gpuMemset(void* ptr, int value, std::size_t bytes) {
  return ROCMDOC_GPU_API(Memset)(ptr, value, bytes);
}
inline gpuError_t gpuPeekAtLastError() { return ROCMDOC_GPU_API(PeekAtLastError)(); }

// Resident blocks of `kernel` per compute unit at `threads` per block, no dynamic shared memory.
template <class Kernel>
gpuError_t gpuMaxActiveBlocksPerCu(int* blocks, Kernel kernel, int threads) {
  return ROCMDOC_GPU_API(OccupancyMaxActiveBlocksPerMultiprocessor)(blocks, kernel, threads, 0);
}

}  // namespace rocm_doctor::hip_helper
