// SPDX-License-Identifier: MIT
#include "collect/frameworks/bundled_hsa_reader.h"

#include "base/text_parse.h"
#include "collect/frameworks/framework_build_reader.h"
#include "collect/python/python_paths.h"

namespace rocm_doctor::framework {
namespace {

constexpr char kHsaPrefix[] = "libhsa-runtime64.so";
// The host's runtime, by the soname link every ROCm release installs (the file behind it is
// libhsa-runtime64.so.1.<minor>.<build>, whose suffix changes each release; AMD's WSL guide once
// named .so.1.2, wrong since ROCm 6.2: ROCm/ROCm#4881).
constexpr const char* kHostCandidates[] = {"/opt/rocm/lib/libhsa-runtime64.so.1",
                                           "/opt/rocm/lib/libhsa-runtime64.so"};
// libhsa-runtime64.so.1 is 3-10 MiB (ROCm 5.7-7.x); a file past this limit is not compared.
constexpr std::size_t kRuntimeLimit = 64u << 20;

std::string ReadError(const std::string& path, const FileContent& text) {
  return path + ": " + std::string(ToString(text.status)) +
         (text.error.empty() ? "" : " (" + text.error + ")");
}

}  // namespace

void ReadBundledHsa(const SystemView& view, std::map<std::string, DirListing>& listings,
                    FrameworkInstall& install) {
  if (install.lib_dir.empty()) return;
  const DirListing& listing = CachedListing(view, listings, install.lib_dir);
  std::string name;
  for (const std::string& n : listing.names) {
    if (!parse::StartsWith(n, kHsaPrefix)) continue;
    // The unversioned name is the one libamdhip64 asks for (DT_NEEDED libhsa-runtime64.so.1 is
    // satisfied by whichever the wheel ships; prefer the plain name, as the guides delete it).
    if (name.empty() || n == kHsaPrefix) name = n;
  }
  if (name.empty()) return;
  BundledHsaRuntime hsa;
  hsa.path = install.lib_dir + "/" + name;
  hsa.resolved = python::RealPath(view, hsa.path);
  for (const char* candidate : kHostCandidates) {
    FileContent probe = view.ReadFile(candidate, 1);
    if (probe.status == FsStatus::kNotFound) continue;
    hsa.host_path = python::RealPath(view, candidate);
    break;
  }
  if (hsa.host_path.empty()) {
    hsa.same_as_host =
        Fact<bool>::Unknown(kHostCandidates[0], "the host has no libhsa-runtime64 in /opt/rocm/lib");
  } else if (hsa.resolved == hsa.host_path) {
    hsa.same_as_host = Fact<bool>::Known(true, hsa.path + " -> " + hsa.resolved);
  } else {
    FileContent mine = view.ReadFile(hsa.path, kRuntimeLimit);
    FileContent host = view.ReadFile(hsa.host_path, kRuntimeLimit);
    if (!mine.ok()) {
      hsa.same_as_host = Fact<bool>::Unknown(hsa.path, ReadError(hsa.path, mine));
    } else if (!host.ok()) {
      hsa.same_as_host = Fact<bool>::Unknown(hsa.host_path, ReadError(hsa.host_path, host));
    } else if (mine.truncated || host.truncated) {
      hsa.same_as_host = Fact<bool>::Unknown(
          hsa.path, "larger than " + std::to_string(kRuntimeLimit >> 20) + " MiB: not compared");
    } else {
      hsa.same_as_host = Fact<bool>::Known(
          mine.data == host.data,
          hsa.path + " (" + std::to_string(mine.data.size()) + " bytes) and " + hsa.host_path +
              " (" + std::to_string(host.data.size()) + " bytes)");
    }
  }
  install.bundled_hsa = std::move(hsa);
}

}  // namespace rocm_doctor::framework
