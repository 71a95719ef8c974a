// SPDX-License-Identifier: MIT
// FrameworkFacts: the frameworks each Python environment imports and their wheel or egg metadata;
// what their own files say about the build (ROCm, CUDA or CPU) is read by
// framework_build_reader.cpp. Small reads only: a site directory listing, a few files of a few
// KiB each.
#include <algorithm>
#include <array>
#include <map>
#include <string>
#include <vector>

#include "collect/common/sysfs_reader.h"
#include "collect/frameworks/bundled_hsa_reader.h"
#include "collect/frameworks/framework_build_reader.h"
#include "collect/frameworks/framework_parse.h"
#include "collect/python/python_collector.h"
#include "rocm_doctor/facts/frameworks_facts.h"

namespace rocm_doctor {
namespace {

using framework::kMetadataLimit;

struct FrameworkSpec {
  Framework framework;
  std::string_view package;  // the import name's directory in site-packages
  // Normalised distribution names that install it (PyPI, AMD's repo.radeon.com, nightlies).
  std::array<std::string_view, 10> distributions;
};

constexpr FrameworkSpec kSpecs[] = {
    {Framework::kTorch, "torch", {"torch"}},
    {Framework::kTensorflow,
     "tensorflow",
     {"tensorflow", "tensorflow-rocm", "tensorflow-cpu", "tensorflow-gpu", "tf-nightly",
      "tf-nightly-rocm", "tf-nightly-cpu", "tensorflow-intel", "intel-tensorflow"}},
    {Framework::kJax, "jax", {"jax"}},
    {Framework::kOnnxRuntime,
     "onnxruntime",
     {"onnxruntime", "onnxruntime-gpu", "onnxruntime-rocm", "onnxruntime-migraphx",
      "onnxruntime-training", "onnxruntime-directml", "onnxruntime-openvino", "ort-nightly",
      "ort-nightly-gpu", "onnxruntime-training-rocm"}},
    {Framework::kVllm, "vllm", {"vllm"}},
};

class Collector {
 public:
  explicit Collector(const SystemView& view) : view_(view) {}

  FrameworkFacts Collect() {
    facts_.python = CollectPythonEnvironments(view_, listings_);
    for (std::size_t e = 0; e < facts_.python.envs.size(); ++e) {
      std::vector<bool> found(std::size(kSpecs), false);
      for (const std::string& site : facts_.python.envs[e].site_dirs) {
        const DirListing& listing = List(site);
        for (std::size_t s = 0; s < std::size(kSpecs); ++s) {
          if (found[s] || !Has(listing, kSpecs[s].package)) continue;
          found[s] = true;
          InstallAt(kSpecs[s], site, listing).envs.push_back(e);
        }
      }
    }
    return std::move(facts_);
  }

 private:
  const DirListing& List(const std::string& dir) {
    return framework::CachedListing(view_, listings_, dir);
  }
  static bool Has(const DirListing& listing, std::string_view name) {
    return framework::Lists(listing, name);
  }

  FrameworkInstall& InstallAt(const FrameworkSpec& spec, const std::string& site,
                              const DirListing& listing) {
    const std::string package = JoinPath(site, spec.package);
    for (FrameworkInstall& i : facts_.installs) {
      if (i.package_dir == package) return i;
    }
    FrameworkInstall install;
    install.framework = spec.framework;
    install.site_dir = site;
    install.package_dir = package;
    ReadMetadata(spec, listing, install);
    framework::ReadBuild(view_, listings_, listing, install);
    if (spec.framework == Framework::kTorch) framework::ReadBundledHsa(view_, listings_, install);
    if (!install.version.known() && install.metadata_version.known()) {
      install.version = install.metadata_version;
    }
    if (!install.version.known()) {
      install.version = Fact<std::string>::Unknown(install.package_dir,
                                                   "no version file and no *.dist-info metadata");
    }
    facts_.installs.push_back(std::move(install));
    return facts_.installs.back();
  }

  // The distribution's METADATA (wheel) or PKG-INFO (egg-info directory or file).
  void ReadMetadata(const FrameworkSpec& spec, const DirListing& listing,
                    FrameworkInstall& install) {
    std::vector<std::string> matches;
    for (const std::string& name : listing.names) {
      auto dist = framework::ParseDistDirName(name);
      if (!dist) continue;
      if (std::find(spec.distributions.begin(), spec.distributions.end(), dist->name) ==
          spec.distributions.end()) {
        continue;
      }
      matches.push_back(name);
    }
    if (matches.empty()) {
      install.metadata_version =
          Fact<std::string>::Unknown(install.site_dir, "no *.dist-info or *.egg-info for it");
      return;
    }
    // A wheel's .dist-info over an egg-info; the listing is sorted, so the choice is stable.
    std::stable_partition(matches.begin(), matches.end(), [](const std::string& n) {
      return n.size() > 10 && n.substr(n.size() - 10) == ".dist-info";
    });
    if (matches.size() > 1) {
      std::string all;
      for (const std::string& m : matches) all += (all.empty() ? "" : ", ") + m;
      install.notes.push_back(install.site_dir + " holds " + std::to_string(matches.size()) +
                              " distributions of it (" + all +
                              "): a leftover of an interrupted install or upgrade");
    }
    const std::string dir = JoinPath(install.site_dir, matches.front());
    const bool wheel = matches.front().size() > 10 &&
                       matches.front().substr(matches.front().size() - 10) == ".dist-info";
    std::string path = JoinPath(dir, wheel ? "METADATA" : "PKG-INFO");
    FileContent text = view_.ReadFile(path, kMetadataLimit);
    if (!wheel && !text.ok()) {
      // An old setuptools egg-info is a single file.
      FileContent file = view_.ReadFile(dir, kMetadataLimit);
      if (file.ok()) {
        path = dir;
        text = std::move(file);
      }
    }
    install.metadata_path = path;
    if (!text.ok()) {
      install.metadata_version = Fact<std::string>::Unknown(
          path, std::string(ToString(text.status)) + (text.error.empty() ? "" : ": " + text.error));
      return;
    }
    framework::DistMetadata meta = framework::ParseMetadata(text.data);
    install.distribution = framework::NormalizeDistName(
        meta.name ? *meta.name : framework::ParseDistDirName(matches.front())->name);
    if (meta.version) {
      install.metadata_version = Fact<std::string>::Known(*meta.version, path);
    } else {
      install.metadata_version = Fact<std::string>::Unknown(path, "no Version header");
    }
  }
  const SystemView& view_;
  FrameworkFacts facts_;
  std::map<std::string, DirListing> listings_;
};

}  // namespace

template <>
FrameworkFacts CollectFacts<FrameworkFacts>(const SystemView& view) {
  return Collector(view).Collect();
}

}  // namespace rocm_doctor
