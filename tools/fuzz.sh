#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs every libFuzzer target of tests/fuzz/ for a bounded time (tests/fuzz/README.md).
#
#   tools/fuzz.sh [--seconds N] [--build DIR] [--no-build] [--report FILE] [TARGET...]
#
# --seconds N   time per target (default 60)
# --build DIR   the clang build with ROCMDOC_FUZZ=ON and ASan+UBSan (default build-fuzz;
#               configured here when missing)
# --no-build    use DIR as it is (tools/test.sh builds it itself)
# --report FILE also write the summary table (markdown) to FILE
# TARGET...     names without the fuzz_ prefix (default: every target)
#
# Each target starts from a scratch copy of tests/fuzz/corpus/<target> plus
# tests/fuzz/regressions/<target>, so the committed seeds stay as they are. A crash, leak,
# timeout (10 s for one input) or out-of-memory leaves its input in DIR/fuzz-artifacts/<target>/;
# reproduce it with `DIR/tests/fuzz_<target> FILE`, then add FILE under
# tests/fuzz/regressions/<target>/ with a unit test next to the fix. Exit 1 if any target failed.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60
build=build-fuzz
do_build=1
report=""
targets=()
while (($#)); do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --build) build="$2"; shift 2 ;;
    --no-build) do_build=0; shift ;;
    --report) report="$2"; shift 2 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || ((seconds < 1)); then
  echo "fuzz.sh: --seconds needs a positive number" >&2
  exit 2
fi

all_targets=$(sed -n '/^set(ROCMDOC_FUZZ_TARGETS/,/)/p' tests/fuzz/fuzz.cmake |
              sed 's/set(ROCMDOC_FUZZ_TARGETS//; s/)//' | tr -s ' \n' ' ')
if ((${#targets[@]} == 0)); then read -r -a targets <<<"$all_targets"; fi

if ((do_build)); then
  if [[ ! -f "$build/CMakeCache.txt" ]]; then
    cmake -S . -B "$build" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
      -DROCMDOC_FUZZ=ON -DROCMDOC_SANITIZE=address,undefined -DROCMDOC_GPU_BACKEND=none
  fi
  cmake --build "$build" -j"$(nproc)" --target "${targets[@]/#/fuzz_}"
fi

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:symbolize=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
work=$(mktemp -d "${TMPDIR:-/tmp}/rocmdoc-fuzz-XXXXXX")
trap 'rm -rf "$work"' EXIT
artifacts="$build/fuzz-artifacts"
summary="| target | seconds | executions | exec/s | corpus | result |
| --- | --- | --- | --- | --- | --- |"
failed=0
for target in "${targets[@]}"; do
  binary=$(find "$build" -type f -name "fuzz_$target" -perm -u+x | head -n1)
  if [[ -z "$binary" ]]; then
    echo "fuzz.sh: no fuzz_$target under $build (ROCMDOC_FUZZ=ON build?)" >&2
    exit 2
  fi
  corpus="$work/$target"
  mkdir -p "$corpus" "$artifacts/$target"
  for seeds in "tests/fuzz/corpus/$target" "tests/fuzz/regressions/$target"; do
    if [[ -d "$seeds" ]]; then cp -r "$seeds/." "$corpus/"; fi
  done
  log="$work/$target.log"
  echo "== fuzz_$target: $seconds s"
  status=0
  "$binary" "$corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$artifacts/$target/" >"$log" 2>&1 || status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n1)
  files=$(find "$corpus" -type f | wc -l)
  if ((status == 0)); then
    result="ok"
  else
    result="FAILED (exit $status, see $artifacts/$target/)"
    failed=1
    grep -m1 -E "ERROR: (AddressSanitizer|libFuzzer|LeakSanitizer)|runtime error|deadly signal" \
      "$log" || true
    tail -n 40 "$log"
  fi
  echo "   ${runs:-?} executions, ${speed:-?} exec/s, corpus $files files: $result"
  summary+=$'\n'"| $target | $seconds | ${runs:-?} | ${speed:-?} | $files | $result |"
done
echo
echo "$summary"
if [[ -n "$report" ]]; then echo "$summary" >"$report"; fi
exit "$failed"
