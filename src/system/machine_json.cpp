// SPDX-License-Identifier: MIT
#include "system/machine_json.h"

#include <charconv>
#include <nlohmann/json.hpp>

#include "system/json_strict.h"
#include "system/root_resolver.h"

namespace rocm_doctor::system {
namespace {

using nlohmann::json;

constexpr char kSource[] = ".rocm-doctor/machine.json";

// Collects the first type error with the key path that caused it.
class Reader {
 public:
  std::string error;
  bool Fail(const std::string& key, std::string_view want) {
    if (error.empty()) error = "machine.json: \"" + key + "\" must be " + std::string(want);
    return false;
  }
  bool String(const json& object, const char* key, const std::string& where,
              std::optional<std::string>& out) {
    auto it = object.find(key);
    if (it == object.end() || it->is_null()) return true;
    if (!it->is_string()) return Fail(where + "." + key, "a string");
    out = it->get<std::string>();
    return true;
  }
  bool Uint(const json& object, const char* key, const std::string& where,
            std::optional<std::uint32_t>& out) {
    auto it = object.find(key);
    if (it == object.end() || it->is_null()) return true;
    if (!it->is_number_unsigned() || it->get<std::uint64_t>() > 0xFFFFFFFFull) {
      return Fail(where + "." + key, "a non-negative integer below 2^32");
    }
    out = static_cast<std::uint32_t>(it->get<std::uint64_t>());
    return true;
  }
};

struct IdRef {
  std::string name;
  std::optional<std::uint32_t> id;
};

// "owner"/"group" and entries of "groups": a name, a number, or a string of digits.
bool ReadIdRef(Reader& reader, const json& value, const std::string& where, IdRef& out) {
  if (value.is_number_unsigned() && value.get<std::uint64_t>() <= 0xFFFFFFFFull) {
    out.id = static_cast<std::uint32_t>(value.get<std::uint64_t>());
    return true;
  }
  if (!value.is_string()) return reader.Fail(where, "a name or a number");
  out.name = value.get<std::string>();
  out.id = ParseAccountId(out.name);
  if (out.id) out.name.clear();
  return true;
}

void ResolveUser(IdRef& ref, const AccountDb& accounts) {
  if (!ref.id && !ref.name.empty()) ref.id = accounts.Uid(ref.name);
  if (ref.name.empty() && ref.id) ref.name = accounts.UserName(*ref.id);
}

void ResolveGroup(IdRef& ref, const AccountDb& accounts) {
  if (!ref.id && !ref.name.empty()) ref.id = accounts.Gid(ref.name);
  if (ref.name.empty() && ref.id) ref.name = accounts.GroupName(*ref.id);
}

std::optional<NodeType> NodeTypeFromKey(std::string_view key) {
  if (key == "char" || key == "character") return NodeType::kCharDevice;
  if (key == "block") return NodeType::kBlockDevice;
  if (key == "regular" || key == "file") return NodeType::kRegular;
  if (key == "directory" || key == "dir") return NodeType::kDirectory;
  if (key == "symlink") return NodeType::kSymlink;
  if (key == "other") return NodeType::kOther;
  return std::nullopt;
}

bool ReadNode(Reader& reader, const json& value, const std::string& where,
              const AccountDb& accounts, NodeInfo& node) {
  if (!value.is_object()) return reader.Fail(where, "an object");
  node.status = FsStatus::kOk;
  node.type = NodeType::kCharDevice;
  node.mode = 0666;
  std::optional<std::string> type;
  if (!reader.String(value, "type", where, type)) return false;
  if (type) {
    auto parsed = NodeTypeFromKey(*type);
    if (!parsed) return reader.Fail(where + ".type", "char, block, regular, directory or other");
    node.type = *parsed;
  }
  std::optional<std::uint32_t> major, minor, uid, gid;
  if (!reader.Uint(value, "major", where, major) || !reader.Uint(value, "minor", where, minor) ||
      !reader.Uint(value, "uid", where, uid) || !reader.Uint(value, "gid", where, gid)) {
    return false;
  }
  node.major = major.value_or(0);
  node.minor = minor.value_or(0);
  if (auto it = value.find("mode"); it != value.end() && !it->is_null()) {
    // A string is octal as ls and stat print it ("0660"); a number is the value itself.
    if (it->is_string()) {
      const std::string text = it->get<std::string>();
      std::uint32_t mode = 0;
      const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), mode, 8);
      if (text.empty() || ec != std::errc() || end != text.data() + text.size() || mode > 07777) {
        return reader.Fail(where + ".mode", "an octal string such as \"0660\"");
      }
      node.mode = mode;
    } else if (it->is_number_unsigned() && it->get<std::uint64_t>() <= 07777) {
      node.mode = static_cast<std::uint32_t>(it->get<std::uint64_t>());
    } else {
      return reader.Fail(where + ".mode", "an octal string such as \"0660\"");
    }
  }
  IdRef owner{"root", 0};
  IdRef group{"root", 0};
  if (auto it = value.find("owner"); it != value.end() && !it->is_null()) {
    owner = {};
    if (!ReadIdRef(reader, *it, where + ".owner", owner)) return false;
  }
  if (auto it = value.find("group"); it != value.end() && !it->is_null()) {
    group = {};
    if (!ReadIdRef(reader, *it, where + ".group", group)) return false;
  }
  if (uid) owner.id = uid;
  if (gid) group.id = gid;
  ResolveUser(owner, accounts);
  ResolveGroup(group, accounts);
  node.owner = owner.name;
  node.group = group.name;
  node.uid = owner.id.value_or(kUnknownId);
  node.gid = group.id.value_or(kUnknownId);
  return true;
}

