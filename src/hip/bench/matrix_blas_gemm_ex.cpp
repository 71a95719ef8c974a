// SPDX-License-Identifier: MIT
// The fallbacks when no Lt library loads: cublasGemmEx (cuBLAS) and rocblas_gemm_ex (rocBLAS).
// Neither takes fp8 with scale pointers in the form the Lt APIs do, so fp8 is skipped with them.
#include <dlfcn.h>

#include <string>

#include "hip/bench/matrix_blas.h"
#include "hip/bench/matrix_blas_abi.h"
#include "hip/bench/matrix_spec.h"

namespace rocm_doctor::hip_helper {
namespace {

namespace abi = blas_abi;

template <class Fn>
bool Resolve(void* library, const char* name, Fn* out, std::string* error) {
  dlerror();
  void* symbol = dlsym(library, name);
  if (symbol == nullptr) {
    const char* why = dlerror();
    *error = std::string("dlsym ") + name + ": " + (why != nullptr ? why : "not found");
    return false;
  }
  *out = reinterpret_cast<Fn>(symbol);
  return true;
}

struct Scalars {
  float f1 = 1.0f, f0 = 0.0f;
  double d1 = 1.0, d0 = 0.0;
  std::int32_t i1 = 1, i0 = 0;
  const void* Alpha(MatrixType t) const {
    return t == MatrixType::kFp64 ? static_cast<const void*>(&d1)
           : t == MatrixType::kInt8 ? static_cast<const void*>(&i1)
                                    : static_cast<const void*>(&f1);
  }
  const void* Beta(MatrixType t) const {
    return t == MatrixType::kFp64 ? static_cast<const void*>(&d0)
           : t == MatrixType::kInt8 ? static_cast<const void*>(&i0)
                                    : static_cast<const void*>(&f0);
  }
};

class CublasBlas final : public MatrixBlas {
 public:
  bool Load(void* lib, std::string* error) {
    return Resolve(lib, "cublasCreate_v2", &create_, error) &&
           Resolve(lib, "cublasDestroy_v2", &destroy_, error) &&
           Resolve(lib, "cublasSetStream_v2", &set_stream_, error) &&
           Resolve(lib, "cublasGemmEx", &gemm_, error);
  }
  ~CublasBlas() override {
    if (handle_ != nullptr) destroy_(handle_);
  }
  std::optional<std::string> Prepare(const GemmSetup& s) override {
    if (s.type == MatrixType::kFp8E4m3) return std::string("fp8 needs cublasLt");
    if (handle_ == nullptr) {
      if (const int st = create_(&handle_); st != 0) {
        handle_ = nullptr;
        return BlasStatusText("cublas", "cublasCreate_v2", st);
      }
    }
    if (const int st = set_stream_(handle_, s.stream); st != 0) {
      return BlasStatusText("cublas", "cublasSetStream_v2", st);
    }
    setup_ = s;
    return std::nullopt;
  }
  std::optional<std::string> Run(void* d) override {
    const MatrixType t = setup_.type;
    int in = abi::CUDA_R_32F, out = abi::CUDA_R_32F, compute = abi::CUBLAS_COMPUTE_32F;
    switch (t) {
      case MatrixType::kBf16:
        in = out = abi::CUDA_R_16BF;
        break;
      case MatrixType::kFp16:
        in = out = abi::CUDA_R_16F;
        break;
      case MatrixType::kFp64:
        in = out = abi::CUDA_R_64F;
        compute = abi::CUBLAS_COMPUTE_64F;
        break;
      case MatrixType::kInt8:
        in = abi::CUDA_R_8I;
        out = abi::CUDA_R_32I;
        compute = abi::CUBLAS_COMPUTE_32I;
        break;
      default:
        break;
    }
    const int st = gemm_(handle_, abi::CUBLAS_OP_T, abi::CUBLAS_OP_N, setup_.m, setup_.n, setup_.k,
                         scalars_.Alpha(t), setup_.a, in, setup_.k, setup_.b, in, setup_.k,
                         scalars_.Beta(t), d, out, setup_.m, compute, abi::CUBLAS_GEMM_DEFAULT);
    if (st != 0) return BlasStatusText("cublas", "cublasGemmEx", st);
    return std::nullopt;
  }
  bool OffersFp8() const override { return false; }
  const char* RunCall() const override { return "cublasGemmEx"; }

