// SPDX-License-Identifier: MIT
#pragma once
// Parsers for the version text a ROCm install carries about itself. They take string_view, never
// throw, and return nullopt for anything malformed (hostile machine directories included).
#include <optional>
#include <string>
#include <string_view>

namespace rocm_doctor::rocm_parse {

// <root>/.info/version: "6.2.0-66" (release-build) or "7.1.0" -> "6.2.0" / "7.1.0".
std::optional<std::string> InfoVersion(std::string_view text);

// A header with "#define <PREFIX>_MAJOR 6", "_MINOR 2", "_PATCH 0" lines:
// include/rocm-core/rocm_version.h (prefix ROCM_VERSION) and include/hip/hip_version.h
// (prefix HIP_VERSION). -> "6.2.0". nullopt unless MAJOR and MINOR are present; PATCH optional.
std::optional<std::string> DefinedVersion(std::string_view header, std::string_view prefix);

// HIP's bin/.hipVersion ("HIP_VERSION_MAJOR=1", "_MINOR=5", "_PATCH=19055" lines; HIP of the
// HCC era installs it as <root>/hip/bin/.hipVersion) -> "1.5.19055". nullopt without MAJOR/MINOR.
std::optional<std::string> HipVersionFile(std::string_view text);

// A versioned library file name: ParseLibraryName("libamdhip64.so.6.2.60200", "libamdhip64")
// -> soname "libamdhip64.so.6", version "6.2.60200". "libamdhip64.so" (the dev link) has no
// soname; "libamdhip64.so.6" has a soname and no version.
struct LibraryName {
  std::string soname;   // empty for the unversioned link
  std::string version;  // everything after ".so.", empty for the unversioned link
};
std::optional<LibraryName> ParseLibraryName(std::string_view file_name, std::string_view stem);

// The ROCm release a library version encodes. ROCm builds (since 3.5) put
// major*10000 + minor*100 + patch as the last component of their library versions:
// HIP "6.2.60200" and HSA runtime "1.14.60200" both mean ROCm 6.2.0. Distribution builds
// (Debian's libamdhip64.so.5.2.21153, libhsa-runtime64.so.1.5.0) do not -> nullopt.
std::optional<std::string> ReleaseFromLibraryVersion(std::string_view version);

// Debian's version field upstream part: "5.2.3-3" -> "5.2.3", "1:5.2.3-3+b1" -> "5.2.3".
std::optional<std::string> DebianUpstreamVersion(std::string_view version);

// "6.2.0" -> "6.2"; nullopt when there is no "N.N" prefix.
std::optional<std::string> MajorMinor(std::string_view version);

}  // namespace rocm_doctor::rocm_parse
