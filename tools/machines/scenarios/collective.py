# SPDX-License-Identifier: MIT
"""Recorded `rocm-doctor-hip --bench --level standard --only collective` runs (issue 19): RCCL
all-reduce and all-gather over every visible GPU in one run, for the records
tools/machines/records/mi210_collective_*.py.

The text is what src/hip/bench/collective.cpp and bench_json.cpp print: the key order, the
params (version, library, ranks, datatype, requested_bytes, bus_factor, sizes), the sizes
1 MiB x4 up to the helper standard level's 16 GiB (all-gather: a send buffer of 1/n of it),
`%.6g` in params.sizes and the shortest round-trip form of std::to_chars elsewhere.

**Hand-made**: no multi-GPU AMD node was lent to us. The one real collective run is the one-rank
H200 run of tests/fixtures/bench/collective/h200-collective.json, whose format this follows.
Each run's timings come from a latency-bandwidth model, t(S) = t0 + f x S / B, where B is the
bus bandwidth the run tends to at large messages and f nccl-tests' bus factor (2(n-1)/n for
all-reduce, (n-1)/n for all-gather, doc/PERFORMANCE.md), so busbw = f x S / t, as
collective_math.h computes it. Ten timed batches of ten operations per size after one warm-up
batch, each batch's time scaled by a fixed jitter; elapsed_s adds the modelled batches, the
element checks of ranks 0 and n-1 (copied back at VERIFY_BPS) and one communicator set-up per
collective (INIT_SECONDS)."""
import decimal
import json

from ..core import HIP_620_VERSION, mi210_hip_device
from .bench import HELPER

MIB = 1 << 20
GIB = 1 << 30
COLLECTIVE_BYTES = 16 * GIB  # bench_plan.cpp: collective_bytes at the helper's standard level
ITERATIONS = 10  # collective.cpp: operations per timed batch
SAMPLES = 10  # collective.cpp: max(3, peer_samples); peer_samples is 10 at the standard level
# Each timed batch's duration relative to the model, per collective (the first is the warm-up).
JITTER = {"all_reduce": (1.012, 1.000, 1.006, 0.997, 1.011, 1.002, 0.995, 1.004, 1.009, 0.999,
                         1.003),
          "all_gather": (1.009, 0.998, 1.003, 1.001, 0.996, 1.007, 1.002, 0.999, 1.005, 0.994,
                         1.001)}
VERIFY_BPS = 10e9  # pageable device-to-host copies of 64 MiB plus memcmp, per second
INIT_SECONDS = {4: 1.6, 8: 2.9}  # ncclCommInitAll, buffers and fill, per collective
ARGV = [HELPER, "--bench", "--level", "standard", "--only", "collective"]
RCCL_LIBRARY = "librccl.so.1"  # the first name collective.cpp dlopens (ROCm's soname)
RCCL_VERSION = 22005  # ncclGetVersion of RCCL 2.20.5, the RCCL of ROCm 6.2.0 (its CHANGELOG)
STDERR = "bench: collective.all_reduce (1/2)\nbench: collective.all_gather (2/2)\n"


def number(value):
    """A double as std::to_chars(first, last, value) writes it (json_writer.cpp ShortestNumber):
    the shortest digits that read back as the same double, in fixed or scientific notation,
    whichever is shorter, fixed on a tie."""
    if value == 0:
        return "0"
    sign, digits, exp = decimal.Decimal(repr(float(value))).as_tuple()
    d = "".join(map(str, digits))  # repr's digits: no leading zero for a value other than 0
    while len(d) > 1 and d.endswith("0"):
        d, exp = d[:-1], exp + 1
    sci_exp = len(d) - 1 + exp
    sci = d[0] + ("." + d[1:] if len(d) > 1 else "") + \
        f"e{'+' if sci_exp >= 0 else '-'}{abs(sci_exp):02d}"
    if exp >= 0:
        fixed = d + "0" * exp
    elif len(d) + exp > 0:
        fixed = d[:len(d) + exp] + "." + d[len(d) + exp:]
    else:
        fixed = "0." + "0" * -(len(d) + exp) + d
    text = fixed if len(fixed) <= len(sci) else sci
    return ("-" if sign else "") + text


def g6(value):
    """printf("%.6g"), as collective.cpp writes algbw and busbw into params.sizes."""
    return "%.6g" % value


def bus_factor(kind, ranks):
    return 2 * (ranks - 1) / ranks if kind == "all_reduce" else (ranks - 1) / ranks


def message_sizes(kind, ranks):
    """[(count, bytes)] as collective.cpp loops: per-rank counts from 1 MiB, x4, up to the
    16 GiB all-reduce buffer (all-gather: 16 GiB / n per rank); bytes is nccl-tests' S (for
    all-gather the whole gathered buffer, count x 4 x n)."""
    largest = COLLECTIVE_BYTES // (ranks if kind == "all_gather" else 1)
    out, b = [], MIB
    while b <= largest:
        count = b // 4
        out.append((count, count * 4 * (ranks if kind == "all_gather" else 1)))
        b *= 4
    return out


def summary(values):
    """bench_stats.cpp Summarize for higher-is-better samples: best, median, worst, spread."""
    s = sorted(values)
    mid = len(s) // 2
    median = s[mid] if len(s) % 2 else s[mid - 1] + (s[mid] - s[mid - 1]) / 2.0
    best, worst = s[-1], s[0]
    return best, median, worst, abs(best - worst) / median


