# SPDX-License-Identifier: MIT
# rocmdoc_warnings(target): the project's warning set, errors with ROCMDOC_WERROR (CI sets it).
function(rocmdoc_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                         -Wno-sign-conversion -Wnon-virtual-dtor -Wold-style-cast)
  # GCC 12 at -O2 reports -Wrestrict inside std::string's char_traits (GCC bug 105329, a false
  # positive fixed in GCC 13); it would break optimised -Werror builds.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    target_compile_options(${target} PRIVATE -Wno-restrict)
  endif()
  if(ROCMDOC_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
