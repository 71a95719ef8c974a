// SPDX-License-Identifier: MIT
// Loading the vendor BLAS with dlopen: the candidate names per vendor, the attempts recorded for
// the JSON, status names.
#include "hip/bench/matrix_blas.h"

#include <dlfcn.h>

#include <array>
#include <utility>

#include "hip/json_writer.h"

namespace rocm_doctor::hip_helper {

BlasCandidates DefaultBlasCandidates(BlasVendor vendor) {
  if (vendor == BlasVendor::kNvidia) {
    // CUDA 13 and 12 sonames (cuBLAS's soname carries the CUDA major), then the dev symlink.
    return {{"libcublasLt.so.13", "libcublasLt.so.12", "libcublasLt.so"},
            {"libcublas.so.13", "libcublas.so.12", "libcublas.so"}};
  }
  return {{"libhipblaslt.so.0", "libhipblaslt.so"},
          {"librocblas.so.4", "librocblas.so.3", "librocblas.so"}};
}

namespace {

OpenedBlas TryList(BlasVendor vendor, const std::vector<std::string>& names, bool lt,
                   OpenedBlas opened) {
  for (const std::string& name : names) {
    dlerror();
    void* library = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) {
      const char* why = dlerror();
      opened.info.tried.push_back({name, std::string(why != nullptr ? why : "dlopen failed")});
      continue;
    }
    std::string error;
    std::unique_ptr<MatrixBlas> blas = lt ? MakeLtBlas(vendor, library, opened.info, &error)
                                          : MakeGemmExBlas(vendor, library, opened.info, &error);
    if (!blas) {
      opened.info.tried.push_back({name, error});
      dlclose(library);
      continue;
    }
    // The library stays loaded for the life of the process (no dlclose: its own exit handlers
    // may run after ours).
    opened.info.tried.push_back({name, std::nullopt});
    opened.info.loaded = name;
    opened.blas = std::move(blas);
    return opened;
  }
  return opened;
}

}  // namespace

OpenedBlas OpenMatrixBlasFrom(BlasVendor vendor, const BlasCandidates& candidates) {
  OpenedBlas opened;
  opened = TryList(vendor, candidates.primary, true, std::move(opened));
  if (opened.blas) return opened;
  opened = TryList(vendor, candidates.fallback, false, std::move(opened));
  if (!opened.blas) {
    opened.info.api.reset();
    opened.info.version.reset();
  }
  return opened;
}

OpenedBlas OpenMatrixBlas(BlasVendor vendor) {
  return OpenMatrixBlasFrom(vendor, DefaultBlasCandidates(vendor));
}

std::string BlasInfoJson(const BlasInfo& info) {
  JsonWriter json;
  json.BeginObject();
  json.Key("loaded").NullableString(info.loaded);
  json.Key("version").NullableInt(info.version);
  json.Key("api").NullableString(info.api);
  json.Key("tried").BeginArray();
  for (const BlasAttempt& attempt : info.tried) {
    json.BeginObject();
    json.Key("library").String(attempt.library);
    json.Key("error").NullableString(attempt.error);
    json.EndObject();
  }
  json.EndArray();
  json.EndObject();
  return json.str();
}

std::string BlasStatusName(const std::string& api, int status) {
  using Names = std::array<std::pair<int, const char*>, 16>;
  // cublas_api.h cublasStatus_t
  static constexpr Names kCublas = {{{0, "CUBLAS_STATUS_SUCCESS"},
                                     {1, "CUBLAS_STATUS_NOT_INITIALIZED"},
                                     {3, "CUBLAS_STATUS_ALLOC_FAILED"},
                                     {7, "CUBLAS_STATUS_INVALID_VALUE"},
                                     {8, "CUBLAS_STATUS_ARCH_MISMATCH"},
                                     {11, "CUBLAS_STATUS_MAPPING_ERROR"},
                                     {13, "CUBLAS_STATUS_EXECUTION_FAILED"},
                                     {14, "CUBLAS_STATUS_INTERNAL_ERROR"},
                                     {15, "CUBLAS_STATUS_NOT_SUPPORTED"},
                                     {16, "CUBLAS_STATUS_LICENSE_ERROR"}}};
  // hipblas-common.h hipblasStatus_t
  static constexpr Names kHipblas = {{{0, "HIPBLAS_STATUS_SUCCESS"},
                                      {1, "HIPBLAS_STATUS_NOT_INITIALIZED"},
                                      {2, "HIPBLAS_STATUS_ALLOC_FAILED"},
                                      {3, "HIPBLAS_STATUS_INVALID_VALUE"},
                                      {4, "HIPBLAS_STATUS_MAPPING_ERROR"},
                                      {5, "HIPBLAS_STATUS_EXECUTION_FAILED"},
                                      {6, "HIPBLAS_STATUS_INTERNAL_ERROR"},
                                      {7, "HIPBLAS_STATUS_NOT_SUPPORTED"},
                                      {8, "HIPBLAS_STATUS_ARCH_MISMATCH"},
                                      {9, "HIPBLAS_STATUS_HANDLE_IS_NULLPTR"},
                                      {10, "HIPBLAS_STATUS_INVALID_ENUM"},
                                      {11, "HIPBLAS_STATUS_UNKNOWN"}}};
  // rocblas-types.h rocblas_status
  static constexpr Names kRocblas = {{{0, "rocblas_status_success"},
                                      {1, "rocblas_status_invalid_handle"},
                                      {2, "rocblas_status_not_implemented"},
                                      {3, "rocblas_status_invalid_pointer"},
                                      {4, "rocblas_status_invalid_size"},
                                      {5, "rocblas_status_memory_error"},
                                      {6, "rocblas_status_internal_error"},
                                      {7, "rocblas_status_perf_degraded"},
                                      {11, "rocblas_status_invalid_value"},
                                      {14, "rocblas_status_excluded_from_build"},
                                      {15, "rocblas_status_arch_mismatch"}}};
  const Names* names = api == "hipblaslt" ? &kHipblas : api == "rocblas" ? &kRocblas : &kCublas;
  for (const auto& [value, name] : *names) {
    if (name != nullptr && value == status) return name;
  }
  return "";
}

std::string BlasStatusText(const std::string& api, const char* call, int status) {
  std::string text = std::string(call) + ": status " + std::to_string(status);
  const std::string name = BlasStatusName(api, status);
  if (!name.empty()) text += " (" + name + ")";
  return text;
}

}  // namespace rocm_doctor::hip_helper
