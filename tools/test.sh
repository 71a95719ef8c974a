#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# CI's command (.ci/run execs it): one build of rocm-doctor and its whole test suite,
#   build-ci   clang, Debug, warnings as errors, AddressSanitizer + UndefinedBehaviorSanitizer
#              (any report aborts the test), with the libFuzzer targets (cmake/Hardening.cmake)
# then every fuzz target for a short pass (ROCMDOC_FUZZ_SECONDS, default 3 s each;
# tools/fuzz.sh runs longer ones). One build, not one per compiler, keeps CI well under 20
# minutes on 2 cores; the developers' own builds use g++ (docs/architecture.md, "Tests").
# ROCMDOC_TEST_BUILD=DIR builds and tests in DIR instead (an incremental run).
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install-deps.sh --test
jobs=$(nproc)
build=${ROCMDOC_TEST_BUILD:-build-ci}
start=$SECONDS
stamp() { echo "== tools/test.sh: $1 at $((SECONDS - start)) s"; }

# -gline-tables-only: sanitizer reports keep file:line, the objects and links shrink.
# lld links an ASan test executable in 1 s where GNU ld takes 7 s (about 50 links).
cmake -S . -B "$build" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_CXX_FLAGS_DEBUG="-O0 -gline-tables-only" \
  -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld -DCMAKE_SHARED_LINKER_FLAGS=-fuse-ld=lld \
  -DROCMDOC_WERROR=ON -DROCMDOC_SANITIZE=address,undefined -DROCMDOC_FUZZ=ON -DROCMDOC_PCH=ON \
  -DROCMDOC_UNITY=ON
cmake --build "$build" -j"$jobs"
stamp "built $build"

# Sanitizer reports are failures; the doctor's child processes inherit these too.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:check_initialization_order=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
# One job more than CPUs: many tests wait on a child's deadline rather than compute.
ctest --test-dir "$build" --output-on-failure -j"$((jobs + 1))" --timeout 300
stamp "tested $build"

tools/fuzz.sh --no-build --build "$build" --seconds "${ROCMDOC_FUZZ_SECONDS:-3}"
stamp "done"
