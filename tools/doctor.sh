#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds rocm-doctor and runs `rocm-doctor check` on this host. Extra arguments go to check.
# The Release build takes about 10 minutes on 2 cores; its progress is shown as it goes
# (tools/build_progress.sh), the whole output is in build/build.log.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
echo "== 1/4 build packages (apt-get, skipped when installed)"
tools/install-deps.sh
echo "== 2/4 configure (cmake, Release)"
mkdir -p build
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DROCMDOC_BUILD_TESTS=OFF >build/configure.log 2>&1 ||
  { cat build/configure.log; exit 1; }
echo "== 3/4 build on $(nproc) cores: about 10 minutes on 2 (the doctor and, with a HIP toolchain, its probe helper)"
# The build's own status is what counts, not the filter's (pipefail).
cmake --build build -j"$(nproc)" 2>&1 | tools/build_progress.sh build/build.log ||
  { echo "build failed: the full output is in build/build.log" >&2; exit 1; }
elapsed=$((SECONDS - start))
echo "== 4/4 rocm-doctor check (built in $((elapsed / 60)) min $((elapsed % 60)) s)"
exec ./build/rocm-doctor check "$@"
