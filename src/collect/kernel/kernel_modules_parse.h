// SPDX-License-Identifier: MIT
#pragma once
// Parsers for the kernel's module lists: /proc/modules, /lib/modules/<release>/modules.builtin
// and modules.dep. Pure: take the text, never throw.
#include <optional>
#include <string>
#include <string_view>

namespace rocm_doctor::parse {

struct ProcModuleEntry {
  std::string name;
  std::string state;  // "Live", "Loading", "Unloading"; empty when the line has no state column
};

// /proc/modules lines are "name size refcount deps state address [taint]"
// (kernel/module/procfs.c m_show), e.g. "amdgpu 12836864 48 - Live 0x0000000000000000 (OE)".
std::optional<ProcModuleEntry> FindProcModule(std::string_view proc_modules, std::string_view name);

// modules.builtin lists built-in modules by path, one a line:
// "kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko".
bool ModulesBuiltinHas(std::string_view modules_builtin, std::string_view name);

// modules.dep lines are "<path>: <deps...>" with the path relative to /lib/modules/<release>;
// the file may be compressed ("amdgpu.ko.zst", ".xz", ".gz"). Returns the path of `name`,
// preferring an out-of-tree copy (updates/, extra/: where DKMS installs) over kernel/.
std::optional<std::string> ModulesDepFind(std::string_view modules_dep, std::string_view name);

// "amdgpu.ko", "amdgpu.ko.xz", "amdgpu.ko.zst" name module "amdgpu"; "amdgpu2.ko" does not.
bool IsModuleFile(std::string_view file_name, std::string_view name);

// True for paths DKMS (or another out-of-tree build) installs into: updates/..., extra/....
bool IsOutOfTreeModulePath(std::string_view path);

}  // namespace rocm_doctor::parse
