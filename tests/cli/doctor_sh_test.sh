#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/doctor.sh shows its build's progress (issue 15: about five minutes of silence after the
# package install) and says how long it takes; README's first command says so too.
# Usage: doctor_sh_test.sh SOURCE_DIR
set -euo pipefail
src=${1:?source dir}
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The filter on a make build and a ninja build: every step shown, shortened; errors in full.
{
  printf '%s\n' '-- Configuring done' 'Scanning dependencies of target rocmdoc_base' \
    '[  1%] Building CXX object src/base/CMakeFiles/rocmdoc_base.dir/path_normalize.cpp.o' \
    '[ 99%] Linking CXX static library librocmdoc_base.a' \
    '[100%] Linking CXX executable rocm-doctor' \
    '[7/120] Building CXX object src/cli/CMakeFiles/rocmdoc_cli.dir/main.cpp.o' \
    "/src/x.cpp:3:1: error: expected ';' before '}' token" \
    'make[2]: *** [src/x.cpp.o] Error 1'
} | "$src/tools/build_progress.sh" "$tmp/log" >"$tmp/out"
expected="[  1%] src/base/path_normalize.cpp
[ 99%] librocmdoc_base.a
[100%] rocm-doctor
[7/120] src/cli/main.cpp
/src/x.cpp:3:1: error: expected ';' before '}' token
make[2]: *** [src/x.cpp.o] Error 1"
[[ $(cat "$tmp/out") == "$expected" ]] || fail "progress lines: $(cat "$tmp/out")"
[[ $(wc -l <"$tmp/log") -eq 8 ]] || fail "the log keeps every line"
# Hostile build output (escape sequences, a huge line) is shown shortened, never raw escapes
# beyond the in-place rewrite the filter itself writes on a terminal.
printf '[ 5%%] Building CXX object a/CMakeFiles/t.dir/%s.cpp.o\n' "$(head -c 5000 /dev/zero | tr '\0' x)" |
  "$src/tools/build_progress.sh" "$tmp/log" >"$tmp/long"
[[ $(wc -c <"$tmp/long") -lt 200 ]] || fail "a long line is not shortened"

# doctor.sh pipes the build through the filter, keeps the build's exit status, says the time.
grep -q 'cmake --build build .*| tools/build_progress.sh' "$src/tools/doctor.sh" || fail "doctor.sh: no progress"
grep -q 'set -euo pipefail' "$src/tools/doctor.sh" || fail "doctor.sh: a failed build must fail"
grep -q 'about 10 minutes on 2' "$src/tools/doctor.sh" || fail "doctor.sh: how long"
grep -q 'bash tools/doctor.sh .*about 10 minutes on 2 cores' "$src/README.md" || fail "README: how long"
bash -n "$src/tools/doctor.sh"
# A failing build: the filter's status does not hide it.
if bash -c 'set -o pipefail; false | "$1" "$2"' _ "$src/tools/build_progress.sh" "$tmp/log"; then
  fail "a failed build looked successful"
fi
echo "doctor.sh progress: ok"
