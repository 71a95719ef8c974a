# SPDX-License-Identifier: MIT
"""Recorded `rocm-doctor-hip --bench --level quick` runs with the matrix family (issue 17), for
the records tools/machines/records/bench_matrix_*.py and mi300x_bench_matrix.py: the healthy
MI300X run of scenarios/bench.py plus the 12 `matrix.*` entries in the helper's format
(docs/hip-helper.md "Matrix engines": params with the shape, types, BLAS, pattern, verification
counts, telemetry and sustained clock; top-level elapsed_s). Hand-made: no MI300X was lent."""
from .bench import BENCH_ARGV, bench_json, bench_result, mi300x_bench_results

PATTERN = ("uniform random in [-1, 1), |x| < 1/64 raised to 1/64, splitmix64 seeds 1 (A) and 2 "
           "(B), rounded to the input type")
INT8_PATTERN = "uniform random in [-8, 8] without 0, splitmix64 seeds 1 (A) and 2 (B)"

# name -> (dtype, out_dtype, compute_type, healthy median in FLOP/s or OP/s). Above RVS's GST
# floors for MI300X (random input: bf16 581, fp16 639, fp8 1215 TFLOP/s; dgemm 70) and below the
# datasheet peaks (1307 bf16/fp16, 2615 fp8/int8, 163.4 fp64/fp32 matrix TFLOP/s).
HEALTHY = {
    "matrix.bf16": ("bf16", "bf16", "fp32", 640e12),
    "matrix.fp16": ("fp16", "fp16", "fp32", 662e12),
    "matrix.fp32": ("fp32", "fp32", "fp32", 121e12),
    "matrix.fp64": ("fp64", "fp64", "fp64", 88.4e12),
    "matrix.fp8": ("fp8_e4m3", "bf16", "fp32", 1296e12),
    "matrix.int8": ("int8", "int32", "int32", 1281e12),
    "matrix.bf16_gst": ("bf16", "bf16", "fp32", 616e12),
    "matrix.fp16_gst": ("fp16", "fp16", "fp32", 651e12),
    "matrix.fp32_gst": ("fp32", "fp32", "fp32", 113e12),
    "matrix.fp64_gst": ("fp64", "fp64", "fp64", 84.9e12),
    "matrix.fp8_gst": ("fp8_e4m3", "bf16", "fp32", 1252e12),
    "matrix.int8_gst": ("int8", "int32", "int32", 1230e12),
}
TOLERANCE_BASIS = {
    "bf16": "u_out=2^-8, u_acc=2^-24", "fp16": "u_out=2^-11, u_acc=2^-24",
    "fp32": "u_out=2^-24, u_acc=2^-24", "fp64": "u_out=2^-53, u_acc=2^-53",
    "fp8_e4m3": "u_out=2^-8, u_acc=2^-13", "int8": "exact",
}
BLAS = {"loaded": "libhipblaslt.so.0", "version": 100000, "api": "hipblaslt",
        "tried": [{"library": "libhipblaslt.so.0", "error": None}]}
NO_BLAS_TRIED = [
    {"library": name, "error": f"{name}: cannot open shared object file: No such file or "
                               "directory"}
    for name in ("libhipblaslt.so.0", "libhipblaslt.so", "librocblas.so.4", "librocblas.so.3",
                 "librocblas.so")]


def telemetry(power, limit, temp, sclk, *, mclk=1300, mem_temp=None, throttle=(), count=40):
    """The telemetry object as the HIP helper's sysfs sampler writes it: hwmon power1_average
    (W), power1_cap, temp2_input (junction), temp3_input (HBM), pp_dpm_sclk/mclk, gpu_metrics'
    indep_throttle_status bits by their SMU_THROTTLER_* names."""
    def rng(lo, mid, hi):
        return {"min": lo, "median": mid, "max": hi}
    return {"source": "sysfs", "interval_ms": 20, "count": count,
            "power_w": rng(round(power * 0.93, 1), power, round(min(power * 1.01, limit), 1)),
            "power_limit_w": limit, "temperature_c": rng(temp - 9, temp - 2, temp),
            "memory_temperature_c": rng(mem_temp - 6, mem_temp - 2, mem_temp) if mem_temp
            else rng(61, 66, 69),
            "sclk_mhz": rng(sclk - 120, sclk, min(sclk + 300, 2100)),
            "mclk_mhz": rng(mclk, mclk, mclk),
            "throttle": [{"reason": r, "fraction": f, "raw": raw} for r, f, raw in throttle],
            "error": None}


HEALTHY_TELEMETRY = telemetry(734.0, 750.0, 84, 1392, throttle=[("power_cap", 0.35, "PPT0")])


