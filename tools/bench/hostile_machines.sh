#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Real time of each hostile machine directory replay (tests/hostile/hostile_machines_test.cpp
# prints one "[ hostile ] <case> <seconds> s exit <n>" line per replay).
#   tools/bench/hostile_machines.sh [BUILD_DIR]   (default build)
set -euo pipefail
build=${1:-build}
binary=$(find "$build" -type f -name test_hostile -perm -u+x | head -n1)
if [[ -z "$binary" ]]; then
  echo "hostile_machines.sh: no test_hostile under $build" >&2
  exit 2
fi
"$binary" --gtest_filter='HostileMachine.*' | grep '^\[ hostile \]' | sed 's/^\[ hostile \] //'
