// SPDX-License-Identifier: MIT
// A machine directory's metadata: .rocm-doctor/machine.json with the etc/passwd and etc/group
// it resolves names through, and the recorded probe and kernel-log files. Whatever parses must
// serialise and parse back (capture writes what replay reads).
#include <cstdint>
#include <cstdlib>

#include "fuzz_input.h"
#include "system/machine_json.h"
#include "system/probe_json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace rocm_doctor;
  const std::string_view text = fuzz::AsText(data, size);
  const auto parts = fuzz::SplitParts(text, 3);
  const system::AccountDb accounts = system::AccountDb::Parse(parts[1], parts[2]);
  if (auto info = system::ParseMachineJson(parts[0], accounts)) {
    if (!system::ParseMachineJson(system::MachineJsonText(*info), accounts)) std::abort();
  }
  if (auto probe = system::ParseProbeJson(text)) {
    CommandSpec spec;
    spec.name = "fuzz";
    if (!system::ParseProbeJson(system::ProbeJsonText(spec, *probe))) std::abort();
  }
  if (auto log = system::ParseKernelLogJson(text)) {
    if (!system::ParseKernelLogJson(system::KernelLogJsonText(*log))) std::abort();
  }
  fuzz::Use(system::IsValidProbeName(text));
  return 0;
}
