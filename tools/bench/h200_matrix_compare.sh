#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The matrix family of rocm-doctor-hip against torch.matmul on the same GPU in one run (issue 17):
#   tools/bench/h200_matrix_compare.sh OUT_DIR
# Builds the helper with nvcc (tools/device/build_hip_helper_nvcc.sh), runs
#   1. --bench --only matrix                         -> OUT_DIR/h200-matrix.json
#   2. tools/bench/torch_matmul_ref.py               -> OUT_DIR/torch.json
#   3. --bench --only matrix again (drift check)     -> OUT_DIR/h200-matrix-2.json
#   4. --bench --level quick, the whole process timed -> OUT_DIR/h200-quick.json
#   5. --bench --only matrix.bf16,matrix.int8 --plant-corruption matrix -> h200-matrix-planted.json
# and prints OUT_DIR/h200-matrix-compare.txt: each name's median TFLOP/s (helper runs 1 and 3,
# torch), the ratio of the helper's better run to torch, the targets (>= 0.97 for bf16, fp16 at
# 8192^3 and fp64), the planted corruption's outcome, a telemetry sample and the quick level's time.
set -euo pipefail
out=${1:?output directory}
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
"$root/tools/device/build_hip_helper_nvcc.sh" "$out/build" > "$out/build.log" 2>&1 ||
  { cat "$out/build.log"; exit 1; }
helper=$out/build/rocm-doctor-hip
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu \
  --format=csv > "$out/nvidia-smi.csv" 2>&1 || true

"$helper" --bench --only matrix > "$out/h200-matrix.json" 2> "$out/matrix.stderr" || true
python3 "$root/tools/bench/torch_matmul_ref.py" > "$out/torch.json" 2> "$out/torch.stderr" || true
"$helper" --bench --only matrix > "$out/h200-matrix-2.json" 2> /dev/null || true
start=$(date +%s.%N)
"$helper" --bench --level quick > "$out/h200-quick.json" 2> "$out/quick.stderr" || true
end=$(date +%s.%N)
"$helper" --bench --only matrix.bf16,matrix.int8 --plant-corruption matrix \
  > "$out/h200-matrix-planted.json" 2> /dev/null || true

python3 - "$out" "$start" "$end" <<'PY' | tee "$out/h200-matrix-compare.txt"
import json, sys
out, start, end = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])

def load(name):
    try:
        return json.load(open(f"{out}/{name}"))
    except Exception as e:  # a run that printed nothing is a row, not a crash
        print(f"{name}: unreadable ({e})")
        return {}

runs = [{b["name"]: b for b in load(f).get("benchmarks", [])}
        for f in ("h200-matrix.json", "h200-matrix-2.json")]
torch = load("torch.json")
print("torch", torch.get("_torch"))
print(f"{'name':18} {'status':13} {'run1':>8} {'run2':>8} {'torch':>8} {'ratio':>6} "
      f"{'target':>6} {'clock':>5} {'power W':>8} {'verify':>28} torch call")
targets = {"matrix.bf16": 0.97, "matrix.fp16": 0.97, "matrix.fp64": 0.97}
for name in [f"matrix.{t}{s}" for s in ("", "_gst")
             for t in ("bf16", "fp16", "fp32", "fp64", "fp8", "int8")]:
    b1, b2 = runs[0].get(name, {}), runs[1].get(name, {})
    med = [b.get("median") if b.get("status") in ("ok", "verify_failed") else None
           for b in (b1, b2)]
    t = torch.get(name, {})
    tm = t.get("median")
    best = max([m for m in med if m], default=None)
    ratio = best / tm if best and tm else None
    p = b1.get("params", {})
    tel = p.get("telemetry") or {}
    power = (tel.get("power_w") or {}).get("median")
    verify = (f"wrong {p.get('wrong_elements')} nan {p.get('nan_elements')} "
              f"repeat {p.get('repeat_mismatches')}") if "wrong_elements" in p else (
                  b1.get("reason") or "")[:28]
    fmt = lambda v: f"{v / 1e12:8.1f}" if v else f"{'-':>8}"
    tgt = targets.get(name)
    print(f"{name:18} {b1.get('status', '-'):13} {fmt(med[0])} {fmt(med[1])} {fmt(tm)} "
          f"{(f'{ratio:6.3f}' if ratio else '     -')} {(f'{tgt:6.2f}' if tgt else '      ')} "
          f"{str(p.get('sustained_clock_mhz') or '-'):>5} {(f'{power:8.1f}' if power else '       -')} "
          f"{verify:>28} {t.get('call') or t.get('error') or ''}"
          + ("  MISS" if tgt and ratio and ratio < tgt else ""))
any_b = runs[0].get("matrix.bf16", {})
print("blas:", json.dumps(any_b.get("params", {}).get("blas")))
print("telemetry (matrix.bf16):", json.dumps(any_b.get("params", {}).get("telemetry")))
print("tolerance (matrix.bf16):", any_b.get("params", {}).get("tolerance"),
      any_b.get("params", {}).get("tolerance_basis"),
      "max_error_over_tolerance", any_b.get("params", {}).get("max_error_over_tolerance"))
planted = {b["name"]: b for b in load("h200-matrix-planted.json").get("benchmarks", [])}
for name, b in planted.items():
    p = b.get("params", {})
    print(f"planted {name}: status {b.get('status')}, wrong_elements {p.get('wrong_elements')}, "
          f"repeat_mismatches {p.get('repeat_mismatches')}, first_wrong {p.get('first_wrong')}, "
          f"reason {b.get('reason')}")
quick = load("h200-quick.json")
print(f"quick level: whole process {end - start:.2f} s (shell), elapsed_s {quick.get('elapsed_s')}, "
      f"wall_seconds {quick.get('wall_seconds')}; statuses:",
      {b['name']: b['status'] for b in quick.get('benchmarks', []) if b['status'] != 'ok'})
PY