  abi::CublasCreate create_ = nullptr;
  abi::CublasDestroy destroy_ = nullptr;
  abi::CublasSetStream set_stream_ = nullptr;
  abi::CublasGemmEx gemm_ = nullptr;
  void* handle_ = nullptr;
  GemmSetup setup_{};
  Scalars scalars_;
};

class RocblasBlas final : public MatrixBlas {
 public:
  bool Load(void* lib, std::string* error) {
    return Resolve(lib, "rocblas_create_handle", &create_, error) &&
           Resolve(lib, "rocblas_destroy_handle", &destroy_, error) &&
           Resolve(lib, "rocblas_set_stream", &set_stream_, error) &&
           Resolve(lib, "rocblas_set_atomics_mode", &set_atomics_, error) &&
           Resolve(lib, "rocblas_gemm_ex", &gemm_, error);
  }
  ~RocblasBlas() override {
    if (handle_ != nullptr) destroy_(handle_);
  }
  std::optional<std::string> Prepare(const GemmSetup& s) override {
    if (s.type == MatrixType::kFp8E4m3) return std::string("fp8 needs hipblaslt");
    if (handle_ == nullptr) {
      if (const int st = create_(&handle_); st != 0) {
        handle_ = nullptr;
        return BlasStatusText("rocblas", "rocblas_create_handle", st);
      }
      // Atomics (split-K reductions) make results differ run to run; the repeat check needs
      // bit-identical results.
      if (const int st = set_atomics_(handle_, abi::rocblas_atomics_not_allowed); st != 0) {
        return BlasStatusText("rocblas", "rocblas_set_atomics_mode", st);
      }
    }
    if (const int st = set_stream_(handle_, s.stream); st != 0) {
      return BlasStatusText("rocblas", "rocblas_set_stream", st);
    }
    setup_ = s;
    return std::nullopt;
  }
  std::optional<std::string> Run(void* d) override {
    const MatrixType t = setup_.type;
    int in = abi::rocblas_datatype_f32_r, out = in, compute = in;
    switch (t) {
      case MatrixType::kBf16:
        in = out = abi::rocblas_datatype_bf16_r;
        break;
      case MatrixType::kFp16:
        in = out = abi::rocblas_datatype_f16_r;
        break;
      case MatrixType::kFp64:
        in = out = compute = abi::rocblas_datatype_f64_r;
        break;
      case MatrixType::kInt8:
        in = abi::rocblas_datatype_i8_r;
        out = compute = abi::rocblas_datatype_i32_r;
        break;
      default:
        break;
    }
    const int st = gemm_(handle_, abi::rocblas_operation_transpose, abi::rocblas_operation_none,
                         setup_.m, setup_.n, setup_.k, scalars_.Alpha(t), setup_.a, in, setup_.k,
                         setup_.b, in, setup_.k, scalars_.Beta(t), d, out, setup_.m, d, out,
                         setup_.m, compute, abi::rocblas_gemm_algo_standard, 0, 0);
    if (st != 0) return BlasStatusText("rocblas", "rocblas_gemm_ex", st);
    return std::nullopt;
  }
  bool OffersFp8() const override { return false; }
  const char* RunCall() const override { return "rocblas_gemm_ex"; }

  abi::RocblasCreateHandle create_ = nullptr;
  abi::RocblasDestroyHandle destroy_ = nullptr;
  abi::RocblasSetStream set_stream_ = nullptr;
  abi::RocblasSetAtomicsMode set_atomics_ = nullptr;
  abi::RocblasGemmEx gemm_ = nullptr;
  void* handle_ = nullptr;
  GemmSetup setup_{};
  Scalars scalars_;
};

}  // namespace

std::unique_ptr<MatrixBlas> MakeGemmExBlas(BlasVendor vendor, void* library, BlasInfo& info,
                                           std::string* error) {
  if (vendor == BlasVendor::kNvidia) {
    auto blas = std::make_unique<CublasBlas>();
    if (!blas->Load(library, error)) return nullptr;
    info.api = "cublas";  // cublasGetVersion_v2 needs a handle: version stays null
    return blas;
  }
  auto blas = std::make_unique<RocblasBlas>();
  if (!blas->Load(library, error)) return nullptr;
  info.api = "rocblas";
  return blas;
}

}  // namespace rocm_doctor::hip_helper
