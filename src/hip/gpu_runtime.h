// SPDX-License-Identifier: MIT
#pragma once
// Our own thin mapping of the HIP and CUDA host runtimes, so one source builds for both vendors.
// Debian's HIP 5.2 headers for __HIP_PLATFORM_NVIDIA__ use cudaDeviceProp fields that CUDA 13
// removed (clockRate, memoryClockRate), so we never go through them: on NVIDIA we call CUDA
// directly. Clocks are read with DeviceGetAttribute, which both runtimes still have.
// Only the helper's GPU translation units include this; the rocm-doctor binary never does.
#include <cstddef>
#include <cstring>
#include <optional>
#include <string>

#if ROCMDOC_GPU_CUDA
#include <cuda_runtime.h>
#define ROCMDOC_GPU_API(name) cuda##name
#elif ROCMDOC_GPU_HIP
#include <hip/hip_runtime.h>
#define ROCMDOC_GPU_API(name) hip##name
#else
#error "build with ROCMDOC_GPU_HIP=1 or ROCMDOC_GPU_CUDA=1 (cmake/GpuBackend.cmake sets one)"
#endif

namespace rocm_doctor::hip_helper {

#if ROCMDOC_GPU_CUDA
inline constexpr const char* kGpuBackend = "cuda";
inline constexpr const char* kGpuApiPrefix = "cuda";
using gpuDeviceProp = cudaDeviceProp;
using gpuDeviceAttr = cudaDeviceAttr;
inline constexpr gpuDeviceAttr gpuDevAttrMultiProcessorCount = cudaDevAttrMultiProcessorCount;
inline constexpr gpuDeviceAttr gpuDevAttrClockRate = cudaDevAttrClockRate;
inline constexpr gpuDeviceAttr gpuDevAttrMemoryClockRate = cudaDevAttrMemoryClockRate;
inline constexpr gpuDeviceAttr gpuDevAttrMemoryBusWidth = cudaDevAttrGlobalMemoryBusWidth;
#else
inline constexpr const char* kGpuBackend = "hip";
inline constexpr const char* kGpuApiPrefix = "hip";
using gpuDeviceProp = hipDeviceProp_t;
using gpuDeviceAttr = hipDeviceAttribute_t;
inline constexpr gpuDeviceAttr gpuDevAttrMultiProcessorCount =
    hipDeviceAttributeMultiprocessorCount;
inline constexpr gpuDeviceAttr gpuDevAttrClockRate = hipDeviceAttributeClockRate;
inline constexpr gpuDeviceAttr gpuDevAttrMemoryClockRate = hipDeviceAttributeMemoryClockRate;
inline constexpr gpuDeviceAttr gpuDevAttrMemoryBusWidth = hipDeviceAttributeMemoryBusWidth;
#endif

using gpuError_t = ROCMDOC_GPU_API(Error_t);
using gpuStream_t = ROCMDOC_GPU_API(Stream_t);
using gpuEvent_t = ROCMDOC_GPU_API(Event_t);
using gpuMemcpyKind = ROCMDOC_GPU_API(MemcpyKind);
inline constexpr gpuError_t gpuSuccess = ROCMDOC_GPU_API(Success);
inline constexpr gpuError_t gpuErrorInvalidDevice = ROCMDOC_GPU_API(ErrorInvalidDevice);
inline constexpr gpuMemcpyKind gpuMemcpyDeviceToHost = ROCMDOC_GPU_API(MemcpyDeviceToHost);

inline gpuError_t gpuGetDeviceCount(int* count) { return ROCMDOC_GPU_API(GetDeviceCount)(count); }
inline gpuError_t gpuSetDevice(int device) { return ROCMDOC_GPU_API(SetDevice)(device); }
inline gpuError_t gpuGetDeviceProperties(gpuDeviceProp* prop, int device) {
  return ROCMDOC_GPU_API(GetDeviceProperties)(prop, device);
}
inline gpuError_t gpuDeviceGetAttribute(int* value, gpuDeviceAttr attr, int device) {
  return ROCMDOC_GPU_API(DeviceGetAttribute)(value, attr, device);
}
inline gpuError_t gpuDeviceGetPCIBusId(char* bus_id, int length, int device) {
  return ROCMDOC_GPU_API(DeviceGetPCIBusId)(bus_id, length, device);
}
inline gpuError_t gpuRuntimeGetVersion(int* version) {
  return ROCMDOC_GPU_API(RuntimeGetVersion)(version);
}
inline gpuError_t gpuDriverGetVersion(int* version) {
  return ROCMDOC_GPU_API(DriverGetVersion)(version);
}
inline gpuError_t gpuDeviceSynchronize() { return ROCMDOC_GPU_API(DeviceSynchronize)(); }
inline gpuError_t gpuGetLastError() { return ROCMDOC_GPU_API(GetLastError)(); }
inline const char* gpuGetErrorName(gpuError_t error) {
  return ROCMDOC_GPU_API(GetErrorName)(error);
}
inline const char* gpuGetErrorString(gpuError_t error) {
  return ROCMDOC_GPU_API(GetErrorString)(error);
}

inline gpuError_t gpuMalloc(void** ptr, std::size_t bytes) {
  return ROCMDOC_GPU_API(Malloc)(ptr, bytes);
}
inline gpuError_t gpuFree(void* ptr) { return ROCMDOC_GPU_API(Free)(ptr); }
inline gpuError_t gpuMemcpy(void* dst, const void* src, std::size_t bytes, gpuMemcpyKind kind) {
  return ROCMDOC_GPU_API(Memcpy)(dst, src, bytes, kind);
}
inline gpuError_t gpuMemsetAsync(void* ptr, int value, std::size_t bytes, gpuStream_t stream) {
  return ROCMDOC_GPU_API(MemsetAsync)(ptr, value, bytes, stream);
}

inline gpuError_t gpuStreamCreate(gpuStream_t* stream) {
  return ROCMDOC_GPU_API(StreamCreate)(stream);
}
inline gpuError_t gpuStreamSynchronize(gpuStream_t stream) {
  return ROCMDOC_GPU_API(StreamSynchronize)(stream);
}
inline gpuError_t gpuStreamDestroy(gpuStream_t stream) {
  return ROCMDOC_GPU_API(StreamDestroy)(stream);
}
inline gpuError_t gpuEventCreate(gpuEvent_t* event) { return ROCMDOC_GPU_API(EventCreate)(event); }
inline gpuError_t gpuEventRecord(gpuEvent_t event, gpuStream_t stream) {
  return ROCMDOC_GPU_API(EventRecord)(event, stream);
}
inline gpuError_t gpuEventSynchronize(gpuEvent_t event) {
  return ROCMDOC_GPU_API(EventSynchronize)(event);
}
inline gpuError_t gpuEventElapsedTime(float* ms, gpuEvent_t start, gpuEvent_t stop) {
  return ROCMDOC_GPU_API(EventElapsedTime)(ms, start, stop);
}
inline gpuError_t gpuEventDestroy(gpuEvent_t event) { return ROCMDOC_GPU_API(EventDestroy)(event); }

// A char array the runtime filled, up to its first NUL (or its end when it has none).
template <std::size_t N>
std::string FixedCString(const char (&text)[N]) {
  return std::string(text, strnlen(text, N));
}

// "gfx90a:sramecc+:xnack-" on HIP (the ISA with its target features, as the code object loader
// matches them); "sm_90" on CUDA. nullopt when the runtime left it empty.
inline std::optional<std::string> GpuArchName(const gpuDeviceProp& prop) {
#if ROCMDOC_GPU_CUDA
  if (prop.major <= 0) return std::nullopt;
  return "sm_" + std::to_string(prop.major * 10 + prop.minor);
#else
  std::string arch = FixedCString(prop.gcnArchName);
  if (arch.empty()) return std::nullopt;
  return arch;
#endif
}

// HIP's isLargeBar: the whole VRAM is CPU-visible through BAR0 (resizable BAR). The CUDA runtime
// has no such property.
inline std::optional<bool> GpuLargeBar([[maybe_unused]] const gpuDeviceProp& prop) {
#if ROCMDOC_GPU_CUDA
  return std::nullopt;
#else
  return prop.isLargeBar != 0;
#endif
}

}  // namespace rocm_doctor::hip_helper
