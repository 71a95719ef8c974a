// SPDX-License-Identifier: MIT
#include "hip/bench/matrix_verify.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace rocm_doctor::hip_helper {
namespace {

template <class T>
T Load(const std::uint8_t* bytes) {
  T value;
  std::memcpy(&value, bytes, sizeof(T));
  return value;
}

}  // namespace

double Fp16ToDouble(std::uint16_t h) {
  const int sign = (h >> 15) != 0 ? -1 : 1;
  const int exponent = (h >> 10) & 0x1F;
  const int mantissa = h & 0x3FF;
  if (exponent == 0x1F) {
    return mantissa != 0 ? std::numeric_limits<double>::quiet_NaN()
                         : sign * std::numeric_limits<double>::infinity();
  }
  if (exponent == 0) return sign * std::ldexp(static_cast<double>(mantissa), -24);
  return sign * std::ldexp(1024.0 + mantissa, exponent - 25);
}

double E4m3ToDouble(std::uint8_t b, Fp8Flavor flavor) {
  const bool fnuz = flavor == Fp8Flavor::kFnuz;
  if (fnuz && b == 0x80) return std::numeric_limits<double>::quiet_NaN();
  if (!fnuz && (b & 0x7F) == 0x7F) return std::numeric_limits<double>::quiet_NaN();
  const int sign = (b >> 7) != 0 ? -1 : 1;
  const int exponent = (b >> 3) & 0xF;
  const int mantissa = b & 0x7;
  const int bias = fnuz ? 8 : 7;
  if (exponent == 0) return sign * std::ldexp(static_cast<double>(mantissa), 1 - bias - 3);
  return sign * std::ldexp(8.0 + mantissa, exponent - bias - 3);
}

double DecodeInput(MatrixType type, Fp8Flavor flavor, const std::uint8_t* bytes) {
  switch (type) {
    case MatrixType::kBf16:
      return Bf16ToFloat(Load<std::uint16_t>(bytes));
    case MatrixType::kFp16:
      return Fp16ToDouble(Load<std::uint16_t>(bytes));
    case MatrixType::kFp32:
      return Load<float>(bytes);
    case MatrixType::kFp64:
      return Load<double>(bytes);
    case MatrixType::kFp8E4m3:
      return E4m3ToDouble(bytes[0], flavor);
    case MatrixType::kInt8:
      return static_cast<std::int8_t>(bytes[0]);
  }
  return 0.0;
}

double DecodeOutput(MatrixOut out, const std::uint8_t* bytes) {
  switch (out) {
    case MatrixOut::kBf16:
      return Bf16ToFloat(Load<std::uint16_t>(bytes));
    case MatrixOut::kFp16:
      return Fp16ToDouble(Load<std::uint16_t>(bytes));
    case MatrixOut::kFp32:
      return Load<float>(bytes);
    case MatrixOut::kFp64:
      return Load<double>(bytes);
    case MatrixOut::kInt32:
      return Load<std::int32_t>(bytes);
  }
  return 0.0;
}

std::vector<std::uint8_t> EncodeOutput(MatrixOut out, double value) {
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(OutputBytes(out)));
  switch (out) {
    case MatrixOut::kBf16: {
      const std::uint16_t h = FloatToBf16(static_cast<float>(value));
      std::memcpy(bytes.data(), &h, 2);
      break;
    }
    case MatrixOut::kFp16: {
      const std::uint16_t h = FloatToFp16(static_cast<float>(value));
      std::memcpy(bytes.data(), &h, 2);
      break;
    }
    case MatrixOut::kFp32: {
      const float f = static_cast<float>(value);
      std::memcpy(bytes.data(), &f, 4);
      break;
    }
    case MatrixOut::kFp64:
      std::memcpy(bytes.data(), &value, 8);
      break;
    case MatrixOut::kInt32: {
      const auto i = static_cast<std::int32_t>(std::llround(value));
      std::memcpy(bytes.data(), &i, 4);
      break;
    }
  }
  return bytes;
}

double ElementTolerance(MatrixType type, int k, double ref, double sum_abs_products) {
  return OutputUnitRoundoff(OutputOf(type)) * std::fabs(ref) +
         kToleranceLambda * std::sqrt(static_cast<double>(k)) * AccumulationUnitRoundoff(type) *
             sum_abs_products;
}

MatrixCheck CheckMatrixSample(const MatrixSample& s) {
  MatrixCheck check;
  const std::size_t in_bytes = static_cast<std::size_t>(InputBytes(s.type));
  const MatrixOut out = OutputOf(s.type);
  const std::size_t out_bytes = static_cast<std::size_t>(OutputBytes(out));
  const std::size_t k = static_cast<std::size_t>(s.k);
  const std::size_t rows = s.rows.size();
  const std::size_t cols = s.cols.size();
  if (s.a_rows.size() < rows * k * in_bytes || s.b_cols.size() < cols * k * in_bytes ||
      s.outputs.size() < rows * cols * out_bytes) {
    return check;  // nothing to compare: checked stays 0
  }
  // Decode once: rows*k + cols*k values.
  std::vector<double> a(rows * k);
  std::vector<double> b(cols * k);
  for (std::size_t i = 0; i < a.size(); ++i) {
    a[i] = DecodeInput(s.type, s.flavor, &s.a_rows[i * in_bytes]);
  }
  for (std::size_t i = 0; i < b.size(); ++i) {
    b[i] = DecodeInput(s.type, s.flavor, &s.b_cols[i * in_bytes]);
  }
  for (std::size_t j = 0; j < cols; ++j) {
    for (std::size_t i = 0; i < rows; ++i) {
      const double* ar = &a[i * k];
      const double* bc = &b[j * k];
      double ref = 0.0;
      double sum_abs = 0.0;
      if (s.type == MatrixType::kInt8) {
        std::int64_t sum = 0;
        for (std::size_t x = 0; x < k; ++x) {
          sum += static_cast<std::int64_t>(ar[x]) * static_cast<std::int64_t>(bc[x]);
        }
        ref = static_cast<double>(sum);
      } else {
        long double sum = 0.0L;
        long double abs_sum = 0.0L;
        for (std::size_t x = 0; x < k; ++x) {
          const long double p = static_cast<long double>(ar[x]) * bc[x];
          sum += p;
          abs_sum += p < 0 ? -p : p;
        }
        ref = static_cast<double>(sum);
        sum_abs = static_cast<double>(abs_sum);
      }
      const double got = DecodeOutput(out, &s.outputs[(j * rows + i) * out_bytes]);
      const double bound = ElementTolerance(s.type, s.k, ref, sum_abs);
      const double error = std::fabs(got - ref);
      ++check.checked;
      if (bound > check.tolerance) check.tolerance = bound;
      const bool ok = std::isfinite(got) && error <= bound;
      if (std::isfinite(got)) {
        const double over = bound > 0.0 ? error / bound : error;
        if (over > check.max_over_tolerance) check.max_over_tolerance = over;
        if (ref != 0.0) {
          const double rel = error / std::fabs(ref);
          if (!check.max_rel_error || rel > *check.max_rel_error) check.max_rel_error = rel;
        }
      }
      if (!ok) {
        ++check.wrong;
        if (check.first_wrong.size() < kMaxFirstWrong) {
          check.first_wrong.push_back({s.rows[i], s.cols[j], ref, got});
        }
      }
    }
  }
  return check;
}

}  // namespace rocm_doctor::hip_helper
