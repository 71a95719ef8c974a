// SPDX-License-Identifier: MIT
#include "system/machine_json.h"

// Writing .rocm-doctor/machine.json (MachineJsonText) and the status keys it shares with the
// parser (machine_json.cpp).
#include <cstdio>
#include <nlohmann/json.hpp>

namespace rocm_doctor::system {
namespace {

using nlohmann::json;

std::string ModeText(std::uint32_t mode) {
  char buffer[8];
  std::snprintf(buffer, sizeof buffer, "%04o", mode & 07777);
  return buffer;
}

json IdJson(const std::string& name, std::uint32_t id) {
  if (!name.empty()) return name;
  return id;
}

}  // namespace

std::string MachineJsonText(const MachineInfo& info) {
  json root = json::object();
  root["format"] = 1;
  root["description"] = info.description;
  json uname = json::object();
  if (info.uname.sysname) uname["sysname"] = *info.uname.sysname;
  if (info.uname.release) uname["release"] = *info.uname.release;
  if (info.uname.version) uname["version"] = *info.uname.version;
  if (info.uname.machine) uname["machine"] = *info.uname.machine;
  if (!uname.empty()) root["uname"] = uname;
  json user = {{"name", info.user.name}, {"uid", info.user.uid}, {"gid", info.user.gid}};
  json groups = json::array();
  json gids = json::array();
  for (const auto& group : info.user.groups) {
    groups.push_back(group.name.empty() && group.gid ? json(*group.gid) : json(group.name));
    gids.push_back(group.gid ? json(*group.gid) : json(nullptr));
  }
  user["groups"] = groups;
  user["gids"] = gids;
  root["user"] = user;
  root["env"] = info.env;
  json nodes = json::object();
  for (const auto& [path, node] : info.nodes) {
    nodes[path] = {{"type", std::string(ToString(node.type))},
                   {"major", node.major},
                   {"minor", node.minor},
                   {"mode", ModeText(node.mode)},
                   {"owner", IdJson(node.owner, node.uid)},
                   {"group", IdJson(node.group, node.gid)},
                   {"uid", node.uid},
                   {"gid", node.gid}};
  }
  root["nodes"] = nodes;
  json errors = json::object();
  const auto add_errors = [&](const char* op, const auto& map) {
    for (const auto& [path, recorded] : map) {
      errors[op][path] = {{"status", std::string(FsStatusKey(recorded.status))},
                          {"error", recorded.error}};
    }
  };
  add_errors("read", info.read_errors);
  add_errors("list", info.list_errors);
  add_errors("stat", info.stat_errors);
  if (!errors.empty()) root["errors"] = errors;
  json filesystems = json::object();
  for (const auto& [path, space] : info.filesystems) {
    if (space.ok()) {
      filesystems[path] = {{"size_bytes", space.size_bytes},
                           {"free_bytes", space.free_bytes},
                           {"avail_bytes", space.avail_bytes}};
    } else {
      filesystems[path] = {{"status", std::string(FsStatusKey(space.status))},
                           {"error", space.error}};
    }
  }
  if (!filesystems.empty()) root["filesystems"] = filesystems;
  return root.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

std::string_view FsStatusKey(FsStatus status) {
  switch (status) {
    case FsStatus::kOk: return "ok";
    case FsStatus::kNotFound: return "not-found";
    case FsStatus::kPermissionDenied: return "permission-denied";
    case FsStatus::kLoop: return "loop";
    case FsStatus::kError: return "error";
  }
  return "error";
}

std::optional<FsStatus> FsStatusFromKey(std::string_view key) {
  for (FsStatus status : {FsStatus::kOk, FsStatus::kNotFound, FsStatus::kPermissionDenied,
                          FsStatus::kLoop, FsStatus::kError}) {
    if (FsStatusKey(status) == key) return status;
  }
  return std::nullopt;
}

}  // namespace rocm_doctor::system
