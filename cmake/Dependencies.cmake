# SPDX-License-Identifier: MIT
# Every dependency comes from Debian packages (libcli11-dev libfmt-dev libspdlog-dev
# nlohmann-json3-dev libtomlplusplus-dev libgtest-dev); none is downloaded at configure time.
find_package(fmt REQUIRED)
find_package(spdlog REQUIRED)
find_package(nlohmann_json 3.10 REQUIRED)
find_package(CLI11 REQUIRED)
find_package(Threads REQUIRED)
# toml++ (libtomlplusplus-dev) for policy files, used header-only: see src/policy/CMakeLists.txt.
find_path(TOMLPLUSPLUS_INCLUDE_DIR toml++/toml.h REQUIRED)
if(ROCMDOC_BUILD_TESTS)
  find_package(GTest REQUIRED)
endif()
