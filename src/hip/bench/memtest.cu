// SPDX-License-Identifier: MIT
// memtest.address / moving_inversions / random: write every 64-bit word of a slice of free memory,
// read it back and compare; zero mismatches to pass. The slice is allocated in chunks of up to
// 1 GiB until the plan's size is reached or the allocator refuses.
#include <algorithm>
#include <cstdio>

#include "hip/bench/families.h"
#include "hip/bench/gpu_resources.h"
#include "hip/bench/memtest_pattern.h"
#include "hip/json_writer.h"

namespace rocm_doctor::hip_helper {
namespace {

constexpr std::size_t kChunkBytes = std::size_t{1} << 30;
constexpr unsigned kThreads = 256;

struct MemtestErrors {
  unsigned long long count;
  unsigned long long address[kMemtestMaxRecorded];
  unsigned long long expected[kMemtestMaxRecorded];
  unsigned long long got[kMemtestMaxRecorded];
};

// Word i of a chunk starting at global word `first_index`: writes the expected value.
__global__ void WriteKernel(unsigned long long* words, std::size_t count, MemtestFill fill,
                            unsigned long long value, unsigned long long first_index,
                            bool inverted) {
  const std::size_t step = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < count;
       i += step) {
    const auto address = reinterpret_cast<unsigned long long>(words + i);
    words[i] = MemtestExpected(fill, value, address, first_index + i, inverted);
  }
}

// Reads every word, records mismatches and, when `then_invert`, writes the word's complement
// (the moving-inversions step).
__global__ void CheckKernel(unsigned long long* words, std::size_t count, MemtestFill fill,
                            unsigned long long value, unsigned long long first_index, bool inverted,
                            bool then_invert, MemtestErrors* errors) {
  const std::size_t step = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < count;
       i += step) {
    const auto address = reinterpret_cast<unsigned long long>(words + i);
    const unsigned long long expected =
        MemtestExpected(fill, value, address, first_index + i, inverted);
    const unsigned long long got = words[i];
    if (got != expected) {
      const unsigned long long slot = atomicAdd(&errors->count, 1ULL);
      if (slot < kMemtestMaxRecorded) {
        errors->address[slot] = address;
        errors->expected[slot] = expected;
        errors->got[slot] = got;
      }
    }
    if (then_invert) words[i] = ~expected;
  }
}

struct Slice {
  std::vector<DeviceMemory> chunks;
  std::size_t bytes = 0;
  std::optional<std::string> note;  // why less than asked was allocated
};

Slice AllocateSlice(std::size_t wanted) {
  Slice slice;
  while (slice.bytes < wanted) {
    const std::size_t size = std::min(kChunkBytes, wanted - slice.bytes);
    DeviceMemory chunk;
    if (const gpuError_t e = chunk.Allocate(size); e != gpuSuccess) {
      slice.note = "allocation stopped at " + std::to_string(slice.bytes) +
                   " bytes: " + GpuErrorText(e, "Malloc");
      static_cast<void>(gpuGetLastError());  // out of memory is not sticky: clear it
      break;
    }
    slice.bytes += size;
    slice.chunks.push_back(std::move(chunk));
  }
  return slice;
}

// One pass over all chunks: a write (check = false) or a check (and maybe invert).
struct Pass {
  bool check;
  MemtestFill fill;
  unsigned long long value;
  bool inverted;
  bool then_invert;
};

std::string Hex(unsigned long long v) {
  char text[24];
  std::snprintf(text, sizeof(text), "0x%016llx", v);
  return text;
}

struct MemtestCase {
  const char* name;
  std::vector<Pass> passes;
  std::vector<std::string> patterns;
};

