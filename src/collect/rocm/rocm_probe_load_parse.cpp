// SPDX-License-Identifier: MIT
#include "collect/rocm/rocm_probe_load_parse.h"

#include <nlohmann/json.hpp>

namespace rocm_doctor::rocm_parse {

// More entries than this is not probe-load output (it prints one per argument).
constexpr std::size_t kMaxEntries = 64;

Result<std::vector<LoadResult>> ProbeLoadOutput(std::string_view json) {
  nlohmann::json doc = nlohmann::json::parse(json.begin(), json.end(), nullptr,
                                             /*allow_exceptions=*/false);
  if (doc.is_discarded()) return Error{"output is not JSON"};
  if (!doc.is_array()) return Error{"output is not a JSON array"};
  if (doc.size() > kMaxEntries) return Error{"more than 64 entries"};
  std::vector<LoadResult> out;
  for (const nlohmann::json& entry : doc) {
    if (!entry.is_object()) return Error{"an entry is not an object"};
    auto library = entry.find("library");
    auto loaded = entry.find("loaded");
    auto error = entry.find("error");
    if (library == entry.end() || !library->is_string()) {
      return Error{"an entry has no string \"library\""};
    }
    if (loaded == entry.end() || !loaded->is_boolean()) {
      return Error{"an entry has no boolean \"loaded\""};
    }
    if (error != entry.end() && !error->is_string() && !error->is_null()) {
      return Error{"\"error\" is neither a string nor null"};
    }
    LoadResult result;
    result.library = library->get<std::string>();
    result.loaded = loaded->get<bool>();
    if (error != entry.end() && error->is_string()) result.error = error->get<std::string>();
    out.push_back(std::move(result));
  }
  return out;
}

std::string ProbeLoadJson(const std::vector<LoadResult>& results) {
  nlohmann::json doc = nlohmann::json::array();
  for (const LoadResult& r : results) {
    doc.push_back({{"library", r.library},
                   {"loaded", r.loaded},
                   {"error", r.loaded ? nlohmann::json(nullptr) : nlohmann::json(r.error)}});
  }
  // dlerror() text is not guaranteed UTF-8: replace invalid bytes rather than throw.
  return doc.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace rocm_doctor::rocm_parse
