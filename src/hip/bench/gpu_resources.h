// SPDX-License-Identifier: MIT
#pragma once
// Owners of GPU objects for the benchmarks: each frees what it holds on every path, except when the
// GPU is wedged (run_control.h), where a free would block forever. Only GPU sources include it.
#include <cstddef>
#include <string>
#include <utility>

#include "hip/bench/bench_report.h"
#include "hip/bench/gpu_bench_api.h"
#include "hip/bench/run_control.h"

namespace rocm_doctor::hip_helper {

// "hipErrorOutOfMemory: out of memory (hipMalloc)": the runtime's name and text, verbatim, and
// the call (without its prefix in `call`: "Malloc").
inline std::string GpuErrorText(gpuError_t error, const char* call) {
  const char* name = gpuGetErrorName(error);
  const char* message = gpuGetErrorString(error);
  std::string text = name != nullptr ? name : "unknown error";
  if (message != nullptr && std::string(message) != text) {
    text += ": ";
    text += message;
  }
  text += " (";
  text += kGpuApiPrefix;
  text += call;
  text += ")";
  return text;
}

// Marks `result` failed with the first failing call; true when `error` is a failure.
inline bool RecordFailure(BenchResult& result, gpuError_t error, const char* call) {
  if (error == gpuSuccess) return false;
  result.status = BenchStatus::kFailed;
  result.reason = GpuErrorText(error, call);
  return true;
}

class DeviceMemory {
 public:
  DeviceMemory() = default;
  DeviceMemory(const DeviceMemory&) = delete;
  DeviceMemory& operator=(const DeviceMemory&) = delete;
  DeviceMemory(DeviceMemory&& other) noexcept
      : ptr_(std::exchange(other.ptr_, nullptr)), bytes_(std::exchange(other.bytes_, 0)) {}
  DeviceMemory& operator=(DeviceMemory&& other) noexcept {
    if (this != &other) {
      Release();
      ptr_ = std::exchange(other.ptr_, nullptr);
      bytes_ = std::exchange(other.bytes_, 0);
    }
    return *this;
  }
  ~DeviceMemory() { Release(); }

  gpuError_t Allocate(std::size_t bytes) {
    Release();
    const gpuError_t error = gpuMalloc(&ptr_, bytes);
    if (error != gpuSuccess) {
      ptr_ = nullptr;
      return error;
    }
    bytes_ = bytes;
    return gpuSuccess;
  }
  void Release() {
    if (ptr_ != nullptr && !GpuWedged()) static_cast<void>(gpuFree(ptr_));
    ptr_ = nullptr;
    bytes_ = 0;
  }

  template <class T>
  T* as() const {
    return static_cast<T*>(ptr_);
  }
  void* get() const { return ptr_; }
  std::size_t bytes() const { return bytes_; }

 private:
  void* ptr_ = nullptr;
  std::size_t bytes_ = 0;
};

class GpuStream {
 public:
  GpuStream() = default;
  GpuStream(const GpuStream&) = delete;
  GpuStream& operator=(const GpuStream&) = delete;
  ~GpuStream() {
    if (stream_ != nullptr && !GpuWedged()) static_cast<void>(gpuStreamDestroy(stream_));
  }
  // Non-blocking: never serialised with the legacy default stream.
  gpuError_t Create() { return gpuStreamCreateNonBlocking(&stream_); }
  gpuStream_t get() const { return stream_; }

 private:
  gpuStream_t stream_ = nullptr;
};

class GpuEvent {
 public:
  GpuEvent() = default;
  GpuEvent(const GpuEvent&) = delete;
  GpuEvent& operator=(const GpuEvent&) = delete;
  GpuEvent(GpuEvent&& other) noexcept : event_(std::exchange(other.event_, nullptr)) {}
  GpuEvent& operator=(GpuEvent&& other) noexcept {
    if (this != &other) {
      Destroy();
      event_ = std::exchange(other.event_, nullptr);
    }
    return *this;
  }
  ~GpuEvent() { Destroy(); }
  gpuError_t Create() { return gpuEventCreate(&event_); }
  gpuEvent_t get() const { return event_; }

 private:
  void Destroy() {
    if (event_ != nullptr && !GpuWedged()) static_cast<void>(gpuEventDestroy(event_));
    event_ = nullptr;
  }
  gpuEvent_t event_ = nullptr;
};

// Page-locked host memory allocated by the runtime (hipHostMalloc / cudaHostAlloc).
class PinnedHostBuffer {
 public:
  PinnedHostBuffer() = default;
  PinnedHostBuffer(const PinnedHostBuffer&) = delete;
  PinnedHostBuffer& operator=(const PinnedHostBuffer&) = delete;
  ~PinnedHostBuffer() {
    if (ptr_ != nullptr && !GpuWedged()) static_cast<void>(gpuFreePinned(ptr_));
  }
  gpuError_t Allocate(std::size_t bytes) {
    const gpuError_t error = gpuHostAllocPinned(&ptr_, bytes);
    if (error != gpuSuccess) ptr_ = nullptr;
    return error;
  }
  void* get() const { return ptr_; }

 private:
  void* ptr_ = nullptr;
};

}  // namespace rocm_doctor::hip_helper
