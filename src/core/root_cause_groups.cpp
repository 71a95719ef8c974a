// SPDX-License-Identifier: MIT
#include "core/root_cause_groups.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>

#include "rocm_doctor/fix_marks.h"

namespace rocm_doctor {
namespace {

// The members of a group, found before its texts are made.
struct Members {
  std::vector<const RootCause*> causes;  // at least one; the first speaks for the group
  std::vector<std::size_t> indices;      // the same, as indices into the report's root causes
  std::vector<std::string> bdfs;         // the members' addresses; empty for a single cause
};

// Stands for "this member's own address" in the text compared across members. It cannot come
// from a machine: a text that already holds it never groups (Key returns nullopt).
constexpr char kAddressMark = '\x01';

std::string BdfOf(const RootCause& cause) {
  auto it = cause.finding.params.find("bdf");
  return it == cause.finding.params.end() ? std::string() : it->second;
}

// The text the group compares: everything printed for the cause, with its own address marked.
std::optional<std::string> Key(const RootCause& cause) {
  const std::string bdf = BdfOf(cause);
  if (!IsPciAddress(bdf)) return std::nullopt;
  const std::string mark(1, kAddressMark);
  std::string key = cause.check_id + '\0' + cause.finding.code + '\0' +
                    std::string(ToString(cause.finding.status)) + '\0';
  std::vector<std::string> parts{cause.finding.message, cause.remediation.text};
  for (const std::string& c : cause.remediation.commands) parts.push_back(c);
  for (const Symptom& s : cause.symptoms) parts.push_back(s.check_id + ": " + s.finding.message);
  for (const std::string& part : parts) {
    if (part.find(kAddressMark) != std::string::npos) return std::nullopt;
    key += ReplaceAddress(part, bdf, mark) + '\0';
  }
  return key;
}

bool IsHex(std::string_view text) {
  return std::all_of(text.begin(), text.end(),
                     [](unsigned char c) { return std::isxdigit(c) != 0; });
}

// `command` with its member's address (kAddressMark) as the loop variable, quoted for where it
// stands; nullopt when the command holds quoting this does not follow ($'...', $(...), `...`,
// backslashes), so that it is printed per member instead.
std::optional<std::string> WithLoopVariable(std::string_view command) {
  std::string out;
  char quote = 0;  // 0, '\'' or '"'
  for (char c : command) {
    if (c == '\\' || c == '`' || (c == '$' && quote != '\'')) {
      // "$gpu" is ours; any other expansion or escape is left to the per-member form.
      return std::nullopt;
    }
    if (c == kAddressMark) {
      if (quote == '\'') {
        out += "'\"$gpu\"'";
      } else if (quote == '"') {
        out += "$gpu";
      } else {
        out += "\"$gpu\"";
      }
      continue;
    }
    if (quote == 0 && (c == '\'' || c == '"')) {
      quote = c;
    } else if (quote == c) {
      quote = 0;
    }
    out += c;
  }
  if (quote != 0) return std::nullopt;
  return out;
}

std::string TrimRight(std::string text) {
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

}  // namespace

bool IsPciAddress(std::string_view bdf) {
  return bdf.size() == 12 && bdf[4] == ':' && bdf[7] == ':' && bdf[10] == '.' &&
         IsHex(bdf.substr(0, 4)) && IsHex(bdf.substr(5, 2)) && IsHex(bdf.substr(8, 2)) &&
         bdf[11] >= '0' && bdf[11] <= '7';
}

std::string ReplaceAddress(std::string_view text, std::string_view bdf,
                           std::string_view replacement) {
  std::string out;
  if (bdf.empty()) return std::string(text);
  std::size_t pos = 0;
  for (std::size_t hit; (hit = text.find(bdf, pos)) != std::string_view::npos;
       pos = hit + bdf.size()) {
    out.append(text.substr(pos, hit - pos));
    out.append(replacement);
  }
  out.append(text.substr(pos));
  return out;
}

std::string CompactAddresses(const std::vector<std::string>& bdfs, std::string_view separator) {
  // Addresses that share their domain and device.function (one GPU per bus: the usual
  // multi-GPU host) are braced by bus, in first-seen order; the rest are listed as they are.
  std::vector<std::pair<std::string, std::vector<std::string>>> by_rest;  // "dddd|dd.f" -> buses
  for (const std::string& bdf : bdfs) {
    const std::string rest = bdf.substr(0, 4) + '|' + bdf.substr(8);
    auto it = std::find_if(by_rest.begin(), by_rest.end(),
                           [&](const auto& entry) { return entry.first == rest; });
    if (it == by_rest.end()) {
      by_rest.push_back({rest, {bdf.substr(5, 2)}});
    } else {
      it->second.push_back(bdf.substr(5, 2));
    }
  }
  std::vector<std::string> parts;
  for (const auto& [rest, buses] : by_rest) {
    const std::string bus =
        buses.size() == 1 ? buses.front() : fmt::format("{{{}}}", fmt::join(buses, ","));
    parts.push_back(rest.substr(0, 4) + ':' + bus + ':' + rest.substr(5));
  }
  return fmt::format("{}", fmt::join(parts, separator));
}

namespace {

std::vector<Members> FindGroups(const std::vector<RootCause>& causes) {
  std::vector<Members> groups;
  std::map<std::string, std::size_t> by_key;  // key -> index in groups
  for (std::size_t index = 0; index < causes.size(); ++index) {
    const RootCause& cause = causes[index];
    const std::optional<std::string> key = Key(cause);
    if (key) {
      auto it = by_key.find(*key);
      if (it != by_key.end()) {
        Members& group = groups[it->second];
        const std::string bdf = BdfOf(cause);
        // The same GPU twice (two findings of one check) is not two GPUs.
        if (std::find(group.bdfs.begin(), group.bdfs.end(), bdf) == group.bdfs.end()) {
          group.causes.push_back(&cause);
          group.indices.push_back(index);
          group.bdfs.push_back(bdf);
          continue;
        }
      } else {
        by_key.emplace(*key, groups.size());
      }
    }
    Members group;
    group.causes.push_back(&cause);
    group.indices.push_back(index);
    if (key) group.bdfs.push_back(BdfOf(cause));
    groups.push_back(std::move(group));
  }
  for (Members& g : groups) {
    if (g.causes.size() < 2) g.bdfs.clear();
  }
  return groups;
}

std::vector<std::string> GroupCommands(const Members& group) {
  const RootCause& first = *group.causes.front();
  if (group.causes.size() < 2) return first.remediation.commands;
  std::vector<std::string> out;
  const std::string mark(1, kAddressMark);
  for (std::size_t i = 0; i < first.remediation.commands.size(); ++i) {
    const std::string& command = first.remediation.commands[i];
    bool same = true;
    for (const RootCause* m : group.causes) {
      same = same && i < m->remediation.commands.size() && m->remediation.commands[i] == command;
    }
    if (same) {
      out.push_back(command);
      continue;
    }
    // Grouping made every member's command this template with its own address.
    const std::string marked = ReplaceAddress(command, group.bdfs.front(), mark);
    const std::size_t hash = ShellCommentStart(marked);
    const std::string body = TrimRight(marked.substr(0, hash));
    const std::string comment = hash == std::string::npos ? "" : marked.substr(hash);
    const std::optional<std::string> loop_body = WithLoopVariable(body);
    if (loop_body && comment.find(kAddressMark) == std::string::npos) {
      // Brace expansion is bash's (as every fix is): the addresses are hex digits, ':' and '.'
      // only (IsPciAddress), so the list holds nothing the shell would read otherwise.
      std::string loop =
          fmt::format("for gpu in {}; do {}; done", CompactAddresses(group.bdfs, " "), *loop_body);
      if (!comment.empty()) loop += "  " + comment;
      out.push_back(std::move(loop));
      continue;
    }
    for (const RootCause* m : group.causes) {
      if (i < m->remediation.commands.size()) out.push_back(m->remediation.commands[i]);
    }
  }
  return out;
}

}  // namespace

std::vector<RootCauseGroup> GroupRootCauses(const std::vector<RootCause>& causes) {
  std::vector<RootCauseGroup> out;
  for (const Members& members : FindGroups(causes)) {
    const RootCause& first = *members.causes.front();
    RootCauseGroup group;
    group.members = members.indices;
    group.bdfs = members.bdfs;
    group.message = first.finding.message;
    // Several GPUs with the same finding: "8 GPUs: ..." with their addresses in place of the
    // first one's, or on a line of their own when the message does not name it.
    std::string listed;
    if (!group.bdfs.empty()) {
      listed = CompactAddresses(group.bdfs);
      const std::string count = fmt::format("{} GPUs: ", group.bdfs.size());
      if (group.message.find(group.bdfs.front()) != std::string::npos) {
        group.message = count + ReplaceAddress(group.message, group.bdfs.front(), listed);
      } else {
        group.gpus_line = count + listed;
      }
    }
    for (const Symptom& symptom : first.symptoms) {
      group.symptoms.push_back(
          listed.empty() ? symptom.finding.message
                         : ReplaceAddress(symptom.finding.message, group.bdfs.front(), listed));
    }
    group.commands = GroupCommands(members);
    out.push_back(std::move(group));
  }
  return out;
}

}  // namespace rocm_doctor
