#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs what building and testing rocm-doctor needs, from Debian 12 packages only.
# Usage: tools/install-deps.sh [--test]
set -euo pipefail
SUDO=""
if [[ $(id -u) -ne 0 ]]; then SUDO="sudo"; fi
packages=(cmake make g++ pkg-config libcli11-dev libfmt-dev libspdlog-dev nlohmann-json3-dev
          libtomlplusplus-dev tar gzip)
# The HIP probe helper (rocm-doctor-hip) builds with Debian's ROCm 5.2.3 hipcc (clang-15) for
# gfx90a and gfx1030; without it the doctor still runs and reports the probe as missing.
packages+=(hipcc libamdhip64-dev libamdhip64-5 libhsa-runtime64-1)
if [[ ${1:-} == --test ]]; then
  packages+=(libgtest-dev libgmock-dev clang python3 python3-jsonschema dpkg-dev file)
  # The ASan+UBSan build and its libFuzzer targets (tools/test.sh, tools/fuzz.sh).
  packages+=(libclang-rt-14-dev libfuzzer-14-dev lld)
  # Real ROCm libraries the libraries-layer tests read (code objects inside librocsparse).
  packages+=(librocsparse0 librocrand1 rocminfo)
  # The real consumers of the Prometheus textfile output (promtool check metrics, node-exporter).
  packages+=(prometheus prometheus-node-exporter)
  # A real framework for the frameworks layer's live test: Debian's CPU-only PyTorch 1.13.1.
  packages+=(python3-torch)
  # gate --slurm against a real one-node Slurm on localhost (tests/slurm, needs root); the
  # fleet HTML page in headless Chromium; the Kubernetes manifests parsed (tests/gate).
  packages+=(slurm-wlm munge chromium python3-yaml)
  # Every fix command the doctor prints is linted as pasted (tests/report/fix_lines_test.cpp).
  packages+=(shellcheck)
  # The generated man page rendered and linted, the zsh completion parsed
  # (tests/cli/generated_files_cli_test.cpp, tests/cli/install_test.sh).
  packages+=(man-db groff-base mandoc zsh)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
