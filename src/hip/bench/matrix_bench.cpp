// SPDX-License-Identifier: MIT
// matrix.*: GEMM through the vendor BLAS (matrix_blas.h) at 8192^3 and RVS GST's 4864x4096x8192
// per data type, timed like every family, each result checked for silent data corruption
// (sampled elements against the host reference, the full output against a repeat run, NaN/Inf),
// with power, clocks and throttle reasons sampled while the timed batches run.
// docs/hip-helper.md, "Matrix engines".
#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "hip/bench/families.h"
#include "hip/bench/gpu_resources.h"
#include "hip/bench/matrix_blas.h"
#include "hip/bench/matrix_kernels.h"
#include "hip/bench/matrix_spec.h"
#include "hip/bench/matrix_verify.h"
#include "hip/json_writer.h"

namespace rocm_doctor::hip_helper {
namespace {

constexpr std::size_t kWorkspaceBytes = std::size_t{32} << 20;  // cuBLAS's advice for Hopper
constexpr int kMaxIterations = 10000;

// The e4m3 encoding this GPU's matrix engines take, or nullopt when they take none.
std::optional<Fp8Flavor> Fp8FlavorFor(const BenchContext& ctx) {
  if (ctx.backend == "cuda") {
    // "sm_90" -> 90: e4m3 tensor cores from Ada (sm_89) and Hopper (sm_90) on.
    if (ctx.arch.rfind("sm_", 0) == 0 && std::atoi(ctx.arch.c_str() + 3) >= 89) {
      return Fp8Flavor::kFn;
    }
    return std::nullopt;
  }
  if (ctx.arch.rfind("gfx942", 0) == 0) return Fp8Flavor::kFnuz;  // MI300: FNUZ encoding
  if (ctx.arch.rfind("gfx950", 0) == 0 || ctx.arch.rfind("gfx12", 0) == 0) return Fp8Flavor::kFn;
  return std::nullopt;
}

void SetKnownParams(BenchResult& r, const MatrixSpec& spec, const BlasInfo& blas) {
  r.params.SetInt("m", spec.m)
      .SetInt("n", spec.n)
      .SetInt("k", spec.k)
      .SetString("dtype", DtypeName(spec.type))
      .SetString("out_dtype", OutName(OutputOf(spec.type)))
      .SetString("compute_type", ComputeName(spec.type))
      .SetBool("tf32", false)
      .SetRaw("blas", BlasInfoJson(blas))
      .SetString("layout", "TN column-major, lda=K ldb=K ldc=M")
      .SetString("pattern", MatrixPattern(spec.type));
}

std::string FirstWrongJson(const std::vector<WrongElement>& wrong) {
  JsonWriter json;
  json.BeginArray();
  for (const WrongElement& w : wrong) {
    json.BeginObject();
    json.Key("row").Int(w.row);
    json.Key("col").Int(w.col);
    json.Key("expected").Double(w.expected);
    json.Key("got").Double(w.got);
    json.EndObject();
  }
  json.EndArray();
  return json.str();
}

void ApplyTelemetry(BenchResult& r, const TelemetrySummary& t, const BenchContext& ctx) {
  r.params.SetRaw("telemetry", TelemetryJson(t));
  if (t.sclk_mhz) {
    const auto mhz = static_cast<std::int64_t>(std::lround(t.sclk_mhz->median));
    r.params.SetInt("sustained_clock_mhz", mhz);
    r.clock_mhz_seen = mhz;
    r.params.SetString("clock_source", std::string("median ") + (t.source ? *t.source : "") +
                                           " SM/shader clock over the timed batches");
  } else {
    r.params.SetNull("sustained_clock_mhz");
    ApplyClock(r, ReadClockNow(ctx));
  }
}

// Copies `bytes` from device `src` to host `dst`; false (and `r` failed) on error.
bool CopyBack(BenchResult& r, void* dst, const void* src, std::size_t bytes) {
  return !RecordFailure(r, gpuMemcpy(dst, src, bytes, gpuMemcpyDeviceToHost), "Memcpy");
}

// Adds 1000 to output element (0, 0), a sampled corner, in the output's own type.
bool PlantCorruption(BenchResult& r, MatrixOut out, void* c) {
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(OutputBytes(out)));
  if (!CopyBack(r, bytes.data(), c, bytes.size())) return false;
  const std::vector<std::uint8_t> planted = EncodeOutput(out, DecodeOutput(out, bytes.data()) + 1000.0);
  if (RecordFailure(r, gpuMemcpy(c, planted.data(), planted.size(), gpuMemcpyHostToDevice),
                    "Memcpy")) {
    return false;
  }
  r.params.SetBool("planted_corruption", true);
  return true;
}

struct Buffers {
  DeviceMemory a, b, c, c_ref, workspace, aux;  // aux: fp8 scales at 0 and 16, 2 u64 counters at 32
};

void Verify(BenchResult& r, const BenchContext& ctx, const MatrixSpec& spec, Fp8Flavor flavor,
            Buffers& buf) {
  const MatrixOut out = OutputOf(spec.type);
  const std::size_t out_b = static_cast<std::size_t>(OutputBytes(out));
  const std::size_t in_b = static_cast<std::size_t>(InputBytes(spec.type));
  const std::uint64_t elements = static_cast<std::uint64_t>(spec.m) * spec.n;
  auto* counters = reinterpret_cast<unsigned long long*>(buf.aux.as<char>() + 32);
  if (RecordFailure(r, gpuMemsetAsync(counters, 0, 16, ctx.main_stream), "MemsetAsync") ||
      RecordFailure(r, LaunchMatrixCompare(out, buf.c.get(), buf.c_ref.get(), elements, counters,
                                           ctx.main_stream),
                    "LaunchKernel")) {
    return;
  }
  const WaitResult drained = DrainStream(ctx.main_stream, ctx.plan.kernel_deadline_seconds);
  if (drained.outcome == WaitOutcome::kTimedOut) {
    MarkGpuWedged();
    r.status = BenchStatus::kTimeout;
    r.reason = "the compare kernel did not finish within the deadline";
    return;
  }
  if (RecordFailure(r, drained.error, "EventQuery")) return;
  unsigned long long host_counters[2] = {0, 0};
  if (!CopyBack(r, host_counters, counters, sizeof(host_counters))) return;

  MatrixSample sample;
  sample.type = spec.type;
  sample.flavor = flavor;
  sample.k = spec.k;
  sample.rows = SampleIndices(spec.m, kSampleGrid);
  sample.cols = SampleIndices(spec.n, kSampleGrid);
  const std::size_t row_bytes = static_cast<std::size_t>(spec.k) * in_b;
  sample.a_rows.resize(sample.rows.size() * row_bytes);
  sample.b_cols.resize(sample.cols.size() * row_bytes);
  sample.outputs.resize(sample.rows.size() * sample.cols.size() * out_b);
  for (std::size_t i = 0; i < sample.rows.size(); ++i) {
    if (!CopyBack(r, &sample.a_rows[i * row_bytes],
                  buf.a.as<char>() + static_cast<std::size_t>(sample.rows[i]) * row_bytes,
                  row_bytes)) {
      return;
    }
  }
  std::vector<std::uint8_t> column(static_cast<std::size_t>(spec.m) * out_b);
  for (std::size_t j = 0; j < sample.cols.size(); ++j) {
    const std::size_t col = static_cast<std::size_t>(sample.cols[j]);
    if (!CopyBack(r, &sample.b_cols[j * row_bytes], buf.b.as<char>() + col * row_bytes,
                  row_bytes) ||
        !CopyBack(r, column.data(), buf.c.as<char>() + col * column.size(), column.size())) {
      return;
    }
    for (std::size_t i = 0; i < sample.rows.size(); ++i) {
      std::copy_n(&column[static_cast<std::size_t>(sample.rows[i]) * out_b], out_b,
                  &sample.outputs[(j * sample.rows.size() + i) * out_b]);
    }
  }
  const MatrixCheck check = CheckMatrixSample(sample);
  const auto mismatches = static_cast<std::int64_t>(host_counters[0]);
  const auto nonfinite = static_cast<std::int64_t>(host_counters[1]);
  r.params.SetInt("checked_elements", check.checked)
      .SetInt("wrong_elements", check.wrong)
      .SetInt("nan_elements", nonfinite)
      .SetDouble("max_error_over_tolerance", check.max_over_tolerance)
      .SetDouble("tolerance", check.tolerance)
      .SetString("tolerance_basis", ToleranceBasis(spec.type))
      .SetInt("repeat_mismatches", mismatches)
      .SetRaw("first_wrong", FirstWrongJson(check.first_wrong));
  if (check.max_rel_error) {
    r.params.SetDouble("max_rel_error", *check.max_rel_error);
  } else {
    r.params.SetNull("max_rel_error");
  }
  r.elements = static_cast<std::int64_t>(elements);
  r.verified = check.checked > 0 && check.wrong == 0 && nonfinite == 0 && mismatches == 0;
  if (!*r.verified) {
    r.status = BenchStatus::kVerifyFailed;
    r.reason = std::to_string(check.wrong) + " of " + std::to_string(check.checked) +
               " sampled elements wrong, " + std::to_string(nonfinite) + " NaN/Inf, " +
               std::to_string(mismatches) +
               (mismatches == 1 ? " element differs" : " elements differ") +
               " between two runs of the same GEMM";
  }
}

void RunOne(BenchContext& ctx, MatrixBlas& blas, const MatrixSpec& spec, Fp8Flavor flavor,
            BenchResult& r) {
  const double deadline = ctx.plan.kernel_deadline_seconds;
  const MatrixOut out = OutputOf(spec.type);
  const auto m = static_cast<std::size_t>(spec.m);
  const auto n = static_cast<std::size_t>(spec.n);
  const auto k = static_cast<std::size_t>(spec.k);
  const std::size_t in_b = static_cast<std::size_t>(InputBytes(spec.type));
  const std::size_t c_bytes = m * n * static_cast<std::size_t>(OutputBytes(out));
  const std::size_t need = (m + n) * k * in_b + 2 * c_bytes + kWorkspaceBytes + 32;
  if (need > ctx.free_bytes / 10 * 9) {
    r.status = BenchStatus::kSkipped;
    r.reason = "needs " + std::to_string(need) + " bytes, " + std::to_string(ctx.free_bytes) +
               " free";
    return;
  }
  Buffers buf;
  if (RecordFailure(r, buf.a.Allocate(m * k * in_b), "Malloc") ||
      RecordFailure(r, buf.b.Allocate(n * k * in_b), "Malloc") ||
      RecordFailure(r, buf.c.Allocate(c_bytes), "Malloc") ||
      RecordFailure(r, buf.c_ref.Allocate(c_bytes), "Malloc") ||
      RecordFailure(r, buf.workspace.Allocate(kWorkspaceBytes), "Malloc") ||
      RecordFailure(r, buf.aux.Allocate(64), "Malloc")) {
    return;
  }
  // Each fp8 scale on its own 16 bytes (a vector load's alignment), as torch._scaled_mm's scale
  // tensors are separate allocations.
  const float ones[8] = {1.0f, 0.0f, 0.0f, 0.0f, 1.0f, 0.0f, 0.0f, 0.0f};
  if (RecordFailure(r, gpuMemcpy(buf.aux.get(), ones, sizeof(ones), gpuMemcpyHostToDevice),
                    "Memcpy") ||
      RecordFailure(r, LaunchMatrixFill(spec.type, flavor, kSeedA, buf.a.get(), m * k,
                                        ctx.main_stream),
                    "LaunchKernel") ||
      RecordFailure(r, LaunchMatrixFill(spec.type, flavor, kSeedB, buf.b.get(), n * k,
                                        ctx.main_stream),
                    "LaunchKernel")) {
    return;
  }
  GemmSetup setup;
  setup.type = spec.type;
  setup.flavor = flavor;
  setup.m = spec.m;
  setup.n = spec.n;
  setup.k = spec.k;
  setup.a = buf.a.get();
  setup.b = buf.b.get();
  setup.workspace = buf.workspace.get();
  setup.workspace_bytes = kWorkspaceBytes;
  setup.a_scale = buf.aux.as<float>();
  setup.b_scale = reinterpret_cast<const float*>(buf.aux.as<char>() + 16);
  setup.stream = ctx.main_stream;
  r.params.SetInt("workspace_bytes", static_cast<std::int64_t>(kWorkspaceBytes));
  if (const std::optional<std::string> refused = blas.Prepare(setup)) {
    r.status = BenchStatus::kSkipped;
    r.reason = *refused;
    return;
  }
  // Launch 0 writes the reference output (kept for the repeat check), every later one `c`.
  std::optional<std::string> blas_failure;
  const LaunchFn launch = [&](int index) {
    if (auto failed = blas.Run(index == 0 ? buf.c_ref.get() : buf.c.get())) {
      if (!blas_failure) blas_failure = std::move(failed);
      return gpuErrorUnknown;
    }
    return gpuSuccess;
  };
  const BatchTimes sizing = TimeBatches(ctx.main_stream, launch, blas.RunCall(), 1, 1, 1, deadline);
  if (blas_failure) {
    r.status = BenchStatus::kFailed;
    r.reason = *blas_failure;
    return;
  }
  if (!ApplyBatchOutcome(r, sizing, deadline)) return;
  const double gemm_seconds = sizing.seconds.front();
  r.params.SetDouble("gemm_seconds_untimed", gemm_seconds);
  const int iterations = static_cast<int>(std::clamp(
      std::lround(ctx.plan.matrix_batch_seconds / std::max(gemm_seconds, 1e-7)), 1L,
      static_cast<long>(kMaxIterations)));
  // Launch indices go on from 0 again: offset them so the reference output stays untouched.
  const LaunchFn timed = [&](int index) { return launch(index + 1); };
  TelemetrySampler sampler(ctx.telemetry, ctx.plan.telemetry_interval_ms);
  sampler.Start();
  const BatchTimes times =
      TimeBatches(ctx.main_stream, timed, blas.RunCall(), ctx.plan.matrix_warmup_batches * iterations,
                  ctx.plan.matrix_samples, iterations, deadline);
  const TelemetrySummary telemetry = sampler.Stop();
  r.bytes = static_cast<std::int64_t>((m + n) * k * in_b + c_bytes);
  if (blas_failure) {
    r.status = BenchStatus::kFailed;
    r.reason = *blas_failure;
  } else {
    ApplyRate(r, times, 2.0 * static_cast<double>(m) * static_cast<double>(n) *
                            static_cast<double>(k),
              iterations, deadline);
  }
  r.params.SetDouble("operations_per_gemm", 2.0 * static_cast<double>(m * n) * static_cast<double>(k));
  if (GpuWedged()) return;
  ApplyTelemetry(r, telemetry, ctx);
  if (r.status != BenchStatus::kOk) return;
  if (ctx.plan.plant_matrix_corruption && !PlantCorruption(r, out, buf.c.get())) return;
  Verify(r, ctx, spec, flavor, buf);
}

}  // namespace

