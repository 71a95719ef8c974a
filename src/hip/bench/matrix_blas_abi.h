// SPDX-License-Identifier: MIT
#pragma once
// The few functions, types and enum values of the vendor BLAS libraries the matrix family calls,
// declared here because the helper loads them with dlopen and builds where no BLAS headers exist.
// Every value is the vendor header's; the header is named beside it. Pointers to the GPU stream
// are `void*` (cudaStream_t and hipStream_t are both pointers).
#include <cstddef>
#include <cstdint>

namespace rocm_doctor::hip_helper::blas_abi {

// ---- NVIDIA: cuda/include/library_types.h (cudaDataType_t) --------------------------------
inline constexpr int CUDA_R_32F = 0;
inline constexpr int CUDA_R_64F = 1;
inline constexpr int CUDA_R_16F = 2;
inline constexpr int CUDA_R_8I = 3;
inline constexpr int CUDA_R_32I = 10;
inline constexpr int CUDA_R_16BF = 14;
inline constexpr int CUDA_R_8F_E4M3 = 28;
// cublas_api.h: cublasComputeType_t, cublasOperation_t, cublasGemmAlgo_t, cublasStatus_t
inline constexpr int CUBLAS_COMPUTE_32F = 68;  // not _FAST_TF32 (77): no TF32 downgrade
inline constexpr int CUBLAS_COMPUTE_64F = 70;
inline constexpr int CUBLAS_COMPUTE_32I = 72;
inline constexpr int CUBLAS_OP_N = 0;
inline constexpr int CUBLAS_OP_T = 1;
inline constexpr int CUBLAS_GEMM_DEFAULT = -1;
// cublasLt.h: cublasLtMatmulDescAttributes_t, cublasLtMatmulPreferenceAttributes_t
inline constexpr int CUBLASLT_MATMUL_DESC_TRANSA = 3;
inline constexpr int CUBLASLT_MATMUL_DESC_TRANSB = 4;
inline constexpr int CUBLASLT_MATMUL_DESC_A_SCALE_POINTER = 17;
inline constexpr int CUBLASLT_MATMUL_DESC_B_SCALE_POINTER = 18;
inline constexpr int CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES = 1;  // uint64_t

// cublasLt.h: cublasLtMatmulAlgo_t { uint64_t data[8]; } and cublasLtMatmulHeuristicResult_t.
struct CublasLtAlgo {
  std::uint64_t data[8];
};
struct CublasLtHeuristicResult {
  CublasLtAlgo algo;
  std::size_t workspace_size;
  int state;
  float waves_count;
  int reserved[4];
};
static_assert(sizeof(CublasLtHeuristicResult) == 96, "cublasLtMatmulHeuristicResult_t is 96 B");

using CublasLtCreate = int (*)(void** handle);
using CublasLtDestroy = int (*)(void* handle);
using CublasLtGetVersion = std::size_t (*)();
using CublasLtMatmulDescCreate = int (*)(void** desc, int compute_type, int scale_type);
using CublasLtMatmulDescDestroy = int (*)(void* desc);
using CublasLtMatmulDescSetAttribute = int (*)(void* desc, int attr, const void* buf,
                                               std::size_t size);
using CublasLtMatrixLayoutCreate = int (*)(void** layout, int type, std::uint64_t rows,
                                           std::uint64_t cols, std::int64_t ld);
using CublasLtMatrixLayoutDestroy = int (*)(void* layout);
using CublasLtMatmulPreferenceCreate = int (*)(void** pref);
using CublasLtMatmulPreferenceDestroy = int (*)(void* pref);
using CublasLtMatmulPreferenceSetAttribute = int (*)(void* pref, int attr, const void* buf,
                                                     std::size_t size);
using CublasLtMatmulAlgoGetHeuristic = int (*)(void* handle, void* desc, void* a, void* b, void* c,
                                               void* d, void* pref, int requested,
                                               CublasLtHeuristicResult* results, int* returned);
using CublasLtMatmul = int (*)(void* handle, void* desc, const void* alpha, const void* a,
                               void* a_layout, const void* b, void* b_layout, const void* beta,
                               const void* c, void* c_layout, void* d, void* d_layout,
                               const CublasLtAlgo* algo, void* workspace, std::size_t workspace_size,
                               void* stream);
// cublas_api.h (the _v2 entry points the library exports)
using CublasCreate = int (*)(void** handle);
using CublasDestroy = int (*)(void* handle);
using CublasSetStream = int (*)(void* handle, void* stream);
using CublasGetVersion = int (*)(void* handle, int* version);
using CublasGemmEx = int (*)(void* handle, int transa, int transb, int m, int n, int k,
                             const void* alpha, const void* a, int a_type, int lda, const void* b,
                             int b_type, int ldb, const void* beta, void* c, int c_type, int ldc,
                             int compute_type, int algo);

// ---- AMD: hip/library_types.h (hipDataType, ROCm 6.x) ---------------------------------------
inline constexpr int HIP_R_32F = 0;
inline constexpr int HIP_R_64F = 1;
inline constexpr int HIP_R_16F = 2;
inline constexpr int HIP_R_8I = 3;
inline constexpr int HIP_R_32I = 10;
inline constexpr int HIP_R_16BF = 14;
inline constexpr int HIP_R_8F_E4M3 = 28;         // OCP, gfx950 / gfx12
inline constexpr int HIP_R_8F_E4M3_FNUZ = 1000;  // gfx942 (MI300)
// hipblas-common/hipblas-common.h: hipblasComputeType_t, hipblasOperation_t
inline constexpr int HIPBLAS_COMPUTE_32F = 2;
inline constexpr int HIPBLAS_COMPUTE_64F = 7;
inline constexpr int HIPBLAS_COMPUTE_32I = 9;
inline constexpr int HIPBLAS_OP_N = 111;
inline constexpr int HIPBLAS_OP_T = 112;
// hipblaslt/hipblaslt.h: hipblasLtMatmulDescAttributes_t, hipblasLtMatmulPreferenceAttributes_t
inline constexpr int HIPBLASLT_MATMUL_DESC_TRANSA = 0;
inline constexpr int HIPBLASLT_MATMUL_DESC_TRANSB = 1;
inline constexpr int HIPBLASLT_MATMUL_DESC_A_SCALE_POINTER = 5;
inline constexpr int HIPBLASLT_MATMUL_DESC_B_SCALE_POINTER = 6;
inline constexpr int HIPBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES = 1;  // uint64_t

// hipblaslt/hipblaslt.h: hipblasLtMatmulAlgo_t and hipblasLtMatmulHeuristicResult_t.
struct HipblasLtAlgo {
  std::uint8_t data[16];
  std::size_t max_workspace_bytes;
};
struct HipblasLtHeuristicResult {
  HipblasLtAlgo algo;
  std::size_t workspace_size;
  int state;
  float waves_count;
  int reserved[4];
};
static_assert(sizeof(HipblasLtHeuristicResult) == 56, "hipblasLtMatmulHeuristicResult_t is 56 B");

// The hipblasLt* entry points have the cublasLt* shapes above (handle, desc, layout, preference),
// except hipblasLtGetVersion(handle, int*), and the heuristic's result type.
using HipblasLtGetVersion = int (*)(void* handle, int* version);
using HipblasLtMatmulAlgoGetHeuristic = int (*)(void* handle, void* desc, void* a, void* b,
                                                void* c, void* d, void* pref, int requested,
                                                HipblasLtHeuristicResult* results, int* returned);
using HipblasLtMatmul = int (*)(void* handle, void* desc, const void* alpha, const void* a,
                                void* a_layout, const void* b, void* b_layout, const void* beta,
                                const void* c, void* c_layout, void* d, void* d_layout,
                                const HipblasLtAlgo* algo, void* workspace,
                                std::size_t workspace_size, void* stream);

// rocblas/internal/rocblas-types.h: rocblas_datatype, rocblas_operation, rocblas_gemm_algo,
// rocblas_atomics_mode
inline constexpr int rocblas_datatype_f16_r = 150;
inline constexpr int rocblas_datatype_f32_r = 151;
inline constexpr int rocblas_datatype_f64_r = 152;
inline constexpr int rocblas_datatype_i8_r = 160;
inline constexpr int rocblas_datatype_i32_r = 162;
inline constexpr int rocblas_datatype_bf16_r = 168;
inline constexpr int rocblas_operation_none = 111;
inline constexpr int rocblas_operation_transpose = 112;
inline constexpr int rocblas_gemm_algo_standard = 0;
inline constexpr int rocblas_atomics_not_allowed = 0;  // bit-reproducible results
using RocblasCreateHandle = int (*)(void** handle);
using RocblasDestroyHandle = int (*)(void* handle);
using RocblasSetStream = int (*)(void* handle, void* stream);
using RocblasSetAtomicsMode = int (*)(void* handle, int mode);
using RocblasGemmEx = int (*)(void* handle, int trans_a, int trans_b, int m, int n, int k,
                              const void* alpha, const void* a, int a_type, int lda, const void* b,
                              int b_type, int ldb, const void* beta, const void* c, int c_type,
                              int ldc, void* d, int d_type, int ldd, int compute_type, int algo,
                              std::int32_t solution_index, std::uint32_t flags);

}  // namespace rocm_doctor::hip_helper::blas_abi
