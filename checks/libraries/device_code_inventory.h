// SPDX-License-Identifier: MIT
#pragma once
// The device-code inventory of libraries.code_objects where there is no GPU to judge it against:
// which gfx targets each installed ROCm library carries, as information. A build host, or a
// container image being prepared on a machine without a GPU, needs exactly this answer ("will
// this image run on our MI300X and RX 7900 nodes?"); with a GPU the check judges the same scans
// against it instead. Header-only: every .cpp under checks/ counts as one check.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "gpu_targets.h"

namespace rocm_doctor::libraries {

constexpr std::string_view kInventoryCommands[] = {
    "roc-obj-ls {path} | awk '{print $2}' | sort -u",
};

// Owned by libraries.code_objects (registered with its other codes).
constexpr FindingSpec kInventoryFinding{
    .code = "libraries.code_object.targets",
    .severity = Status::kInfo,
    .title = "The gfx targets a ROCm library carries device code for (no GPU to judge against)",
    .remediation =
        "No GPU is in the KFD topology (a build host, a container image being prepared, a "
        "virtual machine without passthrough), so the library's device code is listed rather "
        "than judged: the target ids in its .hip_fatbin offload bundles. A GPU can use the "
        "library when one of them is its gfx target (or a generic one covering it), with "
        "matching xnack/sramecc features where named; on a host with the GPU, "
        "libraries.code_objects judges exactly that. roc-obj-ls lists the same targets.",
    .commands = kInventoryCommands};

// Targets in the order people read them: gfx803 < gfx90a < gfx1030 < gfx11-generic (shorter
// processor names are older families), then by name.
inline std::vector<std::string> InventoryOrder(const std::set<std::string>& targets) {
  std::vector<std::string> out(targets.begin(), targets.end());
  auto key = [](const std::string& t) {
    return std::make_pair(t.substr(0, t.find(':')).size(), t);
  };
  std::stable_sort(out.begin(), out.end(),
                   [&](const std::string& a, const std::string& b) { return key(a) < key(b); });
  return out;
}

inline Finding InventoryFindingFor(const CodeObjectScan& scan) {
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

// The outcome without a GPU: INFO, a finding per library with device code (or whose code could
// not be read), and a summary that groups the libraries carrying the same targets.
inline CheckOutcome DeviceCodeInventory(const std::vector<const LibraryDir*>& dirs,
                                        const CodeObjectFacts& facts) {
  constexpr std::size_t kGroupsShown = 4;
  std::vector<Finding> findings;
  std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>> groups;  // targets, libs
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
    parts.push_back(Join(groups[i].second) + (groups[i].second.size() == 1 ? " carries " : " carry ") +
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
  return CheckOutcome{.status = Status::kInfo, .summary = std::move(summary),
                      .findings = std::move(findings), .benchmarks = {}};
}

}  // namespace rocm_doctor::libraries
