# rocmdoc_warnings(target): the project's warning set, errors with ROCMDOC_WERROR (CI sets it).
function(rocmdoc_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                         -Wno-sign-conversion -Wnon-virtual-dtor -Wold-style-cast)
  if(ROCMDOC_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
