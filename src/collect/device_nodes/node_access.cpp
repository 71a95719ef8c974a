// SPDX-License-Identifier: MIT
// The access rule of facts/device_nodes.h and machine-format.md "nodes": what open(O_RDWR) would
// decide from the mode, owner and group of a device node and the process's uid and groups
// (fs/namei.c acl_permission_check: owner bits if the uid matches, else group bits if any group
// matches, else other bits; root passes through CAP_DAC_OVERRIDE).
#include "collect/device_nodes/node_access.h"

#include "base/text_parse.h"

namespace rocm_doctor {
namespace {

std::string OwnerText(const NodeInfo& info) {
  std::string owner = info.owner.empty() ? std::to_string(info.uid) : info.owner;
  std::string group = info.group.empty() ? std::to_string(info.gid) : info.group;
  return owner + ":" + group;
}

std::string GroupName(const NodeInfo& info) {
  return info.group.empty() ? "gid " + std::to_string(info.gid) : info.group;
}

std::string UserGroups(const UserInfo& user) {
  std::string out;
  for (const GroupRef& g : user.groups) {
    if (!out.empty()) out += ", ";
    out += !g.name.empty() ? g.name : (g.gid ? std::to_string(*g.gid) : "?");
  }
  return out.empty() ? "no groups" : "groups: " + out;
}

std::string UserName(const UserInfo& user) {
  return user.name.empty() ? "uid " + std::to_string(user.uid) : user.name;
}

// By number when both sides have one; by name when the machine directory gave only names.
bool InGroup(const NodeInfo& info, const UserInfo& user) {
  if (user.gid == info.gid) return true;  // the primary group
  for (const GroupRef& g : user.groups) {
    if (g.gid.has_value()) {
      if (*g.gid == info.gid) return true;
    } else if (!g.name.empty() && g.name == info.group) {
      return true;
    }
  }
  return false;
}

bool AllowsReadWrite(std::uint32_t mode, int shift) {
  std::uint32_t rw = 06u << shift;
  return (mode & rw) == rw;
}

}  // namespace

std::string ModeString(NodeType type, std::uint32_t mode) {
  char kind = '?';
  switch (type) {
    case NodeType::kRegular:
      kind = '-';
      break;
    case NodeType::kDirectory:
      kind = 'd';
      break;
    case NodeType::kSymlink:
      kind = 'l';
      break;
    case NodeType::kCharDevice:
      kind = 'c';
      break;
    case NodeType::kBlockDevice:
      kind = 'b';
      break;
    case NodeType::kOther:
      kind = '?';
      break;
  }
  std::string out(1, kind);
  const char* letters = "rwxrwxrwx";
  for (int bit = 0; bit < 9; ++bit) {
    out += (mode & (0400u >> bit)) ? letters[bit] : '-';
  }
  return out;
}

NodeAccess EvaluateAccess(std::string path, const NodeInfo& info, const UserInfo& user) {
  return EvaluateAccessInNamespace(std::move(path), info, user, false);
}

NodeAccess EvaluateAccessInNamespace(std::string path, const NodeInfo& info, const UserInfo& user,
                                     bool unprivileged_userns) {
  NodeAccess out;
  out.path = std::move(path);
  out.info = info;
  if (!info.ok()) {
    out.reason = info.status == FsStatus::kNotFound
                     ? out.path + " does not exist"
                     : "cannot stat " + out.path + ": " + std::string(ToString(info.status)) +
                           (info.error.empty() ? "" : " (" + info.error + ")");
    return out;
  }
  const std::uint32_t mode = info.mode & 07777;
  const std::string desc = ModeString(info.type, mode) + " " + OwnerText(info) + "; ";
  const std::string who = UserName(user);
  out.in_node_group = InGroup(info, user);
  out.group_unmapped = info.gid == kOverflowId;

  const bool unmapped_owner = info.uid == kOverflowId || info.gid == kOverflowId;
  if (user.uid == 0 && !(unprivileged_userns && unmapped_owner)) {
    out.read_write = true;
    out.reason = desc + who + " is uid 0 (CAP_DAC_OVERRIDE)";
    return out;
  }
  const std::string root_note =
      user.uid == 0 ? " (uid 0 of a user namespace: no override for unmapped ids)" : "";
  if (user.uid == info.uid) {
    out.read_write = AllowsReadWrite(mode, 6);
    out.reason = desc + who + " owns it; the owner bits " +
                 (out.read_write ? "allow" : "do not allow") + " read-write";
    return out;
  }
  if (out.in_node_group) {
    out.read_write = AllowsReadWrite(mode, 3);
    out.reason = desc + who + " is in group " + GroupName(info) + "; the group bits " +
                 (out.read_write ? "allow" : "do not allow") + " read-write" + root_note;
    return out;
  }
  out.read_write = AllowsReadWrite(mode, 0);
  out.reason = desc + who + " (" + UserGroups(user) + ") is not in group " + GroupName(info) +
               "; the other bits " + (out.read_write ? "allow" : "do not allow") + " read-write" +
               root_note;
  return out;
}

bool EtcGroupListsMember(std::string_view etc_group, std::uint32_t gid, std::string_view group,
                         std::string_view user) {
  if (user.empty()) return false;
  for (std::string_view line : parse::Lines(etc_group)) {
    // name:password:gid:member,member (group(5))
    std::string_view fields[4];
    std::size_t count = 0;
    while (count < 3) {
      std::size_t colon = line.find(':');
      if (colon == std::string_view::npos) break;
      fields[count++] = line.substr(0, colon);
      line.remove_prefix(colon + 1);
    }
    if (count != 3) continue;
    fields[3] = parse::Trim(line);
    auto line_gid = parse::UInt(fields[2]);
    bool same = line_gid ? *line_gid == gid : false;
    if (!group.empty() && fields[0] == group) same = true;
    if (!same) continue;
    std::string_view members = fields[3];
    while (!members.empty()) {
      std::size_t comma = members.find(',');
      std::string_view member = parse::Trim(members.substr(0, comma));
      if (member == user) return true;
      if (comma == std::string_view::npos) break;
      members.remove_prefix(comma + 1);
    }
  }
  return false;
}

}  // namespace rocm_doctor