def matrix_entry(name, median, tel, *, wrong=0, nan=0, repeat=0, clock=None):
    dtype, out_dtype, compute, _ = HEALTHY[name]
    gst = name.endswith("_gst")
    m, n, k = (4864, 4096, 8192) if gst else (8192, 8192, 8192)
    bad = wrong or nan or repeat
    sclk = clock if clock is not None else tel["sclk_mhz"]["median"]
    ops = 2 * m * n * k
    iterations = max(1, round(0.025 * median / ops))
    first_wrong = [{"row": 0, "col": 4095 if gst else 8191, "expected": 0.8713,
                    "got": 3.2769e4}][:wrong]
    params = {
        "m": m, "n": n, "k": k, "dtype": dtype, "out_dtype": out_dtype, "compute_type": compute,
        "tf32": False, "blas": BLAS, "layout": "TN column-major, lda=K ldb=K ldc=M",
        "pattern": INT8_PATTERN if dtype == "int8" else PATTERN,
        "workspace_bytes": 33554432, "gemm_seconds_untimed": round(ops / median * 1.8, 6),
        "checked_elements": 1024, "wrong_elements": wrong, "nan_elements": nan,
        "max_rel_error": None if dtype == "int8" else (0.21 if wrong else 0.0029),
        "max_error_over_tolerance": 37.5 if wrong else (0.0 if dtype == "int8" else 0.041),
        "tolerance": 0.0 if dtype == "int8" else 0.083,
        "tolerance_basis": "exact (int32 accumulation)" if dtype == "int8" else
        "u_out*|ref| + 8*sqrt(K)*u_acc*sum|a*b| (Higham & Mary 2019), " + TOLERANCE_BASIS[dtype],
        "repeat_mismatches": repeat, "first_wrong": first_wrong, "telemetry": tel,
        "sustained_clock_mhz": sclk}
    unit = "OP/s" if dtype == "int8" else "FLOP/s"
    r = bench_result(name, unit, round(median * 1.006, -9), median, round(median * 0.991, -9),
                     samples=5, iterations=iterations, clock=sclk, verified=not bad,
                     params=params)
    if bad:
        r["status"] = "verify_failed"
        r["reason"] = (f"{wrong} of 1024 sampled elements wrong, {nan} NaN, {repeat} element"
                       f"{'' if repeat == 1 else 's'} differ{'s' if repeat == 1 else ''} between "
                       "two runs of the same GEMM")
    return r


def matrix_entries(scale=1.0, tel=HEALTHY_TELEMETRY, corrupt=None):
    """The 12 entries; `scale` multiplies every figure, `corrupt` = (name, wrong, nan, repeat)."""
    out = []
    for name, (_, _, _, median) in HEALTHY.items():
        kw = {}
        if corrupt and corrupt[0] == name:
            kw = {"wrong": corrupt[1], "nan": corrupt[2], "repeat": corrupt[3]}
        out.append(matrix_entry(name, round(median * scale, -9), tel, **kw))
    return out


def no_blas_entries():
    out = []
    for name, (dtype, out_dtype, compute, _) in HEALTHY.items():
        gst = name.endswith("_gst")
        m, n, k = (4864, 4096, 8192) if gst else (8192, 8192, 8192)
        params = {"m": m, "n": n, "k": k, "dtype": dtype, "out_dtype": out_dtype,
                  "compute_type": compute, "tf32": False,
                  "blas": {"loaded": None, "version": None, "api": None, "tried": NO_BLAS_TRIED},
                  "pattern": INT8_PATTERN if dtype == "int8" else PATTERN}
        out.append(bench_result(name, "OP/s" if dtype == "int8" else "FLOP/s", status="skipped",
                                reason="no BLAS library could be loaded", params=params))
    return out


def run_with(matrix, elapsed=12.6, wall=12.9):
    """The whole recorded run: the healthy quick results with `matrix` after compute.*, in the
    helper's family order (memory, host, peer, launch, compute, matrix, memtest, stress)."""
    results = mi300x_bench_results()
    at = max(i for i, r in enumerate(results) if r["name"].startswith("compute.")) + 1
    results = results[:at] + matrix + results[at:]
    import json
    doc = json.loads(bench_json(results, wall=wall))
    doc["elapsed_s"] = elapsed
    return doc


def bench_probe(doc, wall=13.1):
    from ..derived import STDOUT_JSON
    return {"hip-bench": {"name": "hip-bench", "argv": BENCH_ARGV, "state": "exited",
                          "exit_code": 0, "signal": None, "stdout": STDOUT_JSON(doc),
                          "stderr": "", "truncated": False, "error": "", "wall_seconds": wall}}
