// SPDX-License-Identifier: MIT
#include "system/probe_json.h"

#include <nlohmann/json.hpp>

#include "system/json_strict.h"

namespace rocm_doctor::system {
namespace {

using nlohmann::json;

std::string Dump(const json& value) {
  // Probe output is arbitrary bytes; JSON strings must be UTF-8, so invalid bytes become U+FFFD.
  return value.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

const json* Find(const json& object, const char* key) {
  auto it = object.find(key);
  return it == object.end() || it->is_null() ? nullptr : &*it;
}

std::optional<CommandOutcome::State> StateFromKey(std::string_view key) {
  using State = CommandOutcome::State;
  for (State state : {State::kExited, State::kSignaled, State::kTimedOut, State::kSpawnFailed,
                      State::kNotRecorded}) {
    if (ToString(state) == key) return state;
  }
  return std::nullopt;
}

}  // namespace

bool IsValidProbeName(std::string_view name) {
  if (name.empty() || name.size() > 128 || name.front() == '.' || name == kKernelLogProbe) {
    return false;
  }
  for (char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '.' || c == '_' || c == '-';
    if (!ok) return false;
  }
  return true;
}

std::string ProbeJsonText(const CommandSpec& spec, const CommandOutcome& outcome) {
  json root = {{"name", spec.name},
               {"argv", spec.argv},
               {"state", std::string(ToString(outcome.state))},
               {"exit_code", outcome.state == CommandOutcome::State::kExited
                                 ? json(outcome.exit_code) : json(nullptr)},
               {"signal", outcome.signal != 0 ? json(outcome.signal) : json(nullptr)},
               {"stdout", outcome.out},
               {"stderr", outcome.err},
               {"truncated", outcome.truncated},
               {"error", outcome.error},
               {"wall_seconds", outcome.wall_seconds}};
  return Dump(root);
}

Result<CommandOutcome> ParseProbeJson(std::string_view text) {
  CommandOutcome out;
  // A second "exit_code" or "stdout" would silently replace the first (a failure turned into
  // a success): duplicate keys are an error.
  Result<json> strict = ParseJsonNoDuplicates(text);
  if (!strict) return Error{strict.error()};
  const json root = std::move(strict).value();
  try {
    if (!root.is_object()) return Error{"the top level must be an object"};
    const json* state = Find(root, "state");
    if (state == nullptr || !state->is_string()) return Error{"\"state\" must be a string"};
    auto parsed = StateFromKey(state->get<std::string>());
    if (!parsed) return Error{"unknown \"state\" " + state->dump()};
    out.state = *parsed;
    if (const json* v = Find(root, "exit_code")) out.exit_code = v->get<int>();
    if (const json* v = Find(root, "signal")) out.signal = v->get<int>();
    if (const json* v = Find(root, "stdout")) out.out = v->get<std::string>();
    if (const json* v = Find(root, "stderr")) out.err = v->get<std::string>();
    if (const json* v = Find(root, "truncated")) out.truncated = v->get<bool>();
    if (const json* v = Find(root, "error")) out.error = v->get<std::string>();
    if (const json* v = Find(root, "wall_seconds")) out.wall_seconds = v->get<double>();
    if (const json* v = Find(root, "argv")) {
      if (!v->is_array()) return Error{"\"argv\" must be an array of strings"};
      for (const json& word : *v) {
        if (!word.is_string()) return Error{"\"argv\" must be an array of strings"};
        out.recorded_argv.push_back(word.get<std::string>());
      }
    }
  } catch (const json::exception& e) {
    return Error{e.what()};
  }
  if (out.state == CommandOutcome::State::kExited && out.exit_code < 0) {
    return Error{"\"exit_code\" is missing for state \"exited\""};
  }
  return out;
}

std::string KernelLogJsonText(const KernelLog& log) {
  json root = {{"state", log.state == KernelLog::State::kOk ? "ok" : "unreadable"},
               {"source", log.source},
               {"lines", log.lines},
               {"error", log.error}};
  return Dump(root);
}

Result<KernelLog> ParseKernelLogJson(std::string_view text) {
  KernelLog log;
  Result<json> strict = ParseJsonNoDuplicates(text);  // a second "lines" would hide the first
  if (!strict) return Error{strict.error()};
  const json root = std::move(strict).value();
  try {
    if (!root.is_object()) return Error{"the top level must be an object"};
    const json* state = Find(root, "state");
    if (state == nullptr || !state->is_string()) return Error{"\"state\" must be a string"};
    if (*state == "ok") {
      log.state = KernelLog::State::kOk;
    } else if (*state == "unreadable") {
      log.state = KernelLog::State::kUnreadable;
    } else {
      return Error{"\"state\" must be \"ok\" or \"unreadable\""};
    }
    if (const json* v = Find(root, "source")) log.source = v->get<std::string>();
    if (const json* v = Find(root, "error")) log.error = v->get<std::string>();
    if (const json* v = Find(root, "lines")) log.lines = v->get<std::vector<std::string>>();
  } catch (const json::exception& e) {
    return Error{e.what()};
  }
  return log;
}

}  // namespace rocm_doctor::system
