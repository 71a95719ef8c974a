# SPDX-License-Identifier: MIT
set(CPACK_GENERATOR "DEB;TGZ")
set(CPACK_PACKAGE_NAME "rocm-doctor")
set(CPACK_PACKAGE_CONTACT "rocm-doctor maintainers <rocm-doctor@users.noreply.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_DEBIAN_PACKAGE_SECTION "utils")
# Dependencies are stated, not computed: dpkg-shlibdeps would make the package depend on
# libamdhip64 through the HIP probe helper, and the doctor must install on the broken machines
# it diagnoses (no ROCm, or ROCm in /opt/rocm rather than from Debian).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS OFF)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libc6 (>= 2.34), libfmt9 (>= 9.1.0), libgcc-s1 (>= 3.0), libstdc++6 (>= 12)")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libamdhip64-5 | rocm-hip-runtime")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
include(CPack)
