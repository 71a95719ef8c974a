#!/usr/bin/env bash
# CI's command (.ci/run execs it): builds rocm-doctor twice, warnings as errors,
#   build-ci-g      g++, Debug
#   build-ci-clang  clang, Debug, AddressSanitizer + UndefinedBehaviorSanitizer (any report
#                   aborts the test), with the libFuzzer targets (cmake/Hardening.cmake)
# runs the whole test suite on both, then every fuzz target for a short pass
# (ROCMDOC_FUZZ_SECONDS, default 5 s each; tools/fuzz.sh runs longer ones).
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install-deps.sh --test
jobs=$(nproc)
start=$SECONDS
stamp() { echo "== tools/test.sh: $1 at $((SECONDS - start)) s"; }

cmake -S . -B build-ci-g -DCMAKE_CXX_COMPILER=g++ -DCMAKE_BUILD_TYPE=Debug -DROCMDOC_WERROR=ON
cmake -S . -B build-ci-clang -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
  -DROCMDOC_WERROR=ON -DROCMDOC_SANITIZE=address,undefined -DROCMDOC_FUZZ=ON
for dir in build-ci-g build-ci-clang; do
  cmake --build "$dir" -j"$jobs"
  stamp "built $dir"
done

# Sanitizer reports are failures; the doctor's child processes inherit these too.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:check_initialization_order=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
for dir in build-ci-g build-ci-clang; do
  ctest --test-dir "$dir" --output-on-failure -j"$jobs" --timeout 300
  stamp "tested $dir"
done

tools/fuzz.sh --no-build --build build-ci-clang --seconds "${ROCMDOC_FUZZ_SECONDS:-5}"
stamp "done"
