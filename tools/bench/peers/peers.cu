// SPDX-License-Identifier: MIT
// The plain-runtime measurements rocm-doctor-hip --bench is compared with on NVIDIA
// (tools/bench/h200_compare.sh): the vendor's own device-to-device cudaMemcpy, pinned
// cudaMemcpyAsync each way and both at once (cudaMallocHost buffers, as PyTorch pins), and an
// empty-kernel launch loop. Same sizes, warm-ups, samples and event timing as the helper's quick
// level, so a ratio compares the code, not the method. Prints one JSON object.
//   nvcc -O3 -arch=sm_90 tools/bench/peers/peers.cu -o peers && ./peers [launch]
// With "launch" only the launch loop runs (the comparison repeats it, interleaved with the
// helper's launch.*, because launch latency in a VM drifts between runs).
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

namespace {

void Check(cudaError_t e, const char* what) {
  if (e == cudaSuccess) return;
  std::fprintf(stderr, "peers: %s: %s\n", what, cudaGetErrorString(e));
  std::exit(1);
}

struct Stats {
  double best;
  double median;
};

Stats Summarize(std::vector<double> v, bool higher_is_better) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  const double median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  return {higher_is_better ? v.back() : v.front(), median};
}

// Event-timed batches of `iterations` calls after `warmups`: rates of `amount` per call. All
// batches are enqueued before the first is waited for, so the GPU never idles inside a batch.
Stats TimedRate(cudaStream_t s, const std::function<void()>& call, double amount, int warmups,
                int samples, int iterations) {
  for (int i = 0; i < warmups; ++i) call();
  Check(cudaStreamSynchronize(s), "warm-up");
  std::vector<cudaEvent_t> start(samples), stop(samples);
  for (int b = 0; b < samples; ++b) {
    Check(cudaEventCreate(&start[b]), "event");
    Check(cudaEventCreate(&stop[b]), "event");
  }
  for (int b = 0; b < samples; ++b) {
    Check(cudaEventRecord(start[b], s), "record");
    for (int i = 0; i < iterations; ++i) call();
    Check(cudaEventRecord(stop[b], s), "record");
  }
  Check(cudaStreamSynchronize(s), "sync");
  Check(cudaGetLastError(), "calls");
  std::vector<double> rates;
  for (int b = 0; b < samples; ++b) {
    float ms = 0;
    Check(cudaEventElapsedTime(&ms, start[b], stop[b]), "elapsed");
    rates.push_back(amount * iterations / (ms * 1e-3));
    cudaEventDestroy(start[b]);
    cudaEventDestroy(stop[b]);
  }
  return Summarize(rates, true);
}

__global__ void Empty() {}

void Print(const char* name, const char* unit, Stats s, bool last = false) {
  std::printf("  \"%s\": {\"unit\": \"%s\", \"best\": %.6g, \"median\": %.6g}%s\n", name, unit,
              s.best, s.median, last ? "" : ",");
}

// cudaMemcpy device to device and pinned host transfers.
void Transfers(cudaStream_t s, cudaStream_t s2) {
  // cudaMemcpy device to device, 1 GiB (the helper's quick array), read + write counted.
  const std::size_t array = std::size_t{1} << 30;
  void *a, *b;
  Check(cudaMalloc(&a, array), "malloc");
  Check(cudaMalloc(&b, array), "malloc");
  Check(cudaMemset(a, 1, array), "memset");
  Print("memcpy_d2d", "B/s",
        TimedRate(
            s, [&] { cudaMemcpyAsync(b, a, array, cudaMemcpyDeviceToDevice, s); }, 2.0 * array, 2,
            20, 5));
  cudaFree(a);
  cudaFree(b);

  // Pinned host <-> device, 256 MiB, cudaMallocHost.
  const std::size_t bytes = std::size_t{256} << 20;
  void *host_src, *host_dst, *dev_to, *dev_from;
  Check(cudaMallocHost(&host_src, bytes), "host alloc");
  Check(cudaMallocHost(&host_dst, bytes), "host alloc");
  Check(cudaMalloc(&dev_to, bytes), "malloc");
  Check(cudaMalloc(&dev_from, bytes), "malloc");
  Print("pinned_h2d", "B/s",
        TimedRate(
            s, [&] { cudaMemcpyAsync(dev_to, host_src, bytes, cudaMemcpyHostToDevice, s); }, bytes,
            1, 10, 3));
  Print("pinned_d2h", "B/s",
        TimedRate(
            s, [&] { cudaMemcpyAsync(host_dst, dev_from, bytes, cudaMemcpyDeviceToHost, s); },
            bytes, 1, 10, 3));
  cudaEvent_t fork, join;
  Check(cudaEventCreateWithFlags(&fork, cudaEventDisableTiming), "event");
  Check(cudaEventCreateWithFlags(&join, cudaEventDisableTiming), "event");
  Print("pinned_bidir", "B/s",
        TimedRate(
            s,
            [&] {
              cudaEventRecord(fork, s);
              cudaStreamWaitEvent(s2, fork, 0);
              cudaMemcpyAsync(dev_to, host_src, bytes, cudaMemcpyHostToDevice, s);
              cudaMemcpyAsync(host_dst, dev_from, bytes, cudaMemcpyDeviceToHost, s2);
              cudaEventRecord(join, s2);
              cudaStreamWaitEvent(s, join, 0);
            },
            2.0 * bytes, 1, 10, 3));
  cudaFreeHost(host_src);
  cudaFreeHost(host_dst);
  cudaFree(dev_to);
  cudaFree(dev_from);
}

}  // namespace

int main(int argc, char** argv) {
  const bool launch_only = argc > 1 && std::string(argv[1]) == "launch";
  Check(cudaSetDevice(0), "device");
  cudaStream_t s, s2;
  Check(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "stream");
  Check(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking), "stream");
  std::printf("{\n");
  if (!launch_only) Transfers(s, s2);

  // Empty-kernel launches: enqueue cost, launch + synchronize, back-to-back (device events).
  using Clock = std::chrono::steady_clock;
  for (int i = 0; i < 10; ++i) Empty<<<1, 1, 0, s>>>();
  Check(cudaStreamSynchronize(s), "warm-up");
  const int batch = 200;
  std::vector<double> enqueue, roundtrip;
  for (int sample = 0; sample < 20; ++sample) {
    auto t0 = Clock::now();
    for (int i = 0; i < batch; ++i) Empty<<<1, 1, 0, s>>>();
    enqueue.push_back(std::chrono::duration<double>(Clock::now() - t0).count() / batch);
    Check(cudaStreamSynchronize(s), "sync");
  }
  for (int sample = 0; sample < 20; ++sample) {
    auto t0 = Clock::now();
    for (int i = 0; i < batch; ++i) {
      Empty<<<1, 1, 0, s>>>();
      cudaStreamSynchronize(s);
    }
    roundtrip.push_back(std::chrono::duration<double>(Clock::now() - t0).count() / batch);
  }
  Check(cudaGetLastError(), "launch");
  Print("launch_enqueue", "s", Summarize(enqueue, false));
  Print("launch_roundtrip", "s", Summarize(roundtrip, false));
  Print("launch_throughput", "launch/s",
        TimedRate(
            s, [&] { Empty<<<1, 1, 0, s>>>(); }, 1.0, 0, 20, 5 * batch),
        true);
  std::printf("}\n");
  return 0;
}
