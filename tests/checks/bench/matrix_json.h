// SPDX-License-Identifier: MIT
#pragma once
// Hand-made matrix.* entries of `rocm-doctor-hip --bench` in the format of docs/hip-helper.md
// ("Matrix engines"): params with the shape, types, BLAS, pattern, verification counts, the
// telemetry object and the sustained clock.
#include <string>

#include "checks/bench/bench_json.h"

namespace rocm_doctor::testing {

inline constexpr char kRandomPattern[] =
    "uniform random in [-1, 1), |x| < 1/64 raised to 1/64, splitmix64 seeds 1 (A) and 2 (B), "
    "rounded to the input type";

// A telemetry object: `throttle` is the JSON array of reasons.
inline std::string TelemetryJson(double power_median, double power_limit, double temp_max,
                                 const std::string& throttle = "[]", double sclk = 1320,
                                 const std::string& mem_temp = "null") {
  char text[1024];
  std::snprintf(text, sizeof text,
                R"({"source":"sysfs","interval_ms":20,"count":40,)"
                R"("power_w":{"min":%.1f,"median":%.1f,"max":%.1f},"power_limit_w":%.1f,)"
                R"("temperature_c":{"min":60,"median":%.0f,"max":%.0f},)"
                R"("memory_temperature_c":%s,)"
                R"("sclk_mhz":{"min":%.0f,"median":%.0f,"max":2100},)"
                R"("mclk_mhz":{"min":1300,"median":1300,"max":1300},"throttle":%s,"error":null})",
                power_median * 0.9, power_median, power_median * 1.02, power_limit, temp_max - 3,
                temp_max, mem_temp.c_str(), sclk - 100, sclk, throttle.c_str());
  return text;
}

// One matrix entry: `name` like "matrix.bf16_gst"; verification counts as given.
inline FakeBenchmark Matrix(const std::string& name, const std::string& dtype, double median,
                            const std::string& telemetry, int sustained_clock = 1320,
                            const std::string& status = "ok", int wrong = 0, int nan = 0,
                            int repeat = 0) {
  const bool gst = name.find("_gst") != std::string::npos;
  const std::string m = gst ? "4864" : "8192", n = gst ? "4096" : "8192";
  const bool int8 = dtype == "int8";
  FakeBenchmark b{name, int8 ? "OP/s" : "FLOP/s", median * 1.01, median, median * 0.99, status};
  if (status == "verify_failed") {
    b.reason_json = "\"" + std::to_string(wrong) + " of 1024 sampled elements wrong, " +
                    std::to_string(nan) + " NaN, " + std::to_string(repeat) +
                    " element differs between two runs of the same GEMM\"";
  }
  b.params = R"({"m":)" + m + R"(,"n":)" + n + R"(,"k":8192,"dtype":")" + dtype +
             R"(","out_dtype":")" + (int8 ? "int32" : dtype) + R"(","compute_type":")" +
             (int8 ? "int32" : "fp32") +
             R"(","tf32":false,"blas":{"loaded":"libhipblaslt.so.0","version":100000,)"
             R"("api":"hipblaslt","tried":[{"library":"libhipblaslt.so.0","error":null}]},)"
             R"("pattern":")" + kRandomPattern + R"(","checked_elements":1024,"wrong_elements":)" +
             std::to_string(wrong) + R"(,"nan_elements":)" + std::to_string(nan) +
             R"(,"max_rel_error":0.0031,"tolerance":0.21,)"
             R"x("tolerance_basis":"u_out*|ref| + 8*sqrt(K)*u_acc*sum|a*b| (Higham & Mary 2019)",)x"
             R"("repeat_mismatches":)" + std::to_string(repeat) + R"(,"first_wrong":)" +
             (wrong ? R"([{"row":0,"col":0,"expected":1.5,"got":1001.5}])" : "[]") +
             R"(,"telemetry":)" + telemetry + R"(,"sustained_clock_mhz":)" +
             (sustained_clock > 0 ? std::to_string(sustained_clock) : std::string("null")) + "}";
  return b;
}

// Every matrix.* entry skipped because no BLAS could be loaded (dlerror text as glibc words it).
inline FakeBenchmark NoBlas(const std::string& name) {
  FakeBenchmark b{name, name.find("int8") != std::string::npos ? "OP/s" : "FLOP/s", 0, 0, 0,
                  "skipped", R"("no BLAS library could be loaded")"};
  b.params =
      R"({"m":8192,"n":8192,"k":8192,"blas":{"loaded":null,"version":null,"api":null,"tried":[)"
      R"({"library":"libhipblaslt.so.0","error":"libhipblaslt.so.0: cannot open shared object )"
      R"(file: No such file or directory"},{"library":"libhipblaslt.so","error":"libhipblaslt.so: )"
      R"(cannot open shared object file: No such file or directory"},{"library":"librocblas.so.4",)"
      R"("error":"librocblas.so.4: cannot open shared object file: No such file or directory"}]}})";
  return b;
}

}  // namespace rocm_doctor::testing
