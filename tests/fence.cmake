# include_fences: the layer fences of cmake/Layers.cmake hold. tests/fence/check_fences.cmake
# compiles small probe sources (-fsyntax-only) with the real include paths of rocmdoc_checks and
# rocmdoc_report, read from the generated files below: the allowed includes must compile, an
# include of collect/ or system/ must fail with "No such file". A fence someone widens (src/ added
# to a target's include paths, a layer linked PUBLIC) makes this test fail.
foreach(fenced rocmdoc_checks rocmdoc_report)
  file(GENERATE OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/fence/${fenced}.includes
       CONTENT "$<JOIN:$<TARGET_PROPERTY:${fenced},INCLUDE_DIRECTORIES>,\n>\n")
endforeach()
add_test(NAME include_fences
         COMMAND ${CMAKE_COMMAND} -DCXX=${CMAKE_CXX_COMPILER} -DSTD=${CMAKE_CXX_STANDARD}
                 -DPROBES=${CMAKE_CURRENT_SOURCE_DIR}/fence
                 -DINCLUDES=${CMAKE_CURRENT_BINARY_DIR}/fence
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/fence/check_fences.cmake)
