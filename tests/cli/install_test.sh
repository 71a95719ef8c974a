#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# cmake --install into a fresh prefix puts every file a user expects from a CLI where the tools
# look for it (issue 15): the binary, the helper (when built), rocm-doctor(1), the bash and zsh
# completions, and the docs reports and `explain` name; the installed binary explains a code
# from another directory (the catalog is in the binary, no source tree needed).
# Usage: install_test.sh BUILD_DIR SOURCE_DIR HELPER_BUILT(0|1)
set -euo pipefail
build=$1 source=$2 helper=$3
prefix=$(mktemp -d) elsewhere=$(mktemp -d)
trap 'rm -rf "$prefix" "$elsewhere"' EXIT
cmake --install "$build" --prefix "$prefix" >"$prefix.log" 2>&1 || { cat "$prefix.log"; exit 1; }
rm -f "$prefix.log"
failed=0
expect() {
  if [[ ! -s $prefix/$1 ]]; then echo "missing or empty: $1"; failed=1; fi
}
expect bin/rocm-doctor
[[ -x $prefix/bin/rocm-doctor ]] || { echo "bin/rocm-doctor is not executable"; failed=1; }
if [[ $helper == 1 ]]; then expect libexec/rocm-doctor/rocm-doctor-hip; fi
expect share/man/man1/rocm-doctor.1
expect share/bash-completion/completions/rocm-doctor
expect share/zsh/site-functions/_rocm-doctor
expect share/doc/rocm-doctor/README.md
# Every doc under docs/ but the project's research notes, findings.md first among them.
while IFS= read -r doc; do
  expect "share/doc/rocm-doctor/${doc#"$source"/docs/}"
done < <(find "$source/docs" -path "$source/docs/research" -prune -o -type f -print)
doc=$prefix/share/doc/rocm-doctor
grep -q 'id="driver-kfd-permission-denied"' "$doc/findings.md" ||
  { echo "findings.md has no section for driver.kfd.permission_denied"; failed=1; }
# The installed page renders; the installed completions parse.
man -l "$prefix/share/man/man1/rocm-doctor.1" 2>&1 | grep -q "EXIT STATUS" ||
  { echo "man -l cannot render the installed page"; failed=1; }
bash -n "$prefix/share/bash-completion/completions/rocm-doctor" || failed=1
if command -v zsh >/dev/null; then zsh -n "$prefix/share/zsh/site-functions/_rocm-doctor" || failed=1; fi
# explain from a directory with no docs/ in it.
cd "$elsewhere"
out=$("$prefix/bin/rocm-doctor" explain driver.kfd.permission_denied) ||
  { echo "installed explain failed: $out"; failed=1; }
grep -q "^driver.kfd.permission_denied" <<<"$out" || { echo "explain printed: $out"; failed=1; }
json=$("$prefix/bin/rocm-doctor" explain driver.kfd.permission_denied --format json)
grep -q '"docs": "rocm-doctor explain driver.kfd.permission_denied"' <<<"$json" ||
  { echo "explain's docs link: $json"; failed=1; }
if ((failed)); then
  echo "install tree:"; (cd "$prefix" && find . -type f | sort)
  exit 1
fi
echo "install tree ($prefix):"
(cd "$prefix" && find . -type f | sort)
