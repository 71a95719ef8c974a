#!/usr/bin/env bash
# Builds rocm-doctor and runs `rocm-doctor check` on this host. Extra arguments go to check.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DROCMDOC_BUILD_TESTS=OFF >/dev/null
cmake --build build -j"$(nproc)" >/dev/null  # the doctor and, with a HIP toolchain, its probe helper
exec ./build/rocm-doctor check "$@"
