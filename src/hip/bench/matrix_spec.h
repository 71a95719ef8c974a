// SPDX-License-Identifier: MIT
#pragma once
// The matrix.* benchmarks (docs/hip-helper.md, "Matrix engines"): shape and types of each name,
// the words the JSON uses for them, the input pattern's text and the verification's sample grid
// and tolerance constants. Pure host logic, C++17 (the GPU family reads it).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "hip/bench/matrix_types.h"

namespace rocm_doctor::hip_helper {

struct MatrixSpec {
  const char* name;  // "matrix.bf16", "matrix.bf16_gst" ...
  MatrixType type;
  int m = 0;
  int n = 0;
  int k = 0;
};

// The square shape and the ROCm Validation Suite GST shape (rvs/conf/MI300X/gst_single.conf).
inline constexpr int kMatrixSquare = 8192;
inline constexpr int kGstM = 4864;
inline constexpr int kGstN = 4096;
inline constexpr int kGstK = 8192;

const std::vector<MatrixSpec>& MatrixSpecs();  // the 12, in run order
std::optional<MatrixSpec> FindMatrixSpec(const std::string& name);

MatrixOut OutputOf(MatrixType type);  // bf16->bf16, fp8->bf16, int8->int32 ...
const char* DtypeName(MatrixType type);  // "bf16", "fp8_e4m3", "int8"
const char* OutName(MatrixOut out);      // "bf16", "int32"
const char* ComputeName(MatrixType type);  // "fp32", "fp64", "int32"
const char* MatrixUnit(MatrixType type);   // "FLOP/s"; int8: "OP/s"
int InputBytes(MatrixType type);
int OutputBytes(MatrixOut out);
std::string MatrixPattern(MatrixType type);  // the pattern text of params.pattern

inline constexpr std::uint64_t kSeedA = 1;
inline constexpr std::uint64_t kSeedB = 2;

// The verification grid: `count` indices spread over [0, extent) with both ends included
// (round(i * (extent - 1) / (count - 1))), deduplicated when extent < count.
std::vector<int> SampleIndices(int extent, int count);
inline constexpr int kSampleGrid = 32;  // 32 rows x 32 columns = 1024 elements

// Tolerance constants (matrix_verify.cpp): one rounding of the output and the accumulation's unit
// roundoff; int8 is exact (both 0).
double OutputUnitRoundoff(MatrixOut out);
double AccumulationUnitRoundoff(MatrixType type);
inline constexpr double kToleranceLambda = 8.0;
std::string ToleranceBasis(MatrixType type);

}  // namespace rocm_doctor::hip_helper
