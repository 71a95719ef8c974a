# SPDX-License-Identifier: MIT
rocmdoc_add_test(test_cli ${CMAKE_CURRENT_LIST_DIR}/cli/cli_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cli/interface_cli_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cli/sysroot_cli_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cli/bench_cli_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cli/generated_files_cli_test.cpp
                 SHARDS 4)

# The JSON report validated against docs/report.schema.json by a real validator.
find_package(Python3 COMPONENTS Interpreter)
if(Python3_FOUND)
  add_test(NAME report_schema
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/schema/validate_reports.py
                   --binary $<TARGET_FILE:rocm-doctor> --schema ${PROJECT_SOURCE_DIR}/docs/report.schema.json
                   --machines ${CMAKE_CURRENT_LIST_DIR}/machines
                   --goldens ${CMAKE_CURRENT_LIST_DIR}/golden/machines)
endif()

# Every catalog code has a test that produces it.
if(Python3_FOUND)
  add_test(NAME catalog_codes_tested
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/catalog/codes_tested.py
                   $<TARGET_FILE:rocm-doctor> ${CMAKE_CURRENT_LIST_DIR})
endif()

# tools/doctor.sh (README's first command) shows its build's progress and says how long it takes.
add_test(NAME doctor_sh_progress
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/cli/doctor_sh_test.sh ${PROJECT_SOURCE_DIR})

# cmake --install into a fresh prefix: the binary, the helper, the man page, the completions and
# the docs where users and their tools look (tests/cli/install_test.sh).
if(TARGET rocm-doctor-hip)
  set(rocmdoc_helper_built 1)
else()
  set(rocmdoc_helper_built 0)
endif()
add_test(NAME cli_install
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/cli/install_test.sh ${PROJECT_BINARY_DIR}
                 ${PROJECT_SOURCE_DIR} ${rocmdoc_helper_built})
