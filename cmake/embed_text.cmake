# SPDX-License-Identifier: MIT
# Script mode: cmake -DIN=... -DOUT=... -DSYMBOL=... -P embed_text.cmake
# The bytes' array is named after SYMBOL: a unity build (ROCMDOC_UNITY) may compile several of
# these files as one.
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" hex_len)
math(EXPR byte_count "${hex_len} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "'\\\\x\\1'," bytes "${hex}")
string(REGEX REPLACE "(('\\\\x..',){16})" "\\1\n" bytes "${bytes}")
file(WRITE "${OUT}" "// Generated from ${IN}; do not edit.\n#include <string_view>\n"
  "namespace rocm_doctor::data {\nnamespace {\nconstexpr char ${SYMBOL}Bytes[] = {\n${bytes}'\\0'};\n}\n"
  "extern const std::string_view ${SYMBOL};\n"
  "const std::string_view ${SYMBOL}(${SYMBOL}Bytes, ${byte_count});\n}\n")
