// SPDX-License-Identifier: MIT
// The matrix family's own findings (bench_support.h): a GEMM that computed wrong elements, no
// vendor BLAS to reach the matrix engines with, and figures with no floor for this GPU.
#include <fmt/format.h>

#include <vector>

#include "bench_support.h"

namespace rocm_doctor::bench {
namespace {

// "bf16 GEMM 8192 x 8192 x 8192": what a matrix.* entry multiplied.
std::string DescribeGemm(const Measurement& m) {
  std::string text = m.ParamText("dtype").value_or(m.name.substr(m.name.find('.') + 1));
  text += " GEMM";
  auto dim = [&](const char* key) { return m.ParamNumber(key); };
  if (dim("m") && dim("n") && dim("k")) {
    text += fmt::format(" {:.0f} x {:.0f} x {:.0f}", *dim("m"), *dim("n"), *dim("k"));
  }
  return text;
}

std::string Count(const Measurement& m, const char* key) {
  auto n = m.ParamNumber(key);
  return n ? fmt::format("{:.0f}", *n) : std::string("unknown");
}

}  // namespace

bool MatrixCorrupted(const Measurement& m) {
  if (m.status == MeasurementStatus::kVerifyFailed) return true;
  for (const char* key : {"wrong_elements", "nan_elements", "repeat_mismatches"}) {
    if (auto n = m.ParamNumber(key); n && *n > 0) return true;
  }
  return false;
}

Finding MatrixCorruption(const BenchRun& run, const Measurement& m) {
  const std::string dtype = m.ParamText("dtype").value_or("?");
  std::string observed = fmt::format(
      "{} of {} sampled elements wrong, {} NaN/Inf in the whole output, {} elements differ "
      "between two runs of the same GEMM",
      Count(m, "wrong_elements"), Count(m, "checked_elements"), Count(m, "nan_elements"),
      Count(m, "repeat_mismatches"));
  std::string message = DescribeDevice(run) + ": " + m.name + " (" + DescribeGemm(m) +
                        ") computed wrong results on data type " + dtype + ": " + observed;
  if (m.ParamText("planted_corruption") == "true") {
    message += " (planted by --plant-corruption: the detection works)";
  }
  std::vector<Evidence> evidence{{run.run.source + " (" + m.name + ")", observed,
                                  "0 wrong, 0 NaN, 0 differing elements"}};
  if (auto first = m.ParamText("first_wrong"); first && *first != "[]") {
    evidence.push_back({run.run.source + " (" + m.name + " first_wrong)", *first, ""});
  }
  if (auto basis = m.ParamText("tolerance_basis")) {
    std::string tolerance = *basis;
    if (auto t = m.ParamNumber("tolerance")) tolerance += fmt::format("; largest bound {:.3g}", *t);
    evidence.push_back({run.run.source + " (" + m.name + " tolerance)", tolerance, ""});
  }
  if (m.reason) evidence.push_back({run.run.source + " (" + m.name + " reason)", *m.reason, ""});
  return MakeFinding("bench.matrix.corruption", std::move(message), std::move(evidence),
                     Params(run, m.name));
}

// cuBLAS(Lt) / hipBLAS(Lt) status names (CUBLAS_STATUS_NOT_SUPPORTED, HIPBLAS_STATUS_NOT_SUPPORTED)
// and rocBLAS's rocblas_status_not_implemented, as the helper quotes them in `reason`.
bool BlasRefused(const std::string& reason) {
  return reason.find("STATUS_NOT_SUPPORTED") != std::string::npos ||
         reason.find("rocblas_status_not_implemented") != std::string::npos;
}

bool BlasMissing(const Measurement& m) {
  return m.status == MeasurementStatus::kSkipped && m.blas && !m.blas->loaded;
}

Finding MatrixBlasMissing(const BenchRun& run, const Measurement& m, std::size_t skipped) {
  std::vector<std::string> tried;
  std::vector<Evidence> evidence;
  for (const BenchBlas::Tried& t : m.blas->tried) {
    tried.push_back(t.library);
    evidence.push_back({run.run.source + " (dlopen " + t.library + ")",
                        t.error.value_or("loaded"), "a vendor BLAS that loads"});
  }
  const std::string libraries =
      tried.empty() ? std::string("none named") : fmt::format("{}", fmt::join(tried, ", "));
  return MakeFinding(
      "bench.matrix.blas_missing",
      DescribeDevice(run) + fmt::format(": the matrix engines were not measured ({} GEMM "
                                        "benchmarks skipped): no vendor BLAS could be loaded "
                                        "(tried {})",
                                        skipped, libraries),
      std::move(evidence), Params(run, m.name));
}

Finding MatrixNoFloor(const BenchRun& run, const BenchGpu& gpu,
                      const std::vector<const Measurement*>& unjudged) {
  std::vector<std::string> names;
  for (const Measurement* m : unjudged) {
    std::string kind = BenchPatternKind(*m);
    names.push_back(m->name + " " + Fig(m->median, m->unit) +
                    (kind.empty() ? std::string() : " (" + kind + " input)"));
  }
  const std::string model = gpu.model.empty() ? gpu.runtime_name : gpu.model;
  std::string message =
      DescribeDevice(run) + ": no published floor and no reference measurement for " +
      (model.empty() ? std::string("this GPU") : model) + ", so these matrix figures are "
      "reported, not judged: " + fmt::format("{}", fmt::join(names, ", "));
  return MakeFinding(
      "bench.matrix.reference_missing", std::move(message),
      {{"checks/data/bench_thresholds.csv", "no matrix row for this GPU and input pattern",
        "a published floor (RVS) or a reference row (0.75 x a measured healthy GPU, as DCGM)"}},
      Params(run));
}

}  // namespace rocm_doctor::bench
