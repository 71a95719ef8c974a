// SPDX-License-Identifier: MIT
// modprobe.d rules that disable amdgpu (modprobe.d(5)).
#include <set>
#include <string>

#include "collect/kernel/kernel_collector_parts.h"
#include "collect/kernel/modprobe_parse.h"
#include "base/text_parse.h"
#include "collect/common/sysfs_reader.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor::kernel_parts {
namespace {

// modprobe.d files are small; a hostile capture may not be.
constexpr std::size_t kConfLimit = 1u << 20;

// kmod reads /etc, then /run, then the vendor dirs; a file name seen in an earlier directory
// hides the same name in later ones (so /etc/modprobe.d/x.conf -> /dev/null disables
// /usr/lib/modprobe.d/x.conf, and a merged /lib == /usr/lib is read once).
std::vector<std::string_view> DirsInPrecedence() {
  std::vector<std::string_view> ordered;
  for (std::string_view first : {std::string_view("/etc/"), std::string_view("/run/")}) {
    for (std::string_view dir : paths::kModprobeDirs) {
      if (parse::StartsWith(dir, first)) ordered.push_back(dir);
    }
  }
  for (std::string_view dir : paths::kModprobeDirs) {
    if (!parse::StartsWith(dir, "/etc/") && !parse::StartsWith(dir, "/run/")) {
      ordered.push_back(dir);
    }
  }
  return ordered;
}

bool EndsWith(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

}  // namespace

void CollectModprobe(const SystemView& view, KernelFacts& facts) {
  std::set<std::string> seen;
  for (std::string_view dir : DirsInPrecedence()) {
    DirListing listing = view.ListDir(dir);
    if (!listing.ok()) {
      if (listing.status != FsStatus::kNotFound) {
        facts.modprobe_errors.push_back(std::string(dir) + ": " +
                                        DescribeFailure(listing.status, listing.error));
      }
      continue;
    }
    for (const std::string& name : listing.names) {
      // Only *.conf files are read (modprobe.d(5)).
      if (!EndsWith(name, ".conf") || !seen.insert(name).second) continue;
      std::string path = JoinPath(dir, name);
      FileContent file = view.ReadFile(path, kConfLimit);
      if (!file.ok()) {
        facts.modprobe_errors.push_back(path + ": " + DescribeFailure(file.status, file.error));
        continue;
      }
      for (ModprobeRule& rule : parse::ParseModprobeConf(file.data, path)) {
        facts.modprobe_blocks.push_back(std::move(rule));
      }
    }
  }
}

}  // namespace rocm_doctor::kernel_parts
