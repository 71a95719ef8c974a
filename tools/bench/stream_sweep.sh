#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs the helper's memory.* benchmarks once per STREAM kernel shape ($ROCMDOC_BENCH_STREAM, see
# docs/hip-helper.md) and prints the median of each in TB/s: how the defaults were chosen.
#   tools/bench/stream_sweep.sh HELPER [CONFIG...]     e.g. CONFIG "unroll=4,threads=512,hint=plain"
set -euo pipefail
helper=${1:?path to rocm-doctor-hip}
shift
configs=("$@")
if (( ${#configs[@]} == 0 )); then
  for hint in stream plain; do
    for unroll in 1 2 4 8; do
      for threads in 256 512 1024; do configs+=("unroll=$unroll,threads=$threads,hint=$hint"); done
    done
  done
  for dot in 1 2 8 16; do configs+=("dot=$dot"); done
fi
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
printf '%-36s %7s %7s %7s %7s %7s   %s\n' config copy scale add triad dot "spread max"
for config in "${configs[@]}"; do
  ROCMDOC_BENCH_STREAM=$config "$helper" --bench --only memory > "$tmp" 2> /dev/null || true
  python3 - "$config" "$tmp" <<'PY'
import json, sys
config, path = sys.argv[1], sys.argv[2]
try:
    doc = json.load(open(path))
except ValueError:
    print(f"{config:<36} no JSON"); sys.exit(0)
figures = {b["name"]: b for b in doc["benchmarks"]}
cells, spreads = [], []
for n in ("memory.copy", "memory.scale", "memory.add", "memory.triad", "memory.dot"):
    b = figures.get(n, {})
    ok = b.get("status") == "ok" and b.get("median")
    cells.append(f"{b['median']/1e12:7.3f}" if ok else f"{b.get('status', '-'):>7}"[:7])
    if ok: spreads.append(b["spread"])
print(f"{config:<36} {' '.join(cells)}   {max(spreads) if spreads else float('nan'):.3f}")
PY
done