bool ReadUser(Reader& reader, const json& value, const AccountDb& accounts, UserInfo& user) {
  if (!value.is_object()) return reader.Fail("user", "an object");
  std::optional<std::string> name;
  std::optional<std::uint32_t> uid, gid;
  if (!reader.String(value, "name", "user", name) || !reader.Uint(value, "uid", "user", uid) ||
      !reader.Uint(value, "gid", "user", gid)) {
    return false;
  }
  IdRef self{name.value_or(""), uid};
  ResolveUser(self, accounts);
  user.name = self.name;
  user.uid = self.id.value_or(kUnknownId);
  user.groups.clear();
  if (auto it = value.find("groups"); it != value.end() && !it->is_null()) {
    if (!it->is_array()) return reader.Fail("user.groups", "an array of names");
    const json* gids = nullptr;
    if (auto g = value.find("gids"); g != value.end() && g->is_array() && g->size() == it->size()) {
      gids = &*g;
    }
    for (std::size_t i = 0; i < it->size(); ++i) {
      IdRef group;
      if (!ReadIdRef(reader, (*it)[i], "user.groups[" + std::to_string(i) + "]", group)) {
        return false;
      }
      if (gids != nullptr && (*gids)[i].is_number_unsigned() &&
          (*gids)[i].get<std::uint64_t>() <= 0xFFFFFFFFull) {
        group.id = static_cast<std::uint32_t>((*gids)[i].get<std::uint64_t>());
      }
      ResolveGroup(group, accounts);
      user.groups.push_back(GroupRef{group.name, group.id});
    }
  } else if (user.uid == 0) {
    user.groups.push_back(GroupRef{"root", 0});
  }
  // The primary group: from "gid", else the first listed group.
  if (gid) {
    user.gid = *gid;
  } else if (!user.groups.empty() && user.groups.front().gid) {
    user.gid = *user.groups.front().gid;
  } else {
    user.gid = user.uid == 0 ? 0 : kUnknownId;
  }
  bool has_primary = false;
  for (const auto& group : user.groups) has_primary = has_primary || group.gid == user.gid;
  if (!has_primary && user.gid != kUnknownId) {
    user.groups.insert(user.groups.begin(), GroupRef{accounts.GroupName(user.gid), user.gid});
  }
  return true;
}

bool ReadErrors(Reader& reader, const json& value, const char* op,
                std::map<std::string, RecordedError, std::less<>>& out) {
  auto it = value.find(op);
  if (it == value.end() || it->is_null()) return true;
  const std::string where = std::string("errors.") + op;
  if (!it->is_object()) return reader.Fail(where, "an object of paths");
  for (const auto& [path, entry] : it->items()) {
    if (!entry.is_object()) return reader.Fail(where + "." + path, "an object");
    std::optional<std::string> status, error;
    if (!reader.String(entry, "status", where, status) ||
        !reader.String(entry, "error", where, error)) {
      return false;
    }
    auto parsed = FsStatusFromKey(status.value_or("error"));
    if (!parsed || *parsed == FsStatus::kOk) {
      return reader.Fail(where + "." + path + ".status", "permission-denied, not-found or error");
    }
    out[NormalizeHostPath(path)] = RecordedError{*parsed, error.value_or(std::string(
                                                              ToString(*parsed)))};
  }
  return true;
}

