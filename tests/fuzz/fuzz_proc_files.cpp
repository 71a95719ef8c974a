// SPDX-License-Identifier: MIT
// /proc files: the kernel command line, meminfo, the module lists (/proc/modules,
// modules.builtin, modules.dep) and what the platform collector reads to tell containers,
// WSL and hypervisors apart (cgroup, mountinfo, environ, uid_map, version, cpuinfo, DMI).
#include <cstdint>

#include "collect/kernel/cmdline_parse.h"
#include "collect/kernel/kernel_modules_parse.h"
#include "collect/host/meminfo_parse.h"
#include "collect/platform/platform_parse.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace rocm_doctor;
  const std::string_view text = fuzz::AsText(data, size);
  fuzz::Use(parse::SplitCmdline(text));
  fuzz::Use(parse::ParseCmdline(text));
  for (const char* key : {"MemTotal", "MemAvailable", "HugePages_Total", ""}) {
    fuzz::Use(meminfo::Bytes(text, key));
  }
  for (const char* name : {"amdgpu", "amdkfd", ""}) {
    fuzz::Use(parse::FindProcModule(text, name));
    fuzz::Use(parse::ModulesBuiltinHas(text, name));
    fuzz::Use(parse::ModulesDepFind(text, name));
    fuzz::Use(parse::IsModuleFile(text, name));
  }
  fuzz::Use(parse::IsOutOfTreeModulePath(text));
  fuzz::Use(platform::ContainerFromCgroup(text));
  fuzz::Use(platform::ContainerFromMountinfo(text));
  fuzz::Use(platform::MountType(text, "/"));
  fuzz::Use(platform::MountType(text, "/sys"));
  fuzz::Use(platform::ContainerFromEnviron(text));
  fuzz::Use(platform::UidMapIsUnprivileged(text));
  fuzz::Use(platform::ProcVersionIsWsl(text));
  fuzz::Use(platform::CpuinfoHasHypervisorFlag(text));
  const auto halves = fuzz::SplitParts(text, 2);
  fuzz::Use(platform::HypervisorFromDmi(halves[0], halves[1]));
  fuzz::Use(platform::HypervisorFromClocksources(text));
  return 0;
}
