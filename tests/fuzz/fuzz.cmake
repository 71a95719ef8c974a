# SPDX-License-Identifier: MIT
# Fuzz targets, one per parser family (tests/fuzz/README.md). With ROCMDOC_FUZZ=ON (clang) each
# is a libFuzzer binary (tools/fuzz.sh runs them); otherwise a plain program that replays its
# inputs. Either way ctest runs every target once over its seed corpus and found-crash
# regressions, so a fixed crash stays fixed in every build.
set(ROCMDOC_FUZZ_TARGETS
  sysfs_values pci_sysfs kfd_topology proc_files os_release modprobe kernel_log version_files
  elf_bundle tensile hip_probe_json probe_load_json machine_json redact pipeline
  frameworks policy report_json slurm bench diff mountinfo)

set(ROCMDOC_FUZZ_DIR ${CMAKE_CURRENT_LIST_DIR})
foreach(target ${ROCMDOC_FUZZ_TARGETS})
  set(name fuzz_${target})
  if(ROCMDOC_FUZZ)
    add_executable(${name} ${ROCMDOC_FUZZ_DIR}/${name}.cpp)
    target_compile_options(${name} PRIVATE -fsanitize=fuzzer)
    target_link_options(${name} PRIVATE -fsanitize=fuzzer)
    set(corpus_args -runs=0)
  else()
    add_executable(${name} ${ROCMDOC_FUZZ_DIR}/${name}.cpp ${ROCMDOC_FUZZ_DIR}/replay_main.cpp)
    set(corpus_args "")
  endif()
  target_include_directories(${name} PRIVATE ${ROCMDOC_FUZZ_DIR} ${PROJECT_SOURCE_DIR}/tests)
  target_link_libraries(${name} PRIVATE rocmdoc_test_support)
  if(target STREQUAL "pipeline")
    target_sources(${name} PRIVATE $<TARGET_OBJECTS:rocmdoc_checks>)
  endif()
  rocmdoc_warnings(${name})
  set(inputs)
  foreach(dir corpus regressions)
    if(IS_DIRECTORY ${ROCMDOC_FUZZ_DIR}/${dir}/${target})
      list(APPEND inputs ${ROCMDOC_FUZZ_DIR}/${dir}/${target})
    endif()
  endforeach()
  if(inputs)
    add_test(NAME fuzz_corpus.${target} COMMAND ${name} ${corpus_args} ${inputs})
    set_tests_properties(fuzz_corpus.${target} PROPERTIES TIMEOUT 300 LABELS fuzz)
  endif()
endforeach()
