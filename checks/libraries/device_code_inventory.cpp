// SPDX-License-Identifier: MIT
// libraries.code_objects without a GPU: the device-code inventory (device_code_inventory.h).
#include "device_code_inventory.h"

#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace rocm_doctor::libraries {
namespace {

// Targets in the order people read them: gfx803 < gfx90a < gfx1030 < gfx11-generic (shorter
// processor names are older families), then by name.
std::vector<std::string> InventoryOrder(const std::set<std::string>& targets) {
  std::vector<std::string> out(targets.begin(), targets.end());
  auto key = [](const std::string& t) {
    return std::make_pair(t.substr(0, t.find(':')).size(), t);
  };
  std::stable_sort(out.begin(), out.end(),
                   [&](const std::string& a, const std::string& b) { return key(a) < key(b); });
  return out;
}

Finding InventoryFindingFor(const CodeObjectScan& scan) {
  std::string observed;
  std::string message = scan.library + " " + scan.path;
  if (scan.state == CodeObjectScan::State::kTargets) {
    observed = Join(InventoryOrder(scan.targets)) + " in " + std::to_string(scan.bundles) +
               (scan.bundles == 1 ? " bundle" : " bundles") +
               (scan.complete ? "" : " (the part read)");
    message += " carries device code for " + Join(InventoryOrder(scan.targets));
  } else {
    observed = scan.state == CodeObjectScan::State::kCompressed
                   ? std::to_string(scan.compressed) +
                         " compressed offload bundles (CCOB): targets unknown"
                   : scan.error;
    message += ": " + observed;
  }
  return MakeFinding(std::string(kInventoryFinding.code), std::move(message),
                     {{scan.source, observed, ""}},
                     {{"path", scan.path}, {"library", scan.library}});
}

}  // namespace

// The outcome without a GPU: INFO, a finding per library with device code (or whose code could
// not be read), and a summary that groups the libraries carrying the same targets.
CheckOutcome DeviceCodeInventory(const std::vector<const LibraryDir*>& dirs,
                                 const CodeObjectFacts& facts) {
  constexpr std::size_t kGroupsShown = 4;
  std::vector<Finding> findings;
  std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>>
      groups;                        // targets, libs
  std::vector<std::string> unknown;  // libraries whose targets could not be read
  std::size_t without_code = 0, placeholders = 0;
  for (const CodeObjectScan& scan : facts.scans) {
    const bool listed = std::any_of(dirs.begin(), dirs.end(), [&](const LibraryDir* d) {
      return std::any_of(d->libraries.begin(), d->libraries.end(),
                         [&](const InstalledLibrary& l) { return l.path == scan.path; });
    });
    if (!listed) continue;
    switch (scan.state) {
      case CodeObjectScan::State::kPlaceholder:
        ++placeholders;
        continue;
      case CodeObjectScan::State::kNoDeviceCode:
        ++without_code;
        continue;
      case CodeObjectScan::State::kCompressed:
      case CodeObjectScan::State::kUnreadable:
        unknown.push_back(scan.library);
        break;
      case CodeObjectScan::State::kTargets: {
        std::vector<std::string> targets = InventoryOrder(scan.targets);
        auto same = std::find_if(groups.begin(), groups.end(),
                                 [&](const auto& g) { return g.first == targets; });
        if (same == groups.end()) {
          groups.push_back({std::move(targets), {scan.library}});
        } else {
          same->second.push_back(scan.library);
        }
        break;
      }
    }
    Finding f = InventoryFindingFor(scan);
    f.status = Status::kInfo;
    findings.push_back(std::move(f));
  }
  std::vector<std::string> parts;
  std::size_t hidden = 0;
  for (std::size_t i = 0; i < groups.size(); ++i) {
    if (i >= kGroupsShown) {
      hidden += groups[i].second.size();
      continue;
    }
    parts.push_back(Join(groups[i].second) +
                    (groups[i].second.size() == 1 ? " carries " : " carry ") +
                    Join(groups[i].first));
  }
  if (hidden > 0) parts.push_back(std::to_string(hidden) + " more libraries (-v lists each)");
  if (!unknown.empty()) parts.push_back("targets not readable: " + Join(unknown));
  if (without_code > 0) parts.push_back(std::to_string(without_code) + " without device code");
  if (placeholders > 0) {
    parts.push_back(std::to_string(placeholders) +
                    (placeholders == 1 ? " empty placeholder file" : " empty placeholder files") +
                    " not judged");
  }
  std::string summary = parts.empty() ? "no library with device code" : Join(parts, "; ");
  summary += " (no GPU in the KFD topology to judge against)";
  CheckOutcome outcome;  // field by field: CheckOutcome gains fields (-Wmissing-field-initializers)
  outcome.status = Status::kInfo;
  outcome.summary = std::move(summary);
  outcome.findings = std::move(findings);
  return outcome;
}

}  // namespace rocm_doctor::libraries
