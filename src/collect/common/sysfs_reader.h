// SPDX-License-Identifier: MIT
#pragma once
// Typed reads of one sysfs/procfs attribute through a SystemView, each returning a Fact that
// names its path and, when unknown, why (not found / permission denied / malformed value).
#include <cstdint>
#include <string>
#include <string_view>

#include "rocm_doctor/facts/fact.h"
#include "rocm_doctor/system_view.h"

namespace rocm_doctor {

// Sysfs attributes are small: 64 KiB is far above any real one and bounds hostile input.
inline constexpr std::size_t kAttributeLimit = 64 * 1024;

std::string JoinPath(std::string_view dir, std::string_view name);
std::string_view BaseName(std::string_view path);

Fact<std::string> ReadText(const SystemView& view, std::string_view path);  // trimmed
Fact<std::uint64_t> ReadHex(const SystemView& view, std::string_view path);
Fact<std::int64_t> ReadInt(const SystemView& view, std::string_view path);
Fact<std::uint64_t> ReadUInt(const SystemView& view, std::string_view path);
// ReadText's and ReadUInt's answers for `file`, already read from `path` (a file of
// SystemView::ReadFilesBelow's answer).
Fact<std::string> TextFact(const FileContent& file, std::string_view path);
Fact<std::uint64_t> UIntFact(const FileContent& file, std::string_view path);
// The basename of a symlink's target ("amdgpu" for .../drivers/amdgpu); not-found = unknown.
Fact<std::string> ReadLinkBase(const SystemView& view, std::string_view path);
bool Exists(const SystemView& view, std::string_view path);

}  // namespace rocm_doctor
