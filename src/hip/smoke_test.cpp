// SPDX-License-Identifier: MIT
#include "hip/smoke_test.h"

#include <vector>

#include "hip/gpu_error.h"
#include "hip/gpu_runtime.h"
#include "hip/smoke_kernel.h"
#include "hip/smoke_pattern.h"

namespace rocm_doctor::hip_helper {
namespace {

// Everything the smoke test allocates, released in reverse order whatever happened. Release
// errors are ignored: after a kernel fault the context is poisoned and every call fails, and the
// first error is the one worth reporting.
struct SmokeResources {
  SmokeResources() = default;
  SmokeResources(const SmokeResources&) = delete;
  SmokeResources& operator=(const SmokeResources&) = delete;
  ~SmokeResources() {
    if (buffer != nullptr) static_cast<void>(gpuFree(buffer));
    if (stop != nullptr) static_cast<void>(gpuEventDestroy(stop));
    if (start != nullptr) static_cast<void>(gpuEventDestroy(start));
    if (stream != nullptr) static_cast<void>(gpuStreamDestroy(stream));
  }

  gpuStream_t stream = nullptr;
  gpuEvent_t start = nullptr;
  gpuEvent_t stop = nullptr;
  void* buffer = nullptr;
};

}  // namespace

SmokeResult RunSmokeTest() {
  SmokeResult result;
  SmokeResources res;
  constexpr std::size_t kBytes = std::size_t{kSmokeElements} * sizeof(std::uint32_t);
  const auto failed = [&result](gpuError_t error, const char* call) {
    if (error == gpuSuccess) return false;
    result.error = MakeGpuError(error, call);
    return true;
  };

  if (failed(gpuStreamCreate(&res.stream), "StreamCreate")) return result;
  if (failed(gpuEventCreate(&res.start), "EventCreate")) return result;
  if (failed(gpuEventCreate(&res.stop), "EventCreate")) return result;
  if (failed(gpuMalloc(&res.buffer, kBytes), "Malloc")) return result;
  // 0xFF bytes: a value SmokeValue never produces, so unwritten elements are caught.
  if (failed(gpuMemsetAsync(res.buffer, 0xFF, kBytes, res.stream), "MemsetAsync")) return result;
  if (failed(gpuEventRecord(res.start, res.stream), "EventRecord")) return result;
  if (failed(LaunchSmokeKernel(static_cast<std::uint32_t*>(res.buffer), kSmokeElements, res.stream),
             "LaunchKernel")) {
    return result;
  }
  if (failed(gpuEventRecord(res.stop, res.stream), "EventRecord")) return result;
  // A fault while the kernel ran (page fault, hardware exception) is reported here.
  if (failed(gpuEventSynchronize(res.stop), "EventSynchronize")) return result;
  float kernel_ms = 0.0F;
  if (failed(gpuEventElapsedTime(&kernel_ms, res.start, res.stop), "EventElapsedTime")) {
    return result;
  }
  result.kernel_ms = kernel_ms;

  std::vector<std::uint32_t> host(kSmokeElements, 0);
  if (failed(gpuMemcpy(host.data(), res.buffer, kBytes, gpuMemcpyDeviceToHost), "Memcpy")) {
    return result;
  }
  result.checked_elements = static_cast<std::int64_t>(host.size());
  result.mismatch = FindSmokeMismatch(host.data(), host.size());
  result.ok = !result.mismatch.has_value();
  return result;
}

}  // namespace rocm_doctor::hip_helper
