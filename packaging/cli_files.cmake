# SPDX-License-Identifier: MIT
# cmake -DDOCTOR=<built rocm-doctor> -DOUT=<dir> -P packaging/cli_files.cmake
# Writes what install puts beside the binary, printed by the binary itself from its command
# table: the man page and the bash and zsh completions (src/cli/man_page.h,
# src/cli/completion_scripts.h). Run after every link of rocm-doctor (src/cli/CMakeLists.txt),
# so they always describe the binary they are installed with; they live in the build tree only.
foreach(generated IN ITEMS "man;rocm-doctor.1" "completion;bash;rocm-doctor.bash"
                           "completion;zsh;_rocm-doctor")
  list(POP_BACK generated file)
  execute_process(COMMAND ${DOCTOR} ${generated} OUTPUT_FILE ${OUT}/${file}.tmp
                  RESULT_VARIABLE status ERROR_VARIABLE error)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "rocm-doctor ${generated} failed (${status}): ${error}")
  endif()
  file(RENAME ${OUT}/${file}.tmp ${OUT}/${file})
endforeach()
