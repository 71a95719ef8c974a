// SPDX-License-Identifier: MIT
// The rocmdoc_checks OBJECT library is created with this file (CMake needs a source at
// add_library time); checks/CMakeLists.txt adds every checks/<layer>/*.cpp. Linking the objects,
// not an archive, keeps every ROCMDOC_REGISTER_CHECK registrar in the binary.
#include "rocm_doctor/check.h"
