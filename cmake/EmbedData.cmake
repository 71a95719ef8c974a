# SPDX-License-Identifier: MIT
# rocmdoc_embed_text(OUT_CPP SYMBOL FILE): generate a .cpp defining
#   extern const std::string_view SYMBOL;  in namespace rocm_doctor::data
# holding FILE byte for byte, so the doctor needs no data files at run time.
function(rocmdoc_embed_text out_cpp symbol file)
  add_custom_command(
    OUTPUT ${out_cpp}
    COMMAND ${CMAKE_COMMAND} -DIN=${file} -DOUT=${out_cpp} -DSYMBOL=${symbol}
            -P ${PROJECT_SOURCE_DIR}/cmake/embed_text.cmake
    DEPENDS ${file} ${PROJECT_SOURCE_DIR}/cmake/embed_text.cmake
    COMMENT "Embedding ${file}")
endfunction()
