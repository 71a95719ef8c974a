// SPDX-License-Identifier: MIT
#pragma once
// The dpkg database (dpkg(1) FILES, deb-control(5)): /var/lib/dpkg/status holds one stanza per
// package ("Package:", "Status: install ok installed", "Version:"); /var/lib/dpkg/info/
// <package>.list (<package>:<arch>.list for Multi-Arch: same) lists its files, one absolute path
// a line. What `dpkg -S FILE` and `dpkg-query -W PACKAGE` answer, read without running them.
#include <optional>
#include <string>
#include <string_view>

namespace rocm_doctor::dpkg {

// The Version of `package` when its Status says it is installed ("install ok installed";
// "deinstall ok config-files" is not), e.g. "5.2.3-2". nullopt otherwise.
std::optional<std::string> InstalledVersion(std::string_view status, std::string_view package);

// Whether a .list file names `path` (a whole line, exactly).
bool ListsPath(std::string_view list, std::string_view path);

// Debian's architecture name for uname's machine ("x86_64" -> "amd64"); empty when unknown.
std::string_view Architecture(std::string_view uname_machine);

}  // namespace rocm_doctor::dpkg
