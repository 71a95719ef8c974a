#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Reads a build's output (cmake --build with make or ninja) on stdin and shows its progress: each
# "[ 42%] Building CXX object src/x.cpp.o" (make) or "[12/345] Building ..." (ninja) line, shortened
# to "[ 42%] src/x.cpp" and, on a terminal, rewritten in place. Everything goes to LOG (the first
# argument) as it came; a compiler error is printed in full as it comes, so a failed build shows
# why without the log. Used by tools/doctor.sh, whose build is otherwise minutes of silence.
set -uo pipefail
log=${1:?usage: build_progress.sh LOG < build-output}
: >"$log"
tty=0
[[ -t 1 ]] && tty=1
shown=0
while IFS= read -r line; do
  printf '%s\n' "$line" >>"$log"
  if [[ $line =~ ^(\[[\ 0-9]+%\]|\[[0-9]+/[0-9]+\])\ (Building|Linking)\ [A-Za-z+]+\ (object|executable|static\ library|shared\ library)\ (.*)$ ]]; then
    step=${BASH_REMATCH[1]}
    what=${BASH_REMATCH[4]}
    what=${what%.o}
    # src/base/CMakeFiles/rocmdoc_base.dir/path_normalize.cpp -> src/base/path_normalize.cpp
    [[ $what == *CMakeFiles/*.dir/* ]] && what=${what%%CMakeFiles/*}${what#*.dir/}
    if ((tty)); then
      printf '\r\033[K%s %.70s' "$step" "$what"
      shown=1
    else
      printf '%s %.100s\n' "$step" "$what"
    fi
  elif [[ $line == *"error:"* || $line == *"Error "* || $line == FAILED:* || $line == "make"*"***"* ]]; then
    ((shown)) && printf '\n'
    shown=0
    printf '%s\n' "$line"
  fi
done
((shown)) && printf '\r\033[K'
exit 0
