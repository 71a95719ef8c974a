# SPDX-License-Identifier: MIT
# Sanitizer and fuzzing builds (tests/fuzz/README.md, tools/test.sh).
#
#   ROCMDOC_SANITIZE=address,undefined   every C++ target is built and linked with these
#     sanitizers (undefined behaviour aborts: -fno-sanitize-recover); the HIP helper's GPU
#     sources are not instrumented, only linked with the runtime its host code needs.
#   ROCMDOC_FUZZ=ON (clang only)         tests/fuzz/ builds libFuzzer targets, and the code they
#     reach (rocmdoc_lib, the checks) is compiled with coverage instrumentation for them; the
#     unit tests are not, which keeps a sanitizer build with fuzzing about as fast as one
#     without. Without it the same targets are built as plain programs that replay their
#     corpus, and ctest runs them either way.
option(ROCMDOC_FUZZ "Build the tests/fuzz targets with libFuzzer (clang only)" OFF)
set(ROCMDOC_SANITIZE "" CACHE STRING "Sanitizers for every C++ target, e.g. address,undefined")

if(ROCMDOC_SANITIZE)
  add_compile_options("$<$<COMPILE_LANGUAGE:CXX>:-fsanitize=${ROCMDOC_SANITIZE}>"
                      "$<$<COMPILE_LANGUAGE:CXX>:-fno-omit-frame-pointer>")
  if(ROCMDOC_SANITIZE MATCHES "undefined")
    add_compile_options("$<$<COMPILE_LANGUAGE:CXX>:-fno-sanitize-recover=undefined>")
  endif()
  add_link_options("$<$<LINK_LANGUAGE:CXX,HIP>:-fsanitize=${ROCMDOC_SANITIZE}>")
endif()

if(ROCMDOC_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "ROCMDOC_FUZZ needs clang (libFuzzer); CMAKE_CXX_COMPILER is "
                        "${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER}")
  endif()
endif()

# rocmdoc_fuzz_coverage(target): libFuzzer's coverage instrumentation for code a fuzz target
# reaches; nothing without ROCMDOC_FUZZ.
function(rocmdoc_fuzz_coverage target)
  if(ROCMDOC_FUZZ)
    target_compile_options(${target} PRIVATE "$<$<COMPILE_LANGUAGE:CXX>:-fsanitize=fuzzer-no-link>")
  endif()
endfunction()
