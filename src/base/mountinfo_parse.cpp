// SPDX-License-Identifier: MIT
#include "base/mountinfo_parse.h"

#include <charconv>
#include <optional>

#include "base/text_parse.h"

namespace rocm_doctor::mountinfo {
namespace {

std::optional<std::uint32_t> Number(std::string_view text) {
  std::uint32_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// Fields are separated by single spaces; SplitWhitespace also takes tabs and repeated spaces,
// which the kernel never writes (it escapes them), so hostile input cannot shift the fields.
std::optional<Mount> ParseLine(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);  // a file copied from Windows
  std::vector<std::string_view> fields = parse::SplitWhitespace(line);
  // Six fixed fields, the "-" separator, then at least type and source.
  if (fields.size() < 9) return std::nullopt;
  std::size_t dash = 6;
  while (dash < fields.size() && fields[dash] != "-") ++dash;
  if (dash == fields.size() || fields.size() - dash < 3) return std::nullopt;
  Mount mount;
  auto id = Number(fields[0]);
  auto parent = Number(fields[1]);
  const std::size_t colon = fields[2].find(':');
  if (!id || !parent || colon == std::string_view::npos) return std::nullopt;
  auto major = Number(fields[2].substr(0, colon));
  auto minor = Number(fields[2].substr(colon + 1));
  if (!major || !minor) return std::nullopt;
  mount.id = *id;
  mount.parent_id = *parent;
  mount.major = *major;
  mount.minor = *minor;
  mount.root = Unescape(fields[3]);
  mount.mount_point = Unescape(fields[4]);
  if (mount.mount_point.empty() || mount.mount_point.front() != '/' ||
      mount.mount_point.find('\0') != std::string::npos) {
    return std::nullopt;
  }
  mount.options = std::string(fields[5]);
  mount.fstype = std::string(fields[dash + 1]);
  mount.source = Unescape(fields[dash + 2]);
  if (dash + 3 < fields.size()) mount.super_options = std::string(fields[dash + 3]);
  return mount;
}

bool IsOctal(char c) { return c >= '0' && c <= '7'; }

// `point` is `path` or a parent directory of it ("/" holds everything; "/home" holds
// "/home/alice" but not "/homes").
bool Holds(std::string_view point, std::string_view path) {
  if (point == "/") return true;
  if (path.substr(0, point.size()) != point) return false;
  return path.size() == point.size() || path[point.size()] == '/';
}

}  // namespace

std::string Unescape(std::string_view field) {
  std::string out;
  out.reserve(field.size());
  for (std::size_t i = 0; i < field.size(); ++i) {
    if (field[i] == '\\' && i + 3 < field.size() && IsOctal(field[i + 1]) &&
        IsOctal(field[i + 2]) && IsOctal(field[i + 3])) {
      const int value = (field[i + 1] - '0') * 64 + (field[i + 2] - '0') * 8 + (field[i + 3] - '0');
      if (value <= 0xFF) {
        out += static_cast<char>(value);
        i += 3;
        continue;
      }
    }
    out += field[i];
  }
  return out;
}

Table Parse(std::string_view text) {
  Table table;
  std::size_t number = 0;
  for (std::string_view line : parse::Lines(text)) {
    ++number;
    if (parse::Trim(line).empty()) continue;
    if (table.mounts.size() == kMaxMounts) {
      ++table.skipped_lines;
      continue;
    }
    std::optional<Mount> mount = ParseLine(line);
    if (!mount) {
      ++table.skipped_lines;
      continue;
    }
    mount->line = number;
    table.mounts.push_back(std::move(*mount));
  }
  return table;
}

const Mount* MountFor(const Table& table, std::string_view path) {
  const Mount* best = nullptr;
  for (const Mount& mount : table.mounts) {
    if (!Holds(mount.mount_point, path)) continue;
    if (best == nullptr || mount.mount_point.size() >= best->mount_point.size()) best = &mount;
  }
  return best;
}

}  // namespace rocm_doctor::mountinfo