MemtestCase MakeCase(const std::string& name) {
  MemtestCase c{nullptr, {}, {}};
  if (name == "memtest.address") {
    c.name = "memtest.address";
    // Own address, then its complement: every address bit is seen as 0 and 1 in every word.
    c.passes = {{false, MemtestFill::kOwnAddress, 0, false, false},
                {true, MemtestFill::kOwnAddress, 0, false, true},
                {true, MemtestFill::kOwnAddress, 0, true, false}};
    c.patterns = {"own address", "complement of own address"};
  } else if (name == "memtest.moving_inversions") {
    c.name = "memtest.moving_inversions";
    for (const unsigned long long p : kMovingInversionPatterns) {
      c.passes.push_back({false, MemtestFill::kConstant, p, false, false});
      c.passes.push_back({true, MemtestFill::kConstant, p, false, true});
      c.passes.push_back({true, MemtestFill::kConstant, p, true, true});
      c.passes.push_back({true, MemtestFill::kConstant, p, false, false});
      c.patterns.push_back(Hex(p));
    }
  } else if (name == "memtest.random") {
    c.name = "memtest.random";
    for (const unsigned long long seed : {0x243F6A8885A308D3ULL, 0x13198A2E03707344ULL}) {
      c.passes.push_back({false, MemtestFill::kRandom, seed, false, false});
      c.passes.push_back({true, MemtestFill::kRandom, seed, false, true});
      c.passes.push_back({true, MemtestFill::kRandom, seed, true, false});
      c.patterns.push_back("splitmix64 seed " + Hex(seed));
    }
  }
  return c;
}

void RunCase(BenchContext& ctx, const MemtestCase& c, Slice& slice, DeviceMemory& errors,
             BenchResult& r) {
  const gpuStream_t stream = ctx.main_stream;
  if (RecordFailure(r, gpuMemsetAsync(errors.get(), 0, sizeof(MemtestErrors), stream),
                    "MemsetAsync")) {
    return;
  }
  GpuEvent start;
  GpuEvent stop;
  if (RecordFailure(r, start.Create(), "EventCreate") ||
      RecordFailure(r, stop.Create(), "EventCreate") ||
      RecordFailure(r, gpuEventRecord(start.get(), stream), "EventRecord")) {
    return;
  }
  int passes = 0;
  for (const Pass& pass : c.passes) {
    if (BenchStopRequested()) {
      r.params.SetBool("interrupted", true);
      break;
    }
    unsigned long long first_index = 0;
    for (DeviceMemory& chunk : slice.chunks) {
      const std::size_t words = chunk.bytes() / sizeof(unsigned long long);
      const unsigned blocks = static_cast<unsigned>(
          std::min<std::size_t>(ctx.compute_units * 8, (words + kThreads - 1) / kThreads));
      if (pass.check) {
        CheckKernel<<<blocks, kThreads, 0, stream>>>(
            chunk.as<unsigned long long>(), words, pass.fill, pass.value, first_index,
            pass.inverted, pass.then_invert, errors.as<MemtestErrors>());
      } else {
        WriteKernel<<<blocks, kThreads, 0, stream>>>(chunk.as<unsigned long long>(), words,
                                                     pass.fill, pass.value, first_index,
                                                     pass.inverted);
      }
      if (RecordFailure(r, gpuGetLastError(), "LaunchKernel")) return;
      first_index += words;
    }
    const WaitResult wait = DrainStream(stream, ctx.plan.kernel_deadline_seconds);
    if (wait.outcome == WaitOutcome::kTimedOut) {
      r.status = BenchStatus::kTimeout;
      r.reason = "a memory-test pass did not finish within " +
                 std::to_string(static_cast<int>(ctx.plan.kernel_deadline_seconds)) + " s";
      return;
    }
    if (RecordFailure(r, wait.error, "EventQuery")) return;
    ++passes;
  }
  if (RecordFailure(r, gpuEventRecord(stop.get(), stream), "EventRecord")) return;
  const WaitResult wait = WaitForEvent(stop.get(), ctx.plan.kernel_deadline_seconds);
  if (RecordFailure(r, wait.error, "EventQuery")) return;
  float ms = 0.0F;
  if (RecordFailure(r, gpuEventElapsedTime(&ms, start.get(), stop.get()), "EventElapsedTime")) {
    return;
  }
  MemtestErrors found{};
  if (RecordFailure(r, gpuMemcpy(&found, errors.get(), sizeof(found), gpuMemcpyDeviceToHost),
                    "Memcpy")) {
    return;
  }
  if (passes == 0) {
    r.status = BenchStatus::kSkipped;
    r.reason = "interrupted before the first pass";
    return;
  }
  const auto count = static_cast<double>(found.count);
  r.status = BenchStatus::kOk;
  r.best = count;
  r.median = count;
  r.worst = count;
  r.spread = 0.0;
  r.samples = 1;
  r.iterations = passes;
  r.verified = found.count == 0;
  r.params.SetInt("mismatches", static_cast<std::int64_t>(found.count));
  const int recorded =
      static_cast<int>(std::min<unsigned long long>(found.count, kMemtestMaxRecorded));
  std::vector<int> order(static_cast<std::size_t>(recorded));
  for (int i = 0; i < recorded; ++i) order[static_cast<std::size_t>(i)] = i;
  std::sort(order.begin(), order.end(),
            [&found](int a, int b) { return found.address[a] < found.address[b]; });
  std::vector<std::string> addresses;
  JsonWriter bad;
  bad.BeginArray();
  for (const int i : order) {
    addresses.push_back(Hex(found.address[i]));
    bad.BeginObject();
    bad.Key("address").String(Hex(found.address[i]));
    bad.Key("expected").String(Hex(found.expected[i]));
    bad.Key("got").String(Hex(found.got[i]));
    bad.EndObject();
  }
  bad.EndArray();
  r.params.SetStrings("first_bad_addresses", addresses);
  r.params.SetRaw("first_bad", bad.str());
  r.params.SetStrings("patterns", c.patterns);
  r.params.SetInt("passes", passes);
  const double seconds = static_cast<double>(ms) * 1e-3;
  r.params.SetDouble("seconds", seconds);
  // Each write pass moves the slice once, each check twice when it also inverts.
  double moved = 0.0;
  for (int i = 0; i < passes; ++i) {
    const Pass& p = c.passes[static_cast<std::size_t>(i)];
    moved += static_cast<double>(slice.bytes) * (p.check && p.then_invert ? 2.0 : 1.0);
  }
  if (seconds > 0.0) r.params.SetDouble("bytes_per_second", moved / seconds);
}

}  // namespace

