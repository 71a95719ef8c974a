// SPDX-License-Identifier: MIT
// host.*: host<->device copies with hipMemcpyAsync, timed with device events (the enqueue cost
// stays out). Host buffers go on the GPU's NUMA node (host_memory.h): pinned ones come from
// hipHostMalloc (as PyTorch pins) while this thread's memory policy is bound to that node;
// pageable ones are mmap'd, mbind'd and touched.
#include <cstring>

#include "hip/bench/families.h"
#include "hip/bench/gpu_resources.h"
#include "hip/bench/host_memory.h"

namespace rocm_doctor::hip_helper {
namespace {

enum class Direction { kH2D, kD2H, kBidir };

struct HostCase {
  const char* name;
  Direction direction;
  bool pinned;
};

constexpr HostCase kCases[] = {
    {"host.h2d_pinned", Direction::kH2D, true},     {"host.d2h_pinned", Direction::kD2H, true},
    {"host.bidir_pinned", Direction::kBidir, true}, {"host.h2d_pageable", Direction::kH2D, false},
    {"host.d2h_pageable", Direction::kD2H, false},
};

const char* DirectionName(Direction d) {
  switch (d) {
    case Direction::kH2D:
      return "h2d";
    case Direction::kD2H:
      return "d2h";
    case Direction::kBidir:
      return "bidir";
  }
  return "h2d";
}

// A word pattern that differs at every offset, so a shifted or partial copy is caught.
void FillPattern(void* data, std::size_t bytes, std::uint64_t seed) {
  auto* words = static_cast<std::uint64_t*>(data);
  for (std::size_t i = 0; i < bytes / sizeof(std::uint64_t); ++i) {
    words[i] = (i + seed) * 0x9E3779B97F4A7C15ULL;
  }
}

// Buffers of one kind (pinned or pageable): host `source` (pattern) and `sink`, device `to` (the
// h2d target) and `from` (the d2h source, holding the pattern).
struct HostSet {
  std::size_t bytes = 0;
  void* source = nullptr;
  void* sink = nullptr;
  HostMemory pageable_source;
  HostMemory pageable_sink;
  PinnedHostBuffer pinned_source;
  PinnedHostBuffer pinned_sink;
  bool numa_bound = false;
  std::string numa_note;
  std::optional<int> page_node;  // where the kernel put the source's first page
  bool ready = false;
  std::optional<std::string> failure;
};

void Setup(HostSet& set, std::size_t bytes, bool pinned, DeviceMemory& to, DeviceMemory& from,
           const BenchContext& ctx) {
  set.bytes = bytes;
  if (pinned) {
    const ScopedThreadMemoryPolicy policy(ctx.numa_node);
    set.numa_bound = policy.bound();
    set.numa_note = policy.note();
    for (PinnedHostBuffer* buffer : {&set.pinned_source, &set.pinned_sink}) {
      if (const gpuError_t e = buffer->Allocate(bytes); e != gpuSuccess) {
        set.failure = GpuErrorText(e, kPinnedAllocCall);
        return;
      }
    }
    set.source = set.pinned_source.get();
    set.sink = set.pinned_sink.get();
  } else {
    std::string error;
    set.pageable_source = HostMemory::Allocate(bytes, ctx.numa_node, &error);
    if (set.pageable_source.data() != nullptr) {
      set.pageable_sink = HostMemory::Allocate(bytes, ctx.numa_node, &error);
    }
    if (set.pageable_sink.data() == nullptr) {
      set.failure = "host buffer: " + error;
      return;
    }
    set.numa_bound = set.pageable_source.numa_bound();
    set.numa_note = set.pageable_source.numa_note();
    set.source = set.pageable_source.data();
    set.sink = set.pageable_sink.data();
  }
  FillPattern(set.source, bytes, 1);
  std::memset(set.sink, 0, bytes);
  set.page_node = NodeOfPage(set.source);
  if (to.bytes() < bytes) {
    if (const gpuError_t e = to.Allocate(bytes); e != gpuSuccess) {
      set.failure = GpuErrorText(e, "Malloc");
      return;
    }
  }
  if (from.bytes() < bytes) {
    if (const gpuError_t e = from.Allocate(bytes); e != gpuSuccess) {
      set.failure = GpuErrorText(e, "Malloc");
      return;
    }
  }
  if (const gpuError_t e = gpuMemcpy(from.get(), set.source, bytes, gpuMemcpyHostToDevice);
      e != gpuSuccess) {
    set.failure = GpuErrorText(e, "Memcpy");
    return;
  }
  set.ready = true;
}

// After the timed copies: `to` must hold the pattern (h2d) and `sink` must too (d2h).
void Verify(BenchResult& r, Direction d, HostSet& set, DeviceMemory& to) {
  bool ok = true;
  if (d == Direction::kD2H || d == Direction::kBidir) {
    ok = ok && std::memcmp(set.sink, set.source, set.bytes) == 0;
  }
  if (d == Direction::kH2D || d == Direction::kBidir) {
    std::memset(set.sink, 0, set.bytes);
    if (RecordFailure(r, gpuMemcpy(set.sink, to.get(), set.bytes, gpuMemcpyDeviceToHost),
                      "Memcpy")) {
      return;
    }
    ok = ok && std::memcmp(set.sink, set.source, set.bytes) == 0;
  }
  r.verified = ok;
  if (!ok) {
    r.status = BenchStatus::kVerifyFailed;
    r.reason = "the copied bytes differ from the source";
  }
}

}  // namespace

void RunHostCopyBenchmarks(BenchContext& ctx, const std::vector<std::string>& names,
                           std::vector<BenchResult>& out) {
  DeviceMemory to;
  DeviceMemory from;
  HostSet pinned;
  HostSet pageable;
  GpuStream second;
  GpuEvent fork;
  GpuEvent join;
  std::optional<std::string> stream_failure;
  if (const gpuError_t e = second.Create(); e != gpuSuccess) {
    stream_failure = GpuErrorText(e, "StreamCreateWithFlags");
  } else if (const gpuError_t e2 = fork.Create(); e2 != gpuSuccess) {
    stream_failure = GpuErrorText(e2, "EventCreate");
  } else if (const gpuError_t e3 = join.Create(); e3 != gpuSuccess) {
    stream_failure = GpuErrorText(e3, "EventCreate");
  }

  for (const std::string& name : names) {
    if (ctx.ShouldStop()) return;
    const HostCase* c = nullptr;
    for (const HostCase& candidate : kCases) {
      if (name == candidate.name) c = &candidate;
    }
    if (c == nullptr) continue;
    if (ctx.progress) ctx.progress(name);
    BenchResult r = NewResult(name, "B/s");
    HostSet& set = c->pinned ? pinned : pageable;
    const std::size_t bytes = c->pinned ? ctx.plan.host_bytes : ctx.plan.pageable_bytes;
    if (!set.ready && !set.failure) Setup(set, bytes, c->pinned, to, from, ctx);
    if (!set.failure && stream_failure) set.failure = stream_failure;
    r.params.SetBool("pinned", c->pinned);
    r.params.SetString("direction", DirectionName(c->direction));
    r.params.SetInt("buffer_bytes", static_cast<std::int64_t>(bytes));
    if (ctx.numa_node) {
      r.params.SetInt("numa_node", *ctx.numa_node);
    } else {
      r.params.SetNull("numa_node");
    }
    r.params.SetBool("numa_bound", set.numa_bound);
    r.params.SetString("numa_note", set.numa_note);
    if (set.page_node) {
      r.params.SetInt("buffer_numa_node", *set.page_node);
    } else {
      r.params.SetNull("buffer_numa_node");
    }
    r.params.SetString("api", std::string(kGpuApiPrefix) + "MemcpyAsync");
    r.params.SetString("host_allocation", c->pinned ? std::string(kGpuApiPrefix) + kPinnedAllocCall
                                                    : "mmap + mbind (pageable)");
    if (set.failure) {
      r.status = BenchStatus::kFailed;
      r.reason = set.failure;
      out.push_back(std::move(r));
      continue;
    }
    const double per_launch =
        static_cast<double>(bytes) * (c->direction == Direction::kBidir ? 2.0 : 1.0);
    r.bytes = static_cast<std::int64_t>(per_launch);
    if (c->direction == Direction::kBidir) r.params.SetInt("streams", 2);

    const gpuStream_t main = ctx.main_stream;
    const gpuStream_t other = second.get();
    const Direction direction = c->direction;
    const LaunchFn launch = [&](int) -> gpuError_t {
      gpuError_t e = gpuSuccess;
      switch (direction) {
        case Direction::kH2D:
          return gpuMemcpyAsync(to.get(), set.source, bytes, gpuMemcpyHostToDevice, main);
        case Direction::kD2H:
          return gpuMemcpyAsync(set.sink, from.get(), bytes, gpuMemcpyDeviceToHost, main);
        case Direction::kBidir:
          // Host-to-device on the timed stream, device-to-host on the second one; the batch's
          // brackets fork and join the second stream once, so each direction streams its
          // batch back to back as a copy engine of its own would, not in lockstep pairs.
          if ((e = gpuMemcpyAsync(to.get(), set.source, bytes, gpuMemcpyHostToDevice, main)) !=
              gpuSuccess) {
            return e;
          }
          return gpuMemcpyAsync(set.sink, from.get(), bytes, gpuMemcpyDeviceToHost, other);
      }
      return e;
    };
    BatchBrackets brackets;
    if (direction == Direction::kBidir) {
      brackets.begin = [&]() -> gpuError_t {
        if (const gpuError_t e = gpuEventRecord(fork.get(), main); e != gpuSuccess) return e;
        return gpuStreamWaitEvent(other, fork.get());
      };
      brackets.end = [&]() -> gpuError_t {
        if (const gpuError_t e = gpuEventRecord(join.get(), other); e != gpuSuccess) return e;
        return gpuStreamWaitEvent(main, join.get());
      };
    }
    const BatchTimes times =
        TimeBatches(main, launch, "MemcpyAsync", 1, ctx.plan.host_samples, ctx.plan.host_iterations,
                    ctx.plan.kernel_deadline_seconds, brackets);
    ApplyRate(r, times, per_launch, ctx.plan.host_iterations, ctx.plan.kernel_deadline_seconds);
    if (r.status == BenchStatus::kOk) Verify(r, c->direction, set, to);
    if (r.status == BenchStatus::kOk || r.status == BenchStatus::kVerifyFailed) {
      ApplyClock(r, ReadClockNow(ctx));
    }
    out.push_back(std::move(r));
  }
}

}  // namespace rocm_doctor::hip_helper
