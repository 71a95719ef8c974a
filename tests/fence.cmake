# SPDX-License-Identifier: MIT
# include_fences: the layer fences of cmake/Layers.cmake hold. tests/fence/check_fences.cmake
# compiles small probe sources (-fsyntax-only) with the real include paths of each fenced target
# below, read from the generated files: the allowed includes must compile, an include of a layer
# the target may not see must fail with "No such file" (system including collect/, core/,
# report/ or knowledge/; a check or reporter including collect/ or system/; ...). A fence someone
# widens (src/ added to a target's include paths, a layer linked PUBLIC) makes this test fail.
foreach(fenced rocmdoc_checks rocmdoc_report rocmdoc_system rocmdoc_policy rocmdoc_gate
               rocmdoc_fleet rocmdoc_diff)
  file(GENERATE OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/fence/${fenced}.includes
       CONTENT "$<JOIN:$<TARGET_PROPERTY:${fenced},INCLUDE_DIRECTORIES>,\n>\n")
endforeach()
add_test(NAME include_fences
         COMMAND ${CMAKE_COMMAND} -DCXX=${CMAKE_CXX_COMPILER} -DSTD=${CMAKE_CXX_STANDARD}
                 -DPROBES=${CMAKE_CURRENT_SOURCE_DIR}/fence
                 -DINCLUDES=${CMAKE_CURRENT_BINARY_DIR}/fence
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/fence/check_fences.cmake)
