# SPDX-License-Identifier: MIT
option(ROCMDOC_BUILD_TESTS "Build the test suite" ON)
option(ROCMDOC_WERROR "Treat compiler warnings as errors" OFF)

set(CMAKE_CXX_STANDARD 20)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
set(CMAKE_CXX_EXTENSIONS OFF)
set(CMAKE_EXPORT_COMPILE_COMMANDS ON)
if(NOT CMAKE_BUILD_TYPE AND NOT CMAKE_CONFIGURATION_TYPES)
  set(CMAKE_BUILD_TYPE RelWithDebInfo CACHE STRING "Build type" FORCE)
endif()
include(GNUInstallDirs)

# Precompiled standard, fmt, nlohmann_json (and GoogleTest) headers: a clean build on 2 cores
# gets faster with clang (tools/test.sh turns it on). Not for tools/doctor.sh's g++ Release build:
# one header shared by every layer made it slower there (a fresh clone built in 13 min 22 s with
# it, 9 min 34 s without, although one g++ -O2 file took 6.0 s with it and 7.8 s without). Off
# by default so everyday builds still catch a missing #include that the header would hide.
option(ROCMDOC_PCH "Precompile the common headers of each target" OFF)

# Batches of a target's sources compiled as one translation unit (CMake's unity build): the
# headers (fmt, nlohmann_json, GoogleTest) are parsed and their templates instantiated once per
# batch instead of once per file. tools/test.sh turns it on: 12 files of src/collect took 3.4 s
# of clang -O0 with ASan batched against 12.0 s one by one. Names in anonymous namespaces must
# then be unique across the files of a target; where a shape repeats them on purpose (a check's
# kInfo/kFindings/kPrereqs, a check test's kCheck) the files stay out of the batches:
# checks/CMakeLists.txt, rocmdoc_add_test. Off by default: a developer's one-file change
# recompiles one file.
option(ROCMDOC_UNITY "Compile each target's sources in batches (a unity build)" OFF)
if(ROCMDOC_UNITY)
  set(CMAKE_UNITY_BUILD ON)
  set(CMAKE_UNITY_BUILD_BATCH_SIZE 12)
endif()

# rocmdoc_precompile(target [HEADER...]): the common headers, plus HEADERs, for `target`.
function(rocmdoc_precompile target)
  if(ROCMDOC_PCH)
    target_precompile_headers(${target} PRIVATE
      <algorithm> <chrono> <cstdint> <functional> <map> <memory> <optional> <set> <string>
      <string_view> <utility> <vector> <fmt/format.h> <nlohmann/json.hpp> ${ARGN})
  endif()
endfunction()

# rocmdoc_precompile_shared(target group [HEADER...]): the first target of `group` makes the
# precompiled header and every later one reuses it (REUSE_FROM), so the 35 test executables make
# one instead of 35, and the 11 layers one instead of 11 (each took about 3 s of a CI core).
# The targets of a group share their compiler and flags; clang accepts a PCH whose macro
# definitions differ from a user's (ROCMDOC_BINARY and the like appear in no header).
function(rocmdoc_precompile_shared target group)
  if(NOT ROCMDOC_PCH)
    return()
  endif()
  get_property(first GLOBAL PROPERTY ROCMDOC_PCH_FIRST_${group})
  if(first)
    target_precompile_headers(${target} REUSE_FROM ${first})
  else()
    set_property(GLOBAL PROPERTY ROCMDOC_PCH_FIRST_${group} ${target})
    rocmdoc_precompile(${target} ${ARGN})
  endif()
endfunction()
