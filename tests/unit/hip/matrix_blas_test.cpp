// SPDX-License-Identifier: MIT
// Loading the vendor BLAS with dlopen: a missing or wrong library is data for the JSON
// (params.blas), never a crash. Runs on machines without any BLAS.
#include "hip/bench/matrix_blas.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace rocm_doctor::hip_helper {
namespace {

TEST(MatrixBlas, DefaultCandidatesAreTheVendorsSonames) {
  const BlasCandidates nvidia = DefaultBlasCandidates(BlasVendor::kNvidia);
  ASSERT_FALSE(nvidia.primary.empty());
  EXPECT_EQ(nvidia.primary.front(), "libcublasLt.so.13");
  EXPECT_EQ(nvidia.fallback.front(), "libcublas.so.13");
  const BlasCandidates amd = DefaultBlasCandidates(BlasVendor::kAmd);
  EXPECT_EQ(amd.primary.front(), "libhipblaslt.so.0");
  EXPECT_EQ(amd.fallback.back(), "librocblas.so");
}

TEST(MatrixBlas, MissingLibrariesAreRecordedWithTheirDlerror) {
  for (const BlasVendor vendor : {BlasVendor::kNvidia, BlasVendor::kAmd}) {
    const OpenedBlas opened = OpenMatrixBlasFrom(
        vendor, {{"librocmdoc-no-such-lt.so.0"}, {"librocmdoc-no-such-blas.so.0"}});
    EXPECT_EQ(opened.blas, nullptr);
    EXPECT_FALSE(opened.info.loaded);
    EXPECT_FALSE(opened.info.api);
    ASSERT_EQ(opened.info.tried.size(), 2u);
    EXPECT_EQ(opened.info.tried[0].library, "librocmdoc-no-such-lt.so.0");
    ASSERT_TRUE(opened.info.tried[1].error);
    EXPECT_NE(opened.info.tried[1].error->find("librocmdoc-no-such-blas.so.0"), std::string::npos);

    const nlohmann::json doc = nlohmann::json::parse(BlasInfoJson(opened.info));
    EXPECT_TRUE(doc["loaded"].is_null());
    EXPECT_TRUE(doc["version"].is_null());
    EXPECT_TRUE(doc["api"].is_null());
    ASSERT_EQ(doc["tried"].size(), 2u);
    EXPECT_EQ(doc["tried"][0]["library"], "librocmdoc-no-such-lt.so.0");
    EXPECT_TRUE(doc["tried"][0]["error"].is_string());
  }
}

TEST(MatrixBlas, ALibraryWithoutTheEntryPointsIsRefusedByName) {
  // libm loads everywhere and exports no BLAS.
  const OpenedBlas opened =
      OpenMatrixBlasFrom(BlasVendor::kNvidia, {{"libm.so.6"}, {"libm.so.6"}});
  EXPECT_EQ(opened.blas, nullptr);
  ASSERT_EQ(opened.info.tried.size(), 2u);
  ASSERT_TRUE(opened.info.tried[0].error);
  EXPECT_EQ(opened.info.tried[0].error->rfind("dlsym cublasLtCreate", 0), 0u)
      << *opened.info.tried[0].error;
  ASSERT_TRUE(opened.info.tried[1].error);
  EXPECT_EQ(opened.info.tried[1].error->rfind("dlsym cublasCreate_v2", 0), 0u);

  const OpenedBlas amd = OpenMatrixBlasFrom(BlasVendor::kAmd, {{"libm.so.6"}, {"libm.so.6"}});
  ASSERT_TRUE(amd.info.tried[0].error);
  EXPECT_EQ(amd.info.tried[0].error->rfind("dlsym hipblasLtCreate", 0), 0u);
  EXPECT_EQ(amd.info.tried[1].error->rfind("dlsym rocblas_create_handle", 0), 0u);
}

TEST(MatrixBlas, StatusTextsNameTheVendorsStatus) {
  EXPECT_EQ(BlasStatusText("cublasLt", "cublasLtMatmulAlgoGetHeuristic", 15),
            "cublasLtMatmulAlgoGetHeuristic: status 15 (CUBLAS_STATUS_NOT_SUPPORTED)");
  EXPECT_EQ(BlasStatusText("hipblaslt", "hipblasLtMatmul", 7),
            "hipblasLtMatmul: status 7 (HIPBLAS_STATUS_NOT_SUPPORTED)");
  EXPECT_EQ(BlasStatusText("rocblas", "rocblas_gemm_ex", 2),
            "rocblas_gemm_ex: status 2 (rocblas_status_not_implemented)");
  EXPECT_EQ(BlasStatusText("cublas", "cublasGemmEx", 999), "cublasGemmEx: status 999");
}

}  // namespace
}  // namespace rocm_doctor::hip_helper