void RunMemtestBenchmarks(BenchContext& ctx, const std::vector<std::string>& names,
                          std::vector<BenchResult>& out) {
  const std::size_t wanted = MemtestBytes(ctx.free_bytes, ctx.plan);
  Slice slice;
  DeviceMemory errors;
  std::optional<std::string> setup_failure;
  bool allocated = false;
  for (const std::string& name : names) {
    if (ctx.ShouldStop()) return;
    const MemtestCase c = MakeCase(name);
    if (c.name == nullptr) continue;
    if (ctx.progress) ctx.progress(name);
    BenchResult r = NewResult(name, "errors");
    if (wanted == 0) {
      r.status = BenchStatus::kSkipped;
      r.reason = "the memory-test slice is under 64 MiB (free memory too small or fraction 0)";
      out.push_back(std::move(r));
      continue;
    }
    if (!allocated) {
      allocated = true;
      slice = AllocateSlice(wanted);
      if (const gpuError_t e = errors.Allocate(sizeof(MemtestErrors)); e != gpuSuccess) {
        setup_failure = GpuErrorText(e, "Malloc");
      } else if (slice.bytes == 0) {
        setup_failure = slice.note.value_or("no memory allocated");
      }
    }
    r.params.SetInt("requested_bytes", static_cast<std::int64_t>(wanted));
    r.params.SetInt("chunks", static_cast<std::int64_t>(slice.chunks.size()));
    r.params.SetDouble("fraction_of_free", ctx.plan.memtest_fraction);
    if (slice.note) r.params.SetString("allocation_note", *slice.note);
    if (setup_failure) {
      r.status = BenchStatus::kFailed;
      r.reason = setup_failure;
      out.push_back(std::move(r));
      continue;
    }
    r.bytes = static_cast<std::int64_t>(slice.bytes);
    r.elements = static_cast<std::int64_t>(slice.bytes / sizeof(unsigned long long));
    r.element_bytes = sizeof(unsigned long long);
    RunCase(ctx, c, slice, errors, r);
    if (r.status == BenchStatus::kOk) ApplyClock(r, ReadClockNow(ctx));
    out.push_back(std::move(r));
  }
}

}  // namespace rocm_doctor::hip_helper