def collective_entry(kind, ranks, bus_bps, latency_s):
    """One benchmark entry's JSON text, the seconds its run took and (busbw, bytes) of its
    largest message as params.sizes states it (the figure bench.collective judges)."""
    factor = bus_factor(kind, ranks)
    sizes, seconds, last = [], 0.0, None
    for count, nbytes in message_sizes(kind, ranks):
        t = latency_s + factor * nbytes / bus_bps  # one operation
        batches = [ITERATIONS * t * j for j in JITTER[kind]]
        seconds += sum(batches)
        algbw = [nbytes * ITERATIONS / b for b in batches[1:]]
        busbw = [a * factor for a in algbw]
        alg_median = sorted(algbw)[len(algbw) // 2]
        sizes.append('{"bytes":%.0f,"algbw":%s,"busbw":%s,"verified":true}'
                     % (nbytes, g6(alg_median), g6(alg_median * factor)))
        copied = count * 4 * (ranks if kind == "all_gather" else 1)
        seconds += 2 * copied / VERIFY_BPS
        last = (count, nbytes, algbw, busbw)
    count, nbytes, algbw, busbw = last
    best, median, worst, spread = summary(busbw)
    params = ('{"version":%d,"library":"%s","ranks":%d,"datatype":"float32","requested_bytes":%d,'
              '"bus_factor":%s,"sizes":[%s]}'
              % (RCCL_VERSION, RCCL_LIBRARY, ranks, COLLECTIVE_BYTES, number(factor),
                 ",".join(sizes)))
    text = ('{"name":"collective.%s","status":"ok","reason":null,"unit":"B/s","best":%s,'
            '"median":%s,"worst":%s,"spread":%s,"samples":%d,"iterations":%d,"bytes":%d,'
            '"elements":%d,"element_bytes":4,"clock_mhz_seen":null,"verified":true,"params":%s}'
            % (kind, number(best), number(median), number(worst), number(spread), SAMPLES,
               ITERATIONS, nbytes, count, params))
    judged = (float(g6(sorted(algbw)[len(algbw) // 2] * factor)), nbytes)
    return text, seconds + INIT_SECONDS[ranks], judged


def device_json(free_bytes):
    """The run's `device`: device 0, the helper's default when --device is not given."""
    d = mi210_hip_device(0, 0x03)
    return ('{"index":0,"name":"%s","arch":"%s","pci_bus_id":"%s","compute_units":%d,'
            '"clock_mhz":%d,"memory_clock_mhz":%d,"memory_bus_width_bits":%d,"total_bytes":%d,'
            '"free_bytes":%d,"numa_node":0}'
            % (d["name"], d["arch"], d["pci_bdf"], d["compute_units"], d["clock_khz"] // 1000,
               d["memory_clock_khz"] // 1000, d["memory_bus_width_bits"],
               d["total_memory_bytes"], free_bytes))


def collective_run(ranks, all_reduce, all_gather, free_bytes=68480401408):
    """The helper's stdout, the seconds it ran and {kind: (busbw, bytes)} of each collective's
    largest message. all_reduce / all_gather: (B in B/s, t0 in s) of the model."""
    reduce_text, reduce_s, reduce_fig = collective_entry("all_reduce", ranks, *all_reduce)
    gather_text, gather_s, gather_fig = collective_entry("all_gather", ranks, *all_gather)
    elapsed = round(reduce_s + gather_s, 6)
    text = ('{"format":1,"kind":"bench","backend":"hip","runtime_version":%d,"driver_version":%d,'
            '"level":"standard","interrupted":false,"error":null,"device":%s,"benchmarks":[%s,%s],'
            '"wall_seconds":%s,"elapsed_s":%s}\n'
            % (HIP_620_VERSION, HIP_620_VERSION, device_json(free_bytes), reduce_text,
               gather_text, number(round(elapsed + 0.000031, 6)), number(elapsed)))
    return text, elapsed, {"all_reduce": reduce_fig, "all_gather": gather_fig}


def collective_probes(ranks, all_reduce, all_gather):
    """({"hip-bench.collective": the recorded probe}, elapsed seconds, figures): the probe as
    docs/probes.md records a run and src/collect/bench/hip_bench_collector.cpp names one of
    --only collective without --device; the rest for the README."""
    stdout, elapsed, figs = collective_run(ranks, all_reduce, all_gather)
    return {"hip-bench.collective": {
        "name": "hip-bench.collective", "argv": ARGV, "state": "exited", "exit_code": 0,
        "signal": None, "stdout": stdout, "stderr": STDERR, "truncated": False, "error": "",
        "wall_seconds": round(elapsed + 1.2, 1)}}, elapsed, figs


def mi210_probe(buses, wall_seconds):
    """{"hip-probe": ...}: `rocm-doctor-hip --probe` seeing healthy MI210s at `buses`, in the
    form tools/machines/core.py hip_probe writes."""
    devices = [mi210_hip_device(i, b) for i, b in enumerate(buses)]
    stdout = json.dumps({"helper": "rocm-doctor-hip", "version": 1, "backend": "hip",
                         "targets": ["gfx90a", "gfx1030"], "runtime_version": HIP_620_VERSION,
                         "driver_version": HIP_620_VERSION, "device_count": len(devices),
                         "error": None, "devices": devices}, separators=(",", ":")) + "\n"
    return {"hip-probe": {"name": "hip-probe", "argv": [HELPER, "--probe"], "state": "exited",
                          "exit_code": 0, "signal": None, "stdout": stdout, "stderr": "",
                          "truncated": False, "error": "", "wall_seconds": wall_seconds}}
