// SPDX-License-Identifier: MIT
#pragma once
// The vendor BLAS behind matrix.*, loaded at run time with dlopen (never linked): cuBLASLt with
// cuBLAS as fallback on NVIDIA, hipBLASLt with rocBLAS as fallback on AMD. Which libraries were
// tried and why each failed is data for the JSON (params.blas), never a crash. Host code only
// (device pointers and the stream are opaque), C++17.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "hip/bench/matrix_types.h"

namespace rocm_doctor::hip_helper {

enum class BlasVendor { kNvidia, kAmd };

struct BlasAttempt {
  std::string library;
  std::optional<std::string> error;  // dlerror() verbatim, or "dlsym NAME: ..."; null: loaded
};

struct BlasInfo {
  std::optional<std::string> loaded;  // "libcublasLt.so.13"
  std::optional<std::int64_t> version;
  std::optional<std::string> api;  // "cublasLt" | "cublas" | "hipblaslt" | "rocblas"
  std::vector<BlasAttempt> tried;
};

// {"loaded":...,"version":...,"api":...,"tried":[{"library":...,"error":...}]}
std::string BlasInfoJson(const BlasInfo& info);

// One GEMM's operands: D (M x N) = A^T (A stored K x M) * B (K x N), column-major, no padding.
struct GemmSetup {
  MatrixType type = MatrixType::kFp32;
  Fp8Flavor flavor = Fp8Flavor::kFn;
  int m = 0;
  int n = 0;
  int k = 0;
  const void* a = nullptr;
  const void* b = nullptr;
  void* workspace = nullptr;
  std::size_t workspace_bytes = 0;
  const float* a_scale = nullptr;  // device pointers to 1.0f (fp8 only)
  const float* b_scale = nullptr;
  void* stream = nullptr;
};

class MatrixBlas {
 public:
  virtual ~MatrixBlas() = default;
  // Descriptors and the algorithm for `setup`; nullopt when ready, else the library's refusal
  // ("cublasLtMatmulAlgoGetHeuristic: status 15 (CUBLAS_STATUS_NOT_SUPPORTED)").
  virtual std::optional<std::string> Prepare(const GemmSetup& setup) = 0;
  // Enqueues the prepared GEMM writing `d` on the setup's stream; nullopt or the failure text.
  virtual std::optional<std::string> Run(void* d) = 0;
  virtual bool OffersFp8() const = 0;  // the Lt APIs do; cublasGemmEx / rocblas_gemm_ex do not
  virtual const char* RunCall() const = 0;  // "cublasLtMatmul", for failure texts
};

struct OpenedBlas {
  BlasInfo info;
  std::unique_ptr<MatrixBlas> blas;  // null when nothing loaded
};

struct BlasCandidates {
  std::vector<std::string> primary;   // the Lt library's names, in order
  std::vector<std::string> fallback;  // the classic BLAS's names
};
BlasCandidates DefaultBlasCandidates(BlasVendor vendor);

OpenedBlas OpenMatrixBlas(BlasVendor vendor);
OpenedBlas OpenMatrixBlasFrom(BlasVendor vendor, const BlasCandidates& candidates);

// The vendor's status name ("CUBLAS_STATUS_NOT_SUPPORTED"), "" when unknown.
std::string BlasStatusName(const std::string& api, int status);
std::string BlasStatusText(const std::string& api, const char* call, int status);

// Implementations (matrix_blas_lt.cpp, matrix_blas_gemm_ex.cpp): take `library`, a dlopen
// handle; null with `*error` ("dlsym cublasLtMatmul: ...") when a symbol is missing.
std::unique_ptr<MatrixBlas> MakeLtBlas(BlasVendor vendor, void* library, BlasInfo& info,
                                       std::string* error);
std::unique_ptr<MatrixBlas> MakeGemmExBlas(BlasVendor vendor, void* library, BlasInfo& info,
                                           std::string* error);

}  // namespace rocm_doctor::hip_helper
