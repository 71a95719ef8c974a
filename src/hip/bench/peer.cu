// SPDX-License-Identifier: MIT
// peer.copy / peer.kernel_copy: the full matrix over ordered GPU pairs, copy engine
// (MemcpyPeerAsync) and kernel (a STREAM copy on the destination GPU reading the source GPU's
// memory), each one-way and both ways at once. One GPU: skipped, "no peers". NVLink multicast is
// never used (plain peer access only).
#include <memory>

#include "hip/bench/families.h"
#include "hip/bench/gpu_resources.h"
#include "hip/bench/stream_kernels.h"
#include "hip/json_writer.h"

namespace rocm_doctor::hip_helper {
namespace {

struct DeviceSide {
  DeviceMemory source;
  DeviceMemory sink;
  GpuStream stream;
  GpuStream second;
  GpuEvent fork;
  GpuEvent join;
};

struct PairFigures {
  int src = 0;
  int dst = 0;
  bool peer_access = false;
  std::optional<double> one_way;  // median B/s
  std::optional<double> both_ways;
  std::optional<std::string> failure;
};

struct Matrix {
  std::vector<PairFigures> copy;
  std::vector<PairFigures> kernel;
  std::optional<std::string> failure;  // setup failed: no figures at all
  bool timed_out = false;
};

std::optional<double> MedianRate(const BatchTimes& times, double bytes, int iterations,
                                 PairFigures& pair, bool& timed_out) {
  if (times.timed_out) timed_out = true;
  if (times.failure) pair.failure = times.failure;
  if (!times.ok()) return std::nullopt;
  const auto summary = SummarizeHigherIsBetter(RatesFromBatches(times.seconds, bytes, iterations));
  if (!summary) return std::nullopt;
  return summary->median;
}

// Makes `device` current for the scope, and the benchmarked device current again after it.
class DeviceScope {
 public:
  DeviceScope(int device, int restore) : restore_(restore) {
    static_cast<void>(gpuSetDevice(device));
  }
  DeviceScope(const DeviceScope&) = delete;
  DeviceScope& operator=(const DeviceScope&) = delete;
  ~DeviceScope() {
    if (!GpuWedged()) static_cast<void>(gpuSetDevice(restore_));
  }

