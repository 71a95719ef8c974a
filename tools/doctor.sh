#!/usr/bin/env bash
# Builds rocm-doctor and runs `rocm-doctor check` on this host. Extra arguments go to check.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DROCMDOC_BUILD_TESTS=OFF >/dev/null
cmake --build build -j"$(nproc)" --target rocm-doctor >/dev/null
exec ./build/rocm-doctor check "$@"
