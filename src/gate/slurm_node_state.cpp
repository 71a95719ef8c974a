// SPDX-License-Identifier: MIT
#include "gate/slurm_node_state.h"

#include <algorithm>

namespace rocm_doctor::gate {
namespace {

std::string_view Trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  const auto last = s.find_last_not_of(" \t\r\n");
  return s.substr(first, last - first + 1);
}

// The value of "Key=" among the space-separated tokens of `line`, up to the next space.
std::optional<std::string_view> Token(std::string_view line, std::string_view key) {
  std::size_t pos = 0;
  while (pos < line.size()) {
    const std::size_t end = std::min(line.find(' ', pos), line.size());
    std::string_view token = line.substr(pos, end - pos);
    if (token.size() > key.size() && token.substr(0, key.size()) == key &&
        token[key.size()] == '=') {
      return token.substr(key.size() + 1);
    }
    pos = end + 1;
  }
  return std::nullopt;
}

// Splits "text [user@2026-12-01T14:23:43]" into the text and the user. Slurm appends that
// suffix to every reason set through scontrol (slurmctld's node_mgr.c).
void SplitReason(std::string_view value, SlurmNodeState& state) {
  if (!value.empty() && value.back() == ']') {
    const std::size_t open = value.rfind(" [");
    if (open != std::string_view::npos) {
      std::string_view inside = value.substr(open + 2, value.size() - open - 3);
      const std::size_t at = inside.find('@');
      if (at != std::string_view::npos && inside.find('[') == std::string_view::npos) {
        state.reason_user = std::string(inside.substr(0, at));
        value = Trim(value.substr(0, open));
      }
    }
  }
  state.reason = std::string(value);
}

// Lines whose one value is free text that may hold "State=" itself.
bool IsFreeTextLine(std::string_view line) {
  for (std::string_view key : {"Comment=", "Extra=", "OS=", "Features=", "Reason="}) {
    if (line.substr(0, key.size()) == key) return true;
  }
  return false;
}

}  // namespace

bool SaysNodeNotFound(std::string_view text) {
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = std::min(text.find('\n', pos), text.size());
    std::string_view line = Trim(text.substr(pos, end - pos));
    if (line.size() > 15 && line.substr(0, 5) == "Node " &&
        line.substr(line.size() - 10) == " not found") {
      return true;
    }
    pos = end + 1;
  }
  return false;
}

bool SlurmNodeState::HasFlag(std::string_view flag) const {
  return std::find(flags.begin(), flags.end(), flag) != flags.end();
}

Result<SlurmNodeState> ParseScontrolShowNode(std::string_view text, std::string_view node) {
  if (Trim(text).empty()) return Error{"scontrol printed nothing for node " + std::string(node)};
  std::optional<SlurmNodeState> found;
  bool in_record = false;  // inside the record of `node`
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = Trim(text.substr(pos, end - pos));
    pos = end + 1;
    if (line.empty()) continue;
    if (SaysNodeNotFound(line)) {
      return Error{"Slurm does not know node " + std::string(node) +
                   " (scontrol: " + std::string(line) + ")"};
    }
    if (line.substr(0, 9) == "NodeName=") {
      std::optional<std::string_view> name = Token(line, "NodeName");
      in_record = name && *name == node && !found;
      if (in_record) {
        found.emplace();
        found->name = std::string(*name);
      }
      continue;
    }
    if (!in_record) continue;
    if (line.substr(0, 7) == "Reason=") {
      SplitReason(Trim(line.substr(7)), *found);
      continue;
    }
    if (IsFreeTextLine(line)) continue;
    if (auto state = Token(line, "State"); state && found->state.empty()) {
      found->state = std::string(*state);
      std::string_view rest = *state;
      std::size_t plus = rest.find('+');
      found->base = std::string(rest.substr(0, plus));
      while (plus != std::string_view::npos) {
        rest = rest.substr(plus + 1);
        plus = rest.find('+');
        if (!rest.substr(0, plus).empty()) found->flags.emplace_back(rest.substr(0, plus));
      }
    }
  }
  if (!found) return Error{"scontrol printed no record for node " + std::string(node)};
  if (found->state.empty()) {
    return Error{"scontrol's record for node " + std::string(node) + " has no State="};
  }
  return *found;
}

}  // namespace rocm_doctor::gate