 private:
  int restore_;
};

Matrix Measure(BenchContext& ctx) {
  Matrix m;
  const int n = ctx.device_count;
  const std::size_t bytes = ctx.plan.peer_bytes;
  const std::size_t elements = bytes / sizeof(float);
  const int samples = ctx.plan.peer_samples;
  constexpr int kIterations = 2;
  const double deadline = ctx.plan.kernel_deadline_seconds;
  std::vector<std::unique_ptr<DeviceSide>> sides;
  for (int d = 0; d < n; ++d) {
    DeviceScope scope(d, ctx.device);
    auto side = std::make_unique<DeviceSide>();
    gpuError_t e = side->source.Allocate(bytes);
    if (e == gpuSuccess) e = side->sink.Allocate(bytes);
    if (e == gpuSuccess) e = side->stream.Create();
    if (e == gpuSuccess) e = side->second.Create();
    if (e == gpuSuccess) e = side->fork.Create();
    if (e == gpuSuccess) e = side->join.Create();
    if (e == gpuSuccess) e = gpuMemset(side->source.get(), 0x5A, bytes);
    if (e != gpuSuccess) {
      m.failure = "GPU " + std::to_string(d) + ": " + GpuErrorText(e, "Malloc/StreamCreate");
      return m;
    }
    sides.push_back(std::move(side));
  }
  for (int src = 0; src < n && !ctx.ShouldStop(); ++src) {
    for (int dst = 0; dst < n && !ctx.ShouldStop(); ++dst) {
      if (src == dst) continue;
      PairFigures copy;
      copy.src = src;
      copy.dst = dst;
      int dst_reads_src = 0;
      int src_reads_dst = 0;
      static_cast<void>(gpuDeviceCanAccessPeer(&dst_reads_src, dst, src));
      static_cast<void>(gpuDeviceCanAccessPeer(&src_reads_dst, src, dst));
      copy.peer_access = dst_reads_src != 0 && src_reads_dst != 0;
      if (copy.peer_access) {
        for (const auto& [from, to] : {std::pair{dst, src}, std::pair{src, dst}}) {
          DeviceScope scope(from, ctx.device);
          const gpuError_t e = gpuDeviceEnablePeerAccess(to);
          if (e == gpuErrorPeerAccessAlreadyEnabled) static_cast<void>(gpuGetLastError());
        }
      }
      DeviceSide& s = *sides[static_cast<std::size_t>(src)];
      DeviceSide& d = *sides[static_cast<std::size_t>(dst)];
      {
        // Copy engine, driven from the source GPU's streams.
        DeviceScope scope(src, ctx.device);
        const gpuStream_t main = s.stream.get();
        const BatchTimes one = TimeBatches(
            main,
            [&](int) {
              return gpuMemcpyPeerAsync(d.sink.get(), dst, s.source.get(), src, bytes, main);
            },
            "MemcpyPeerAsync", 1, samples, kIterations, deadline);
        copy.one_way = MedianRate(one, static_cast<double>(bytes), kIterations, copy, m.timed_out);
        const BatchTimes both = TimeBatches(
            main,
            [&](int) {
              gpuError_t e = gpuEventRecord(s.fork.get(), main);
              if (e == gpuSuccess) e = gpuStreamWaitEvent(s.second.get(), s.fork.get());
              if (e == gpuSuccess) {
                e = gpuMemcpyPeerAsync(d.sink.get(), dst, s.source.get(), src, bytes, main);
              }
              if (e == gpuSuccess) {
                e = gpuMemcpyPeerAsync(s.sink.get(), src, d.source.get(), dst, bytes,
                                       s.second.get());
              }
              if (e == gpuSuccess) e = gpuEventRecord(s.join.get(), s.second.get());
              if (e == gpuSuccess) e = gpuStreamWaitEvent(main, s.join.get());
              return e;
            },
            "MemcpyPeerAsync", 1, samples, kIterations, deadline);
        copy.both_ways =
            MedianRate(both, 2.0 * static_cast<double>(bytes), kIterations, copy, m.timed_out);
      }
      m.copy.push_back(copy);
      if (m.timed_out) return m;

      PairFigures kernel;
      kernel.src = src;
      kernel.dst = dst;
      kernel.peer_access = copy.peer_access;
      if (!copy.peer_access) {
        kernel.failure = "no peer access between these GPUs";
      } else {
        // The destination GPU pulls the source GPU's buffer; both ways: each pulls from the other.
        DeviceScope scope(dst, ctx.device);
        const gpuStream_t main = d.stream.get();
        const StreamConfig config = ctx.stream;
        const BatchTimes one = TimeBatches(
            main,
            [&](int) {
              return LaunchStreamOp(StreamOp::kCopy, config, s.source.as<float>(), nullptr,
                                    d.sink.as<float>(), elements, main);
            },
            "LaunchKernel", 1, samples, kIterations, deadline);
        kernel.one_way =
            MedianRate(one, static_cast<double>(bytes), kIterations, kernel, m.timed_out);
        const BatchTimes both = TimeBatches(
            main,
            [&](int) {
              gpuError_t e = gpuEventRecord(d.fork.get(), main);
              if (e == gpuSuccess) e = gpuStreamWaitEvent(s.stream.get(), d.fork.get());
              if (e == gpuSuccess) {
                e = LaunchStreamOp(StreamOp::kCopy, config, s.source.as<float>(), nullptr,
                                   d.sink.as<float>(), elements, main);
              }
              if (e == gpuSuccess) {
                static_cast<void>(gpuSetDevice(src));
                e = LaunchStreamOp(StreamOp::kCopy, config, d.source.as<float>(), nullptr,
                                   s.sink.as<float>(), elements, s.stream.get());
                if (e == gpuSuccess) e = gpuEventRecord(s.join.get(), s.stream.get());
                static_cast<void>(gpuSetDevice(dst));
              }
              if (e == gpuSuccess) e = gpuStreamWaitEvent(main, s.join.get());
              return e;
            },
            "LaunchKernel", 1, samples, kIterations, deadline);
        kernel.both_ways =
            MedianRate(both, 2.0 * static_cast<double>(bytes), kIterations, kernel, m.timed_out);
      }
      m.kernel.push_back(kernel);
      if (m.timed_out) return m;
    }
  }
  return m;
}

void Report(BenchResult& r, const std::vector<PairFigures>& pairs, const Matrix& m,
            std::size_t bytes) {
  std::vector<double> one_way;
  std::vector<double> both_ways;
  JsonWriter json;
  json.BeginArray();
  for (const PairFigures& p : pairs) {
    json.BeginObject();
    json.Key("src").Int(p.src);
    json.Key("dst").Int(p.dst);
    json.Key("peer_access").Bool(p.peer_access);
    json.Key("one_way");
    p.one_way ? json.Double(*p.one_way) : json.Null();
    json.Key("both_ways");
    p.both_ways ? json.Double(*p.both_ways) : json.Null();
    json.Key("error").NullableString(p.failure);
    json.EndObject();
    if (p.one_way) one_way.push_back(*p.one_way);
    if (p.both_ways) both_ways.push_back(*p.both_ways);
  }
  json.EndArray();
  r.params.SetRaw("pairs", json.str());
  r.params.SetString("summary",
                     "best/median/worst over GPU pairs of each pair's median one-way "
                     "rate; both_ways_* likewise for both directions at once");
  r.params.SetInt("buffer_bytes", static_cast<std::int64_t>(bytes));
  r.bytes = static_cast<std::int64_t>(bytes);
  if (const auto both = SummarizeHigherIsBetter(both_ways)) {
    r.params.SetDouble("both_ways_best", both->best);
    r.params.SetDouble("both_ways_median", both->median);
    r.params.SetDouble("both_ways_worst", both->worst);
  }
  if (m.timed_out) {
    r.status = BenchStatus::kTimeout;
    r.reason = "a peer transfer did not finish within the deadline";
    return;
  }
  ApplySummary(r, SummarizeHigherIsBetter(one_way));
  r.iterations = 2;
  if (!r.median) {
    r.status = BenchStatus::kFailed;
    r.reason = pairs.empty() || !pairs.front().failure ? "no pair could be measured"
                                                       : *pairs.front().failure;
    return;
  }
  r.status = BenchStatus::kOk;
}

}  // namespace

void RunPeerBenchmarks(BenchContext& ctx, const std::vector<std::string>& names,
                       std::vector<BenchResult>& out) {
  std::optional<Matrix> matrix;
  for (const std::string& name : names) {
    if (ctx.ShouldStop()) return;
    if (name != "peer.copy" && name != "peer.kernel_copy") continue;
    if (ctx.progress) ctx.progress(name);
    BenchResult r = NewResult(name, "B/s");
    if (ctx.device_count < 2) {
      r.status = BenchStatus::kSkipped;
      r.reason = "no peers: " + std::to_string(ctx.device_count) + " GPU";
      out.push_back(std::move(r));
      continue;
    }
    if (!matrix) matrix = Measure(ctx);
    if (matrix->failure) {
      r.status = BenchStatus::kFailed;
      r.reason = matrix->failure;
    } else {
      Report(r, name == "peer.copy" ? matrix->copy : matrix->kernel, *matrix, ctx.plan.peer_bytes);
      r.params.SetString("method", name == "peer.copy"
                                       ? std::string(kGpuApiPrefix) + "MemcpyPeerAsync"
                                       : "copy kernel on the destination GPU reading the source");
    }
    out.push_back(std::move(r));
  }
}

}  // namespace rocm_doctor::hip_helper
