// SPDX-License-Identifier: MIT
#pragma once
// The body of the hidden `rocm-doctor probe-smi LIB...` (src/cli/probe_smi_command.cpp): loads
// the first library of `candidates` that dlopen()s, resolves rocm-smi-lib's entry points with
// dlsym (src/collect/rocm_smi/rocm_smi_abi.h), calls rsmi_init(0) and reads what the library reports.
// Only the child runs this: rsmi_init can wait seconds on a mutex or crash (architecture rule 1).
#include <optional>
#include <string>
#include <vector>

#include "rocm_doctor/facts/rocm_smi_facts.h"
#include "system/dynamic_library.h"

namespace rocm_doctor::rocm_smi {

// At most this many devices are read (rsmi reports one per GPU or partition).
inline constexpr std::size_t kMaxDevices = 64;

// `loaded` receives the library that loaded and must stay open until the report is printed:
// closing it runs the library's destructors.
RocmSmiReport Probe(const std::vector<std::string>& candidates,
                    std::optional<DynamicLibrary>& loaded);

}  // namespace rocm_doctor::rocm_smi
