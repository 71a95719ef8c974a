// SPDX-License-Identifier: MIT
#pragma once
// User and group names of the live host (getpwuid_r/getgrgid_r: NSS, so LDAP/sssd users resolve).
#include <sys/types.h>

#include <string>

namespace rocm_doctor::system {

std::string HostUserName(uid_t uid);   // empty when the uid has no name
std::string HostGroupName(gid_t gid);  // empty when the gid has no name

}  // namespace rocm_doctor::system
