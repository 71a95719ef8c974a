// SPDX-License-Identifier: MIT
#include "hip/bench/matrix_spec.h"

#include <cmath>

namespace rocm_doctor::hip_helper {

const std::vector<MatrixSpec>& MatrixSpecs() {
  static const std::vector<MatrixSpec> specs = [] {
    const MatrixType types[] = {MatrixType::kBf16, MatrixType::kFp16, MatrixType::kFp32,
                                MatrixType::kFp64, MatrixType::kFp8E4m3, MatrixType::kInt8};
    const char* square[] = {"matrix.bf16", "matrix.fp16", "matrix.fp32",
                            "matrix.fp64", "matrix.fp8",  "matrix.int8"};
    const char* gst[] = {"matrix.bf16_gst", "matrix.fp16_gst", "matrix.fp32_gst",
                         "matrix.fp64_gst", "matrix.fp8_gst",  "matrix.int8_gst"};
    std::vector<MatrixSpec> all;
    for (int i = 0; i < 6; ++i) {
      all.push_back({square[i], types[i], kMatrixSquare, kMatrixSquare, kMatrixSquare});
    }
    for (int i = 0; i < 6; ++i) all.push_back({gst[i], types[i], kGstM, kGstN, kGstK});
    return all;
  }();
  return specs;
}

std::optional<MatrixSpec> FindMatrixSpec(const std::string& name) {
  for (const MatrixSpec& spec : MatrixSpecs()) {
    if (name == spec.name) return spec;
  }
  return std::nullopt;
}

MatrixOut OutputOf(MatrixType type) {
  switch (type) {
    case MatrixType::kBf16:
    case MatrixType::kFp8E4m3:  // bf16 out, as torch._scaled_mm is mostly used
      return MatrixOut::kBf16;
    case MatrixType::kFp16:
      return MatrixOut::kFp16;
    case MatrixType::kFp32:
      return MatrixOut::kFp32;
    case MatrixType::kFp64:
      return MatrixOut::kFp64;
    case MatrixType::kInt8:
      return MatrixOut::kInt32;
  }
  return MatrixOut::kFp32;
}

const char* DtypeName(MatrixType type) {
  switch (type) {
    case MatrixType::kBf16:
      return "bf16";
    case MatrixType::kFp16:
      return "fp16";
    case MatrixType::kFp32:
      return "fp32";
    case MatrixType::kFp64:
      return "fp64";
    case MatrixType::kFp8E4m3:
      return "fp8_e4m3";
    case MatrixType::kInt8:
      return "int8";
  }
  return "";
}

const char* OutName(MatrixOut out) {
  switch (out) {
    case MatrixOut::kBf16:
      return "bf16";
    case MatrixOut::kFp16:
      return "fp16";
    case MatrixOut::kFp32:
      return "fp32";
    case MatrixOut::kFp64:
      return "fp64";
    case MatrixOut::kInt32:
      return "int32";
  }
  return "";
}

const char* ComputeName(MatrixType type) {
  if (type == MatrixType::kFp64) return "fp64";
  if (type == MatrixType::kInt8) return "int32";
  return "fp32";
}

const char* MatrixUnit(MatrixType type) { return type == MatrixType::kInt8 ? "OP/s" : "FLOP/s"; }

int InputBytes(MatrixType type) {
  switch (type) {
    case MatrixType::kBf16:
    case MatrixType::kFp16:
      return 2;
    case MatrixType::kFp32:
      return 4;
    case MatrixType::kFp64:
      return 8;
    case MatrixType::kFp8E4m3:
    case MatrixType::kInt8:
      return 1;
  }
  return 1;
}

int OutputBytes(MatrixOut out) {
  switch (out) {
    case MatrixOut::kBf16:
    case MatrixOut::kFp16:
      return 2;
    case MatrixOut::kFp32:
    case MatrixOut::kInt32:
      return 4;
    case MatrixOut::kFp64:
      return 8;
  }
  return 4;
}

std::string MatrixPattern(MatrixType type) {
  if (type == MatrixType::kInt8) {
    return "uniform random in [-8, 8] without 0, splitmix64 seeds 1 (A) and 2 (B)";
  }
  return "uniform random in [-1, 1), |x| < 1/64 raised to 1/64, splitmix64 seeds 1 (A) and 2 "
         "(B), rounded to the input type";
}

std::vector<int> SampleIndices(int extent, int count) {
  std::vector<int> out;
  if (extent <= 0 || count <= 0) return out;
  if (count == 1 || extent == 1) return {0};
  for (int i = 0; i < count; ++i) {
    const double at = std::round(static_cast<double>(i) * (extent - 1) / (count - 1));
    const int index = static_cast<int>(at);
    if (out.empty() || out.back() != index) out.push_back(index);
  }
  return out;
}

double OutputUnitRoundoff(MatrixOut out) {
  switch (out) {
    case MatrixOut::kBf16:
      return std::ldexp(1.0, -8);
    case MatrixOut::kFp16:
      return std::ldexp(1.0, -11);
    case MatrixOut::kFp32:
      return std::ldexp(1.0, -24);
    case MatrixOut::kFp64:
      return std::ldexp(1.0, -53);
    case MatrixOut::kInt32:
      return 0.0;
  }
  return 0.0;
}

double AccumulationUnitRoundoff(MatrixType type) {
  switch (type) {
    case MatrixType::kFp64:
      return std::ldexp(1.0, -53);
    case MatrixType::kFp8E4m3:
      // Hopper's fp8 tensor cores keep about 14 bits between promotions to fp32 (DeepSeek-V3
      // technical report, arXiv:2412.19437, section 3.3.2).
      return std::ldexp(1.0, -13);
    case MatrixType::kInt8:
      return 0.0;
    default:
      return std::ldexp(1.0, -24);  // fp32 accumulation
  }
}

std::string ToleranceBasis(MatrixType type) {
  if (type == MatrixType::kInt8) return "exact: int32 accumulation of int8 products, tolerance 0";
  const auto power = [](double u) {
    return "2^" + std::to_string(static_cast<int>(std::lround(std::log2(u))));
  };
  return "u_out*|ref| + 8*sqrt(K)*u_acc*sum|a*b| (probabilistic bound, Higham & Mary 2019), u_out=" +
         power(OutputUnitRoundoff(OutputOf(type))) + ", u_acc=" +
         power(AccumulationUnitRoundoff(type));
}

}  // namespace rocm_doctor::hip_helper