// One "filesystems" entry: {"size_bytes", "free_bytes", "avail_bytes"} or, for a statvfs that
// failed on the captured host, {"status", "error"}. Never fails the whole file.
FsSpace ReadFsSpace(const json& entry, const std::string& path) {
  FsSpace out;
  const auto malformed = [&](const std::string& why) {
    FsSpace bad;
    bad.status = FsStatus::kError;
    bad.error = "machine.json \"filesystems." + path + "\" is malformed: " + why;
    return bad;
  };
  if (!entry.is_object()) return malformed("not an object");
  if (auto it = entry.find("status"); it != entry.end() && !it->is_null()) {
    auto parsed = it->is_string() ? FsStatusFromKey(it->get<std::string>()) : std::nullopt;
    if (!parsed) return malformed("\"status\" is not a known status");
    if (*parsed != FsStatus::kOk) {
      out.status = *parsed;
      auto error = entry.find("error");
      out.error = error != entry.end() && error->is_string() ? error->get<std::string>()
                                                             : std::string(ToString(*parsed));
      return out;
    }
  }
  for (auto [key, field] : {std::pair{"size_bytes", &out.size_bytes},
                            std::pair{"free_bytes", &out.free_bytes},
                            std::pair{"avail_bytes", &out.avail_bytes}}) {
    auto it = entry.find(key);
    if (it == entry.end() || !it->is_number_unsigned()) {
      return malformed(std::string("\"") + key + "\" must be a non-negative integer");
    }
    *field = it->get<std::uint64_t>();
  }
  if (out.free_bytes > out.size_bytes || out.avail_bytes > out.free_bytes) {
    return malformed("needs avail_bytes <= free_bytes <= size_bytes");
  }
  out.status = FsStatus::kOk;
  return out;
}


}  // namespace

UserInfo DefaultRootUser() {
  return UserInfo{.name = "root", .uid = 0, .gid = 0, .groups = {{"root", 0}}, .source = kSource};
}

Result<MachineInfo> ParseMachineJson(std::string_view text, const AccountDb& accounts) {
  MachineInfo info;
  info.user = DefaultRootUser();
  // Duplicate keys are an error: with nlohmann's last-one-wins, a second "user" would replace
  // the one that shows the permission fault.
  Result<json> strict = ParseJsonNoDuplicates(text);
  if (!strict) return Error{"machine.json: " + strict.error()};
  const json root = std::move(strict).value();
  if (!root.is_object()) return Error{"machine.json: the top level must be an object"};
  Reader reader;
  try {
    std::optional<std::uint32_t> format;
    if (!reader.Uint(root, "format", "", format)) return Error{reader.error};
    if (format && *format != 1) {
      return Error{"machine.json: format " + std::to_string(*format) +
                   " is newer than this rocm-doctor reads (1)"};
    }
    std::optional<std::string> description;
    if (!reader.String(root, "description", "", description)) return Error{reader.error};
    info.description = description.value_or("");
    if (auto it = root.find("uname"); it != root.end() && !it->is_null()) {
      if (!it->is_object()) return Error{"machine.json: \"uname\" must be an object"};
      if (!reader.String(*it, "sysname", "uname", info.uname.sysname) ||
          !reader.String(*it, "release", "uname", info.uname.release) ||
          !reader.String(*it, "version", "uname", info.uname.version) ||
          !reader.String(*it, "machine", "uname", info.uname.machine)) {
        return Error{reader.error};
      }
    }
    if (auto it = root.find("user"); it != root.end() && !it->is_null()) {
      if (!ReadUser(reader, *it, accounts, info.user)) return Error{reader.error};
    }
    if (auto it = root.find("env"); it != root.end() && !it->is_null()) {
      if (!it->is_object()) return Error{"machine.json: \"env\" must be an object of strings"};
      for (const auto& [name, value] : it->items()) {
        if (!value.is_string()) return Error{"machine.json: \"env." + name + "\" must be a string"};
        info.env[name] = value.get<std::string>();
      }
    }
    if (auto it = root.find("nodes"); it != root.end() && !it->is_null()) {
      if (!it->is_object()) return Error{"machine.json: \"nodes\" must be an object of paths"};
      for (const auto& [path, value] : it->items()) {
        NodeInfo node;
        if (!ReadNode(reader, value, "nodes." + path, accounts, node)) return Error{reader.error};
        info.nodes[NormalizeHostPath(path)] = std::move(node);
      }
    }
    if (auto it = root.find("errors"); it != root.end() && !it->is_null()) {
      if (!it->is_object()) return Error{"machine.json: \"errors\" must be an object"};
      if (!ReadErrors(reader, *it, "read", info.read_errors) ||
          !ReadErrors(reader, *it, "list", info.list_errors) ||
          !ReadErrors(reader, *it, "stat", info.stat_errors)) {
        return Error{reader.error};
      }
    }
    if (auto it = root.find("filesystems"); it != root.end() && !it->is_null()) {
      if (!it->is_object()) {
        info.filesystems_error = "machine.json \"filesystems\" is not an object";
      } else {
        for (const auto& [path, entry] : it->items()) {
          info.filesystems[NormalizeHostPath(path)] = ReadFsSpace(entry, path);
        }
      }
    }
  } catch (const json::exception& e) {
    return Error{std::string("machine.json: ") + e.what()};
  }
  return info;
}

}  // namespace rocm_doctor::system