void RunMatrixBenchmarks(BenchContext& ctx, const std::vector<std::string>& names,
                         std::vector<BenchResult>& out) {
  OpenedBlas opened =
      OpenMatrixBlas(ctx.backend == "cuda" ? BlasVendor::kNvidia : BlasVendor::kAmd);
  // A wedged GPU: destroying the BLAS handle could wait on it forever, so it is left to exit.
  struct LeakIfWedged {
    OpenedBlas& opened;
    ~LeakIfWedged() {
      if (GpuWedged()) static_cast<void>(opened.blas.release());
    }
  } leak_if_wedged{opened};
  for (const std::string& name : names) {
    if (ctx.ShouldStop()) return;
    const std::optional<MatrixSpec> spec = FindMatrixSpec(name);
    if (!spec) continue;
    if (ctx.progress) ctx.progress(name);
    BenchResult r = NewResult(name, MatrixUnit(spec->type));
    SetKnownParams(r, *spec, opened.info);
    Fp8Flavor flavor = Fp8Flavor::kFn;
    if (!opened.blas) {
      r.status = BenchStatus::kSkipped;
      r.reason = "no BLAS library could be loaded";
    } else if (spec->type == MatrixType::kFp8E4m3 && !opened.blas->OffersFp8()) {
      r.status = BenchStatus::kSkipped;
      r.reason = std::string("fp8 needs ") + (ctx.backend == "cuda" ? "cublasLt" : "hipblaslt") +
                 "; " + *opened.info.api + " was loaded";
    } else if (spec->type == MatrixType::kFp8E4m3 && !Fp8FlavorFor(ctx)) {
      r.status = BenchStatus::kSkipped;
      r.reason = "no fp8 e4m3 matrix engine on " + ctx.arch +
                 " (NVIDIA sm_89 and later, AMD gfx942 and later)";
    } else {
      if (spec->type == MatrixType::kFp8E4m3) flavor = *Fp8FlavorFor(ctx);
      RunOne(ctx, *opened.blas, *spec, flavor, r);
    }
    out.push_back(std::move(r));
    if (GpuWedged()) return;
  }
}

}  // namespace rocm_doctor::hip_helper
