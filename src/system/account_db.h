// SPDX-License-Identifier: MIT
#pragma once
// Names and numbers of a machine directory's accounts, from its etc/passwd and etc/group: how
// replay answers "owner" and "group" of a recorded node (docs/machine-format.md).
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace rocm_doctor::system {

// "name:x:id:..." lines; malformed lines are skipped.
class AccountDb {
 public:
  static AccountDb Parse(std::string_view passwd, std::string_view group);
  std::optional<std::uint32_t> Uid(std::string_view name) const;
  std::optional<std::uint32_t> Gid(std::string_view name) const;
  std::string UserName(std::uint32_t uid) const;   // empty when unknown ("root" for 0)
  std::string GroupName(std::uint32_t gid) const;  // empty when unknown ("root" for 0)

 private:
  std::map<std::string, std::uint32_t, std::less<>> uids_, gids_;
  std::map<std::uint32_t, std::string> user_names_, group_names_;
};

// A uid or gid written as decimal digits only ("1000"); nullopt for anything else, including an
// empty text, a sign, blanks, or a value past 32 bits.
std::optional<std::uint32_t> ParseAccountId(std::string_view text);

}  // namespace rocm_doctor::system
