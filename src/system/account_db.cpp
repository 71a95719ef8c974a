// SPDX-License-Identifier: MIT
#include "system/account_db.h"

#include <charconv>
#include <functional>

namespace rocm_doctor::system {
namespace {

void ParseColonFile(std::string_view text,
                    const std::function<void(std::string_view, std::uint32_t)>& add) {
  while (!text.empty()) {
    const std::size_t newline = text.find('\n');
    std::string_view line = text.substr(0, newline);
    text = newline == std::string_view::npos ? std::string_view() : text.substr(newline + 1);
    const std::size_t c1 = line.find(':');
    if (c1 == 0 || c1 == std::string_view::npos) continue;
    const std::size_t c2 = line.find(':', c1 + 1);
    if (c2 == std::string_view::npos) continue;
    const std::size_t c3 = line.find(':', c2 + 1);
    const auto id = ParseAccountId(
        line.substr(c2 + 1, c3 == std::string_view::npos ? line.npos : c3 - c2 - 1));
    if (id) add(line.substr(0, c1), *id);
  }
}

}  // namespace

std::optional<std::uint32_t> ParseAccountId(std::string_view text) {
  std::uint32_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

AccountDb AccountDb::Parse(std::string_view passwd, std::string_view group) {
  AccountDb db;
  ParseColonFile(passwd, [&](std::string_view name, std::uint32_t id) {
    db.uids_.emplace(std::string(name), id);
    db.user_names_.emplace(id, std::string(name));
  });
  ParseColonFile(group, [&](std::string_view name, std::uint32_t id) {
    db.gids_.emplace(std::string(name), id);
    db.group_names_.emplace(id, std::string(name));
  });
  return db;
}

std::optional<std::uint32_t> AccountDb::Uid(std::string_view name) const {
  if (auto it = uids_.find(name); it != uids_.end()) return it->second;
  if (name == "root") return 0;
  return std::nullopt;
}

std::optional<std::uint32_t> AccountDb::Gid(std::string_view name) const {
  if (auto it = gids_.find(name); it != gids_.end()) return it->second;
  if (name == "root") return 0;
  return std::nullopt;
}

std::string AccountDb::UserName(std::uint32_t uid) const {
  if (auto it = user_names_.find(uid); it != user_names_.end()) return it->second;
  return uid == 0 ? "root" : "";
}

std::string AccountDb::GroupName(std::uint32_t gid) const {
  if (auto it = group_names_.find(gid); it != group_names_.end()) return it->second;
  return gid == 0 ? "root" : "";
}

}  // namespace rocm_doctor::system
