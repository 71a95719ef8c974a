// SPDX-License-Identifier: MIT
// collective.all_reduce and collective.all_gather: RCCL (AMD) or NCCL (NVIDIA), loaded at run
// time (collective_abi.h), in this one process over every visible GPU (ncclCommInitAll, one rank
// per GPU, as rccl-tests/nccl-tests -g N run), float32 sum, message sizes growing fourfold from
// 1 MiB up to the level's; bus bandwidth per size as those tests compute it (collective_math.h), every element of
// rank 0's and the last rank's result checked against the analytic answer. The figure is the bus
// bandwidth at the largest size (median of the timed batches); one GPU gives 0 by definition
// (2(n-1)/n), and the run still checks that the library moved the data right.
#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "hip/bench/collective_abi.h"
#include "hip/bench/collective_math.h"
#include "hip/bench/families.h"
#include "hip/bench/gpu_resources.h"

namespace rocm_doctor::hip_helper {
namespace collective {

NcclApi LoadNccl(const std::string& backend) {
  NcclApi api;
  std::vector<std::string> names;
  if (const char* own = std::getenv("ROCMDOC_COLLECTIVE_LIBRARY"); own != nullptr && *own) {
    names.emplace_back(own);
  }
  if (backend == "hip") {
    names.insert(names.end(), {"librccl.so.1", "librccl.so", "/opt/rocm/lib/librccl.so.1"});
  } else {
    names.insert(names.end(), {"libnccl.so.2", "libnccl.so"});
  }
  for (const std::string& name : names) {
    dlerror();
    void* lib = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (lib == nullptr) {
      const char* why = dlerror();
      api.tried.push_back(name + ": " + (why != nullptr ? why : "dlopen failed"));
      continue;
    }
    bool all = true;
    auto sym = [&](auto& fn, const char* symbol) {
      fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(dlsym(lib, symbol));
      if (fn == nullptr) {
        all = false;
        api.tried.push_back(name + ": no symbol " + symbol);
      }
    };
    sym(api.GetErrorString, "ncclGetErrorString");
    sym(api.GetVersion, "ncclGetVersion");
    sym(api.CommInitAll, "ncclCommInitAll");
    sym(api.CommDestroy, "ncclCommDestroy");
    sym(api.AllReduce, "ncclAllReduce");
    sym(api.AllGather, "ncclAllGather");
    sym(api.GroupStart, "ncclGroupStart");
    sym(api.GroupEnd, "ncclGroupEnd");
    if (!all) {
      dlclose(lib);
      continue;
    }
    api.library = lib;
    api.path = name;
    return api;
  }
  return api;
}

}  // namespace collective

namespace {

using collective::Kind;

struct Rank {
  int device = 0;
  void* send = nullptr;
  void* recv = nullptr;
  gpuStream_t stream = nullptr;
};

struct Ranks {
  std::vector<Rank> ranks;
  ~Ranks() {
    for (Rank& r : ranks) {
      // Teardown: nothing is left to do with an error here (the helper reports the run's own).
      static_cast<void>(gpuSetDevice(r.device));
      if (r.send) static_cast<void>(gpuFree(r.send));
      if (r.recv) static_cast<void>(gpuFree(r.recv));
      if (r.stream) static_cast<void>(gpuStreamDestroy(r.stream));
    }
  }
};

std::string NcclText(const collective::NcclApi& api, collective::NcclResult r, const char* call) {
  const char* text = api.GetErrorString ? api.GetErrorString(r) : nullptr;
  return std::string(call) + ": " + (text ? text : "error") + " (" + std::to_string(r) + ")";
}

// One collective on every rank, as one group.
collective::NcclResult Launch(const collective::NcclApi& api, Kind kind,
                              const std::vector<collective::NcclComm>& comms, Ranks& ranks,
                              std::size_t count) {
  collective::NcclResult r = api.GroupStart();
  if (r != collective::kNcclSuccess) return r;
  for (std::size_t i = 0; i < ranks.ranks.size(); ++i) {
    Rank& rk = ranks.ranks[i];
    void* stream = reinterpret_cast<void*>(rk.stream);
    r = kind == Kind::kAllReduce
            ? api.AllReduce(rk.send, rk.recv, count, collective::kNcclFloat32, collective::kNcclSum,
                            comms[i], stream)
            : api.AllGather(rk.send, rk.recv, count, collective::kNcclFloat32, comms[i], stream);
    if (r != collective::kNcclSuccess) {
      api.GroupEnd();
      return r;
    }
  }
  return api.GroupEnd();
}

std::string Drain(Ranks& ranks, double deadline) {
  for (Rank& r : ranks.ranks) {
    static_cast<void>(gpuSetDevice(r.device));
    const WaitResult w = DrainStream(r.stream, deadline);
    if (w.outcome == WaitOutcome::kTimedOut) return "timeout";
    if (w.outcome == WaitOutcome::kFailed) return GpuErrorText(w.error, "collective stream");
  }
  return "";
}

// collective::kPeriod: a 16 GiB message never needs 16 GiB of host memory or a host loop over
// 4G elements.
using collective::kPeriod;
constexpr std::size_t kFirstFill = kPeriod * 16;    // computed on the host: 4 MiB of floats
constexpr std::size_t kCheckChunk = kPeriod * 256;  // copied back at a time: 64 MiB

// Rank `rank`'s send buffer of `count` floats: the first kFirstFill computed here, the rest copied
// on the GPU by doubling. Every copy lands at a multiple of kPeriod, so the pattern continues.
gpuError_t FillSend(Kind kind, int rank, void* send, std::size_t count) {
  const std::size_t first = std::min(count, kFirstFill);
  std::vector<float> values(first);
  for (std::size_t i = 0; i < first; ++i) values[i] = collective::SendValue(kind, rank, i);
  float* base = static_cast<float*>(send);
  gpuError_t e = gpuMemcpy(base, values.data(), first * sizeof(float), gpuMemcpyHostToDevice);
  for (std::size_t filled = first; e == gpuSuccess && filled < count;) {
    const std::size_t n = std::min(filled, count - filled);
    e = gpuMemcpy(base + filled, base, n * sizeof(float), gpuMemcpyDeviceToDevice);
    filled += n;
  }
  return e;
}

// Every element of `rank`'s receive buffer against the analytic answer; the first mismatch. The
// buffer is one block (all-reduce) or one block per rank (all-gather, each `count` long); inside
// a block the answer repeats with kPeriod, and every chunk starts at a multiple of it, so one
// expected chunk per block serves the whole block.
std::string Verify(Kind kind, Ranks& ranks, std::size_t rank, std::size_t count) {
  const int n = static_cast<int>(ranks.ranks.size());
  const std::size_t blocks = kind == Kind::kAllReduce ? 1 : static_cast<std::size_t>(n);
  const std::size_t chunk = std::min(count, kCheckChunk);
  std::vector<float> want(chunk), got(chunk);
  static_cast<void>(gpuSetDevice(ranks.ranks[rank].device));
  const float* recv = static_cast<const float*>(ranks.ranks[rank].recv);
  for (std::size_t b = 0; b < blocks; ++b) {
    const std::size_t start = b * count;
    for (std::size_t t = 0; t < chunk; ++t) {
      want[t] = collective::ExpectedValue(kind, n, count, start + t);
    }
    for (std::size_t at = 0; at < count; at += chunk) {
      const std::size_t len = std::min(chunk, count - at);
      const gpuError_t e =
          gpuMemcpy(got.data(), recv + start + at, len * sizeof(float), gpuMemcpyDeviceToHost);
      if (e != gpuSuccess) return GpuErrorText(e, "copy back");
      if (std::memcmp(got.data(), want.data(), len * sizeof(float)) == 0) continue;
      for (std::size_t t = 0; t < len; ++t) {
        if (got[t] != want[t]) {
          char text[160];
          std::snprintf(text, sizeof text, "rank %zu element %zu is %.9g, expected %.9g", rank,
                        start + at + t, static_cast<double>(got[t]), static_cast<double>(want[t]));
          return text;
        }
      }
    }
  }
  return "";
}

// The largest all-reduce buffer (bytes) every rank can hold twice (send and receive) in 90% of
// its free memory, up to `wanted`.
std::uint64_t FitCollectiveBytes(std::uint64_t wanted, int ranks) {
  std::uint64_t fit = wanted;
  for (int d = 0; d < ranks; ++d) {
    std::size_t free_bytes = 0, total_bytes = 0;
    static_cast<void>(gpuSetDevice(d));
    if (gpuMemGetInfo(&free_bytes, &total_bytes) != gpuSuccess) continue;
    const double usable = static_cast<double>(free_bytes) * 0.9 / 2;
    fit = std::min<std::uint64_t>(fit, static_cast<std::uint64_t>(usable));
  }
  return fit;
}

void RunOne(BenchContext& ctx, const collective::NcclApi& api, Kind kind, const std::string& name,
            std::vector<BenchResult>& out) {
  BenchResult result = NewResult(name, "B/s");
  int visible = 0;
  if (gpuGetDeviceCount(&visible) != gpuSuccess || visible < 1) visible = 1;
  const int n = visible;
  // Sizes per rank in floats: 1 MiB x4 up to the level's collective size (256 MiB at quick,
  // 16 GiB at standard and stress) or what the GPUs' free memory holds; all-gather sends 1/n of it.
  const std::uint64_t fitted = FitCollectiveBytes(ctx.plan.collective_bytes, n);
  const std::size_t max_bytes = std::max<std::uint64_t>(fitted, 1u << 20) /
                                (kind == Kind::kAllGather ? static_cast<std::uint64_t>(n) : 1u);
  std::vector<std::size_t> counts;
  for (std::size_t b = 1u << 20; b <= max_bytes; b *= 4) counts.push_back(b / sizeof(float));
  if (counts.empty()) counts.push_back((1u << 20) / sizeof(float));
  const std::size_t max_count = counts.back();
  const std::size_t recv_count = kind == Kind::kAllReduce ? max_count : max_count * n;

  Ranks ranks;
  std::vector<int> devices;
  for (int d = 0; d < n; ++d) {
    devices.push_back(d);
    Rank r;
    r.device = d;
    static_cast<void>(gpuSetDevice(d));
    gpuError_t e = gpuMalloc(&r.send, max_count * sizeof(float));
    if (e == gpuSuccess) e = gpuMalloc(&r.recv, recv_count * sizeof(float));
    if (e == gpuSuccess) e = gpuStreamCreate(&r.stream);
    if (e == gpuSuccess) e = FillSend(kind, d, r.send, max_count);
    ranks.ranks.push_back(r);
    if (e != gpuSuccess) {
      RecordFailure(result, e, "collective buffers");
      out.push_back(std::move(result));
      return;
    }
  }
  std::vector<collective::NcclComm> comms(n, nullptr);
  collective::NcclResult r = api.CommInitAll(comms.data(), n, devices.data());
  if (r != collective::kNcclSuccess) {
    result.status = BenchStatus::kFailed;
    result.reason = NcclText(api, r, "ncclCommInitAll");
    out.push_back(std::move(result));
    return;
  }
  const double deadline = ctx.plan.kernel_deadline_seconds;
  const int max_iterations = 10, max_samples = std::max(3, ctx.plan.peer_samples);
  std::string sizes = "[";
  std::vector<double> last_busbw;
  bool verified = true;
  std::string failure;
  int iterations = max_iterations;
  for (std::size_t count : counts) {
    if (ctx.ShouldStop()) break;
    const double op_bytes = collective::OperationBytes(kind, count, sizeof(float), n);
    // Warm-up: one operation, timed. A batch then holds as many as fill about kBatchSeconds (1
    // to 10), and a size gets as many batches as fit kSizeSeconds (at least 3): a 16 GiB
    // all-reduce over PCIe (about 1 s each) stays well inside the level's deadline and the 20 s
    // a batch may take, where 11 batches of 10 would not.
    constexpr double kBatchSeconds = 0.25, kSizeSeconds = 4.0;
    const auto warm_start = std::chrono::steady_clock::now();
    r = Launch(api, kind, comms, ranks, count);
    if (r != collective::kNcclSuccess) failure = NcclText(api, r, name.c_str());
    if (failure.empty()) failure = Drain(ranks, deadline);
    if (!failure.empty()) break;
    const double one =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - warm_start).count();
    iterations =
        std::clamp(static_cast<int>(kBatchSeconds / std::max(one, 1e-6)), 1, max_iterations);
    const int samples = std::clamp(
        static_cast<int>(kSizeSeconds / (std::max(one, 1e-6) * iterations)), 3, max_samples);
    std::vector<double> busbw, algbw;
    for (int s = 0; s < samples && failure.empty(); ++s) {
      const auto start = std::chrono::steady_clock::now();
      for (int i = 0; i < iterations && failure.empty(); ++i) {
        r = Launch(api, kind, comms, ranks, count);
        if (r != collective::kNcclSuccess) failure = NcclText(api, r, name.c_str());
      }
      if (failure.empty()) failure = Drain(ranks, deadline);
      const double seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (failure.empty() && seconds > 0) {
        algbw.push_back(op_bytes * iterations / seconds);
        busbw.push_back(algbw.back() * collective::BusFactor(kind, n));
      }
    }
    if (!failure.empty()) break;
    std::string mismatch = Verify(kind, ranks, 0, count);
    if (mismatch.empty() && n > 1) mismatch = Verify(kind, ranks, n - 1, count);
    if (!mismatch.empty()) {
      verified = false;
      result.params.SetString("mismatch", mismatch);
    }
    std::sort(algbw.begin(), algbw.end());
    const double alg_median = algbw.empty() ? 0 : algbw[algbw.size() / 2];
    char item[200];
    std::snprintf(item, sizeof item,
                  "%s{\"bytes\":%.0f,\"algbw\":%.6g,\"busbw\":%.6g,\"verified\":%s,"
                  "\"iterations\":%d,\"samples\":%zu}",
                  sizes.size() > 1 ? "," : "", op_bytes, alg_median,
                  alg_median * collective::BusFactor(kind, n), mismatch.empty() ? "true" : "false",
                  iterations, algbw.size());
    sizes += item;
    last_busbw = busbw;
    result.bytes = static_cast<std::int64_t>(op_bytes);
    result.elements = static_cast<std::int64_t>(count);
  }
  sizes += "]";
  for (collective::NcclComm c : comms) {
    if (c != nullptr) api.CommDestroy(c);
  }
  int version = 0;
  if (api.GetVersion(&version) == collective::kNcclSuccess)
    result.params.SetInt("version", version);
  result.params.SetString("library", api.path);
  result.params.SetInt("ranks", n);
  result.params.SetString("datatype", "float32");
  result.params.SetInt("requested_bytes", static_cast<std::int64_t>(ctx.plan.collective_bytes));
  if (fitted < ctx.plan.collective_bytes) {
    result.params.SetString("capped", "by the GPUs' free memory (90% of it, send and receive)");
  }
  result.params.SetDouble("bus_factor", collective::BusFactor(kind, n));
  result.params.SetRaw("sizes", sizes);
  result.element_bytes = sizeof(float);
  result.iterations = iterations;  // the largest size's batch
  if (!failure.empty()) {
    result.status = failure == "timeout" ? BenchStatus::kTimeout : BenchStatus::kFailed;
    result.reason = failure;
  } else if (!verified) {
    result.status = BenchStatus::kVerifyFailed;
    result.reason = "wrong result: see params.mismatch";
    result.verified = false;
  } else {
    result.status = BenchStatus::kOk;
    result.verified = true;
    ApplySummary(result, SummarizeHigherIsBetter(last_busbw));
    if (n == 1) {
      // SummarizeHigherIsBetter drops zeros; one rank's bus bandwidth is 0 by definition.
      result.best = result.median = result.worst = 0.0;
      result.spread = 0.0;
      result.samples = static_cast<std::int64_t>(last_busbw.size());
      result.params.SetString("note",
                              "one rank: bus bandwidth is 0 by definition (x 2(n-1)/n); "
                              "algbw and the verified result are in params.sizes");
    }
  }
  out.push_back(std::move(result));
}

}  // namespace

void RunCollectiveBenchmarks(BenchContext& ctx, const std::vector<std::string>& names,
                             std::vector<BenchResult>& out) {
  const collective::NcclApi api = collective::LoadNccl(ctx.backend);
  for (const std::string& name : names) {
    if (ctx.ShouldStop()) return;
    if (!api.ok()) {
      std::string why = ctx.backend == "hip" ? "RCCL not found" : "NCCL not found";
      for (const std::string& t : api.tried) why += "; " + t;
      out.push_back(SkippedResult(name, "B/s", why));
      continue;
    }
    if (ctx.progress) ctx.progress(name);
    if (name == "collective.all_reduce") RunOne(ctx, api, Kind::kAllReduce, name, out);
    if (name == "collective.all_gather") RunOne(ctx, api, Kind::kAllGather, name, out);
  }
  static_cast<void>(gpuSetDevice(ctx.device));
}

}  // namespace rocm_doctor::hip_helper
