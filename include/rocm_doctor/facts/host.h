// SPDX-License-Identifier: MIT
#pragma once
#include <cstdint>
#include <string>

#include "rocm_doctor/facts/fact.h"
#include "rocm_doctor/system_view.h"

namespace rocm_doctor {

struct HostFacts {
  Fact<std::string> os_pretty_name;  // os-release PRETTY_NAME
  Fact<std::string> os_id;           // os-release ID ("debian", "ubuntu")
  Fact<std::string> os_version_id;   // os-release VERSION_ID ("12")
  Fact<std::string> os_version;      // os-release VERSION ("22.04.5 LTS (Jammy Jellyfish)")
  Fact<std::string> hostname;        // /proc/sys/kernel/hostname
  UnameInfo uname;
  UserInfo user;
  Fact<std::uint64_t> mem_total_bytes;  // /proc/meminfo MemTotal (kB * 1024)
};

}  // namespace rocm_doctor
