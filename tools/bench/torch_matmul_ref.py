# SPDX-License-Identifier: MIT
"""torch.matmul (and torch._scaled_mm / torch._int_mm) on the shapes, dtypes and input pattern of
rocm-doctor-hip's matrix.* family, timed like the helper: CUDA events around batches of about
BATCH_S seconds after two warm-up batches, median / best over SAMPLES batches, 2*M*N*K per GEMM.

The pattern is the helper's distribution (uniform in [-1, 1), magnitudes below 1/64 raised to
1/64; int8 uniform over -8..8 without 0), drawn with torch's generator: the same statistics of
signs and mantissa bits, not the same bits. Both operand layouts torch can be handed are timed
(A @ B with B row-major, and A @ B^T with B stored N x K, which is the helper's "TN"); the better
one is the reference. Prints one JSON object: {"name": {...figures...}}.
Usage: python3 torch_matmul_ref.py [NAME ...]   (default: all twelve)
"""
import json
import statistics
import sys

import torch

SQUARE = (8192, 8192, 8192)
GST = (4864, 4096, 8192)  # ROCmValidationSuite rvs/conf/MI300X/gst_single.conf
TYPES = ["bf16", "fp16", "fp32", "fp64", "fp8", "int8"]
BATCH_S = 0.05
SAMPLES = 20


def pattern(shape, dtype, gen):
    if dtype == "int8":
        v = torch.randint(0, 16, shape, device="cuda", generator=gen, dtype=torch.int16)
        v = torch.where(v < 8, v - 8, v - 7)
        return v.to(torch.int8)
    x = torch.rand(shape, device="cuda", generator=gen, dtype=torch.float32) * 2 - 1
    floor = 1.0 / 64
    x = torch.where(x.abs() < floor, torch.where(x < 0, -floor, floor), x)
    return {"bf16": x.to(torch.bfloat16), "fp16": x.to(torch.float16), "fp32": x,
            "fp64": x.to(torch.float64), "fp8": x.to(torch.float8_e4m3fn)}[dtype]


def gemm_fn(dtype, a, b_kn, b_nk):
    """(label, callable) pairs: the layouts torch can be given for C = A B."""
    if dtype == "fp8":
        if not hasattr(torch, "_scaled_mm"):
            return []
        one = torch.ones((), device="cuda", dtype=torch.float32)
        # _scaled_mm needs B column-major: B^T of an N x K row-major tensor.
        return [("_scaled_mm(A, B^T)", lambda: torch._scaled_mm(
            a, b_nk.t(), scale_a=one, scale_b=one, out_dtype=torch.bfloat16))]
    if dtype == "int8":
        return [("_int_mm(A, B^T)", lambda: torch._int_mm(a, b_nk.t())),
                ("_int_mm(A, B)", lambda: torch._int_mm(a, b_kn))]
    return [("matmul(A, B^T)", lambda: torch.matmul(a, b_nk.t())),
            ("matmul(A, B)", lambda: torch.matmul(a, b_kn))]


def time_fn(fn, flops):
    fn()
    torch.cuda.synchronize()
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    fn()
    stop.record()
    stop.synchronize()
    one = start.elapsed_time(stop) / 1e3
    iters = max(1, round(BATCH_S / max(one, 1e-7)))
    for _ in range(2 * iters):
        fn()
    rates = []
    for _ in range(SAMPLES):
        start.record()
        for _ in range(iters):
            fn()
        stop.record()
        stop.synchronize()
        rates.append(flops * iters / (start.elapsed_time(stop) / 1e3))
    return {"median": statistics.median(rates), "best": max(rates), "worst": min(rates),
            "iterations": iters}


def main():
    torch.backends.cuda.matmul.allow_tf32 = False  # fp32 stays fp32, as the helper's
    names = sys.argv[1:] or [f"matrix.{t}{s}" for s in ("", "_gst") for t in TYPES]
    gen = torch.Generator(device="cuda")
    gen.manual_seed(1)
    results = {}
    for name in names:
        dtype = name.split(".")[1].replace("_gst", "")
        m, n, k = GST if name.endswith("_gst") else SQUARE
        try:
            a = pattern((m, k), dtype, gen)
            b_kn = pattern((k, n), dtype, gen)
            b_nk = pattern((n, k), dtype, gen)
            best = None
            for label, fn in gemm_fn(dtype, a, b_kn, b_nk):
                try:
                    r = time_fn(fn, 2.0 * m * n * k)
                except RuntimeError as e:  # a layout torch refuses
                    results.setdefault(name, {}).setdefault("refused", []).append(
                        f"{label}: {str(e).splitlines()[0]}")
                    continue
                r["call"] = label
                if best is None or r["median"] > best["median"]:
                    best = r
            entry = results.setdefault(name, {})
            entry.update(best or {"median": None, "error": "no torch call for this type"})
            del a, b_kn, b_nk
            torch.cuda.empty_cache()
        except Exception as e:  # keep going: one type's failure is one row
            results[name] = {"median": None, "error": f"{type(e).__name__}: {e}"}
    results["_torch"] = {"version": torch.__version__, "cuda": torch.version.cuda,
                         "device": torch.cuda.get_device_name()}
    print(json.dumps(results))


if __name__ == "__main__":
    main()
