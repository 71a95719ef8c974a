#!/usr/bin/env bash
# Builds rocm-doctor with g++ and clang (warnings are errors) and runs the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install-deps.sh --test
jobs=$(nproc)
for compiler in g++ clang++; do
  dir=build-ci-${compiler%++}
  cmake -S . -B "$dir" -DCMAKE_CXX_COMPILER="$compiler" -DCMAKE_BUILD_TYPE=Debug -DROCMDOC_WERROR=ON
  cmake --build "$dir" -j"$jobs"
done
# The full suite runs on the g++ build; the clang build proves the code compiles clean there too.
ctest --test-dir build-ci-g --output-on-failure -j"$jobs" --timeout 300
