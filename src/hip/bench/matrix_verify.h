// SPDX-License-Identifier: MIT
#pragma once
// The silent-data-corruption check of one GEMM against an independent host reference: sampled
// output elements recomputed in long double (int64 for int8) from the rounded inputs the device
// read, each held to the tolerance of docs/hip-helper.md ("Matrix engines"). Pure host code.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "hip/bench/matrix_spec.h"

namespace rocm_doctor::hip_helper {

// What the device side copies back for the check. A is stored K x M column-major and used
// transposed, so output row r reads the K contiguous inputs at A + r*K; output column c reads
// B + c*K; output (r, c) is at C + r + c*M.
struct MatrixSample {
  MatrixType type = MatrixType::kFp32;
  Fp8Flavor flavor = Fp8Flavor::kFn;
  int k = 0;
  std::vector<int> rows;              // sampled output rows
  std::vector<int> cols;              // sampled output columns
  std::vector<std::uint8_t> a_rows;   // rows.size() * k inputs, raw bytes, row after row
  std::vector<std::uint8_t> b_cols;   // cols.size() * k inputs, raw bytes, column after column
  std::vector<std::uint8_t> outputs;  // output (rows[i], cols[j]) at [j * rows.size() + i]
};

struct WrongElement {
  int row = 0;
  int col = 0;
  double expected = 0.0;
  double got = 0.0;
};

struct MatrixCheck {
  std::int64_t checked = 0;
  std::int64_t wrong = 0;          // outside the tolerance, NaN and Inf included
  std::optional<double> max_rel_error;  // over elements whose reference is not 0
  double max_over_tolerance = 0.0;      // max |got - ref| / bound (int8: |got - ref|)
  double tolerance = 0.0;               // the largest bound used
  std::vector<WrongElement> first_wrong;  // at most kMaxFirstWrong
};
inline constexpr std::size_t kMaxFirstWrong = 8;

// The bound for one element: u_out*|ref| + lambda*sqrt(K)*u_acc*sum|a*b|.
double ElementTolerance(MatrixType type, int k, double ref, double sum_abs_products);

MatrixCheck CheckMatrixSample(const MatrixSample& sample);

double DecodeInput(MatrixType type, Fp8Flavor flavor, const std::uint8_t* bytes);
double DecodeOutput(MatrixOut out, const std::uint8_t* bytes);
// `value` in the output type's bytes (the planted corruption writes it back).
std::vector<std::uint8_t> EncodeOutput(MatrixOut out, double value);

}  // namespace rocm_doctor::hip_helper
