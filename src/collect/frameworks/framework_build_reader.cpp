// SPDX-License-Identifier: MIT
// ReadBuild: a framework install's build and version from its own files (see
// framework_build_reader.h). Small reads only: a few files of a few KiB each, a directory listing.
#include "collect/frameworks/framework_build_reader.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/text_parse.h"
#include "collect/common/sysfs_reader.h"
#include "collect/frameworks/framework_parse.h"

namespace rocm_doctor::framework {
namespace {

using parse::StartsWith;

// torch/lib files that tell the build. Prefix matches: wheels name them libamdhip64.so,
// libamdhip64.so.6 or (auditwheel) libcudart-9335f6a2.so.12.
constexpr std::string_view kTorchLibs[] = {
    "libtorch_hip", "libc10_hip",   "libamdhip64", "libhsa-runtime64", "libMIOpen",
    "librocblas",   "libhipblaslt", "librccl",     "libtorch_cuda",    "libc10_cuda",
    "libcudart",    "libcublas",    "libcudnn",    "libnccl"};

// ONNX Runtime's execution providers are shared libraries in onnxruntime/capi.
struct ProviderSpec {
  std::string_view file;  // libonnxruntime_providers_<x>.so
  std::string_view name;
  BuildFlavor flavor;
};
constexpr ProviderSpec kOrtProviders[] = {
    {"libonnxruntime_providers_rocm.so", "ROCm", BuildFlavor::kRocm},
    {"libonnxruntime_providers_migraphx.so", "MIGraphX", BuildFlavor::kRocm},
    {"libonnxruntime_providers_cuda.so", "CUDA", BuildFlavor::kCuda},
    {"libonnxruntime_providers_tensorrt.so", "TensorRT", BuildFlavor::kCuda},
    {"libonnxruntime_providers_openvino.so", "OpenVINO", BuildFlavor::kCpu},
    {"libonnxruntime_providers_dnnl.so", "DNNL", BuildFlavor::kCpu},
};

std::string Quote(const PyLiteral& value) {
  switch (value.kind) {
    case PyLiteral::Kind::kString:
      return "'" + value.text + "'";
    case PyLiteral::Kind::kNone:
      return "None";
    default:
      return value.text;
  }
}

class BuildReader {
 public:
  BuildReader(const SystemView& view, std::map<std::string, DirListing>& listings)
      : view_(view), listings_(listings) {}

  void Read(const DirListing& site, FrameworkInstall& install) {
    switch (install.framework) {
      case Framework::kTorch:
        Torch(install);
        break;
      case Framework::kTensorflow:
        Tensorflow(install);
        break;
      case Framework::kJax:
        Jax(site, install);
        break;
      case Framework::kOnnxRuntime:
        OnnxRuntime(install);
        break;
      case Framework::kVllm:
        Vllm(install);
        break;
    }
  }

 private:
  const DirListing& List(const std::string& dir) { return CachedListing(view_, listings_, dir); }
  static bool Has(const DirListing& listing, std::string_view name) { return Lists(listing, name); }

  // The assignments of a small Python module, or an empty map with the reason noted.
  std::map<std::string, PyLiteral> Module(const std::string& path, FrameworkInstall& install,
                                          bool note_missing) {
    FileContent text = view_.ReadFile(path, kMetadataLimit);
    if (!text.ok()) {
      if (note_missing || text.status != FsStatus::kNotFound) {
        install.notes.push_back(path + ": " + std::string(ToString(text.status)) +
                                (text.error.empty() ? "" : " (" + text.error + ")"));
      }
      return {};
    }
    return ParseAssignments(text.data);
  }

  std::vector<std::string> LibFiles(const std::string& dir,
                                    const std::vector<std::string_view>& prefixes) {
    std::vector<std::string> out;
    for (const std::string& name : List(dir).names) {
      for (std::string_view p : prefixes) {
        if (StartsWith(name, p)) {
          out.push_back(name);
          break;
        }
      }
    }
    return out;
  }

  bool HasLib(const FrameworkInstall& install, std::string_view prefix) const {
    return std::any_of(install.lib_files.begin(), install.lib_files.end(),
                       [&](const std::string& f) { return StartsWith(f, prefix); });
  }

  // The flavour the metadata's local version label says, as a fallback or a cross-check.
  LocalVersion MetadataLabel(const FrameworkInstall& install) const {
    if (!install.metadata_version.known()) return {};
    return ParseLocalVersion(*install.metadata_version);
  }

  void SetFlavor(FrameworkInstall& install, BuildFlavor flavor, std::string release,
                 BuildClue clue) {
    install.flavor = flavor;
    if (flavor == BuildFlavor::kRocm) install.rocm_release = std::move(release);
    if (flavor == BuildFlavor::kCuda) install.cuda_release = std::move(release);
    install.clues.insert(install.clues.begin(), std::move(clue));
  }

  // The metadata label agrees or is absent; a disagreement is kept as a note (a rebuilt or
  // hand-copied package).
  void CrossCheckLabel(FrameworkInstall& install) {
    const LocalVersion label = MetadataLabel(install);
    if (label.flavor == BuildFlavor::kUnknown) return;
    const BuildClue clue{install.metadata_path, "Version: " + *install.metadata_version};
    if (install.flavor == BuildFlavor::kUnknown) {
      SetFlavor(install, label.flavor, label.release, clue);
      return;
    }
    install.clues.push_back(clue);
    if (label.flavor != install.flavor) {
      install.notes.push_back(install.metadata_path + " says +" + label.label + " but " +
                              install.clues.front().source + " says a " +
                              std::string(ToString(install.flavor)) + " build");
    }
  }

  void Torch(FrameworkInstall& install) {
    const std::string version_py = install.package_dir + "/version.py";
    std::map<std::string, PyLiteral> v = Module(version_py, install, true);
    auto text_of = [&](const char* key) -> Fact<std::string> {
      auto it = v.find(key);
      if (it == v.end() || it->second.kind != PyLiteral::Kind::kString) {
        return Fact<std::string>::Unknown(version_py, std::string("no ") + key + " string");
      }
      return Fact<std::string>::Known(it->second.text, version_py);
    };
    auto optional_of = [&](const char* key) -> Fact<std::optional<std::string>> {
      auto it = v.find(key);
      if (it == v.end()) {
        return Fact<std::optional<std::string>>::Unknown(version_py,
                                                         std::string("no ") + key + " = ...");
      }
      if (it->second.kind == PyLiteral::Kind::kNone) {
        return Fact<std::optional<std::string>>::Known(std::nullopt, version_py);
      }
      if (it->second.kind == PyLiteral::Kind::kString) {
        return Fact<std::optional<std::string>>::Known(it->second.text, version_py);
      }
      return Fact<std::optional<std::string>>::Unknown(
          version_py, std::string(key) + " = " + it->second.text + " is not a string or None");
    };
    install.version = text_of("__version__");
    install.hip = optional_of("hip");
    install.cuda = optional_of("cuda");
    install.git_version = text_of("git_version");

    install.lib_dir = install.package_dir + "/lib";
    install.lib_files = LibFiles(install.lib_dir, {std::begin(kTorchLibs), std::end(kTorchLibs)});
    install.bundles_hip_runtime = HasLib(install, "libamdhip64");

    if (install.hip.known() && install.cuda.known()) {
      std::string observed =
          "hip = " +
          Quote({install.hip->has_value() ? PyLiteral::Kind::kString : PyLiteral::Kind::kNone,
                 install.hip->value_or("")}) +
          ", cuda = " +
          Quote({install.cuda->has_value() ? PyLiteral::Kind::kString : PyLiteral::Kind::kNone,
                 install.cuda->value_or("")});
      if (install.hip->has_value()) {
        SetFlavor(install, BuildFlavor::kRocm, MajorMinor(**install.hip), {version_py, observed});
      } else if (install.cuda->has_value()) {
        SetFlavor(install, BuildFlavor::kCuda, MajorMinor(**install.cuda), {version_py, observed});
      } else {
        SetFlavor(install, BuildFlavor::kCpu, "", {version_py, observed});
      }
    }
    CrossCheckLabel(install);
    if (install.flavor == BuildFlavor::kUnknown && List(install.lib_dir).ok()) {
      // Neither file says: the backend libraries it ships do.
      if (HasLib(install, "libtorch_hip")) {
        SetFlavor(install, BuildFlavor::kRocm, "", {install.lib_dir, "libtorch_hip.so"});
      } else if (HasLib(install, "libtorch_cuda")) {
        SetFlavor(install, BuildFlavor::kCuda, "", {install.lib_dir, "libtorch_cuda.so"});
      } else if (Has(List(install.lib_dir), "libtorch_cpu.so")) {
        SetFlavor(install, BuildFlavor::kCpu, "",
                  {install.lib_dir, "libtorch_cpu.so, no libtorch_hip.so or libtorch_cuda.so"});
      }
    }
    if (!install.lib_files.empty()) {
      std::string files;
      for (const std::string& f : install.lib_files) files += (files.empty() ? "" : ", ") + f;
      install.clues.push_back({install.lib_dir, files});
    }
  }

  void Tensorflow(FrameworkInstall& install) {
    const std::string path = install.package_dir + "/python/platform/build_info.py";
    FileContent text = view_.ReadFile(path, kMetadataLimit);
    if (text.ok()) {
      TfBuildInfo info = ParseTfBuildInfo(text.data);
      std::string observed;
      auto add = [&](const std::string& part) {
        observed += (observed.empty() ? "" : ", ") + part;
      };
      if (info.is_rocm_build)
        add(std::string("is_rocm_build ") + (*info.is_rocm_build ? "True" : "False"));
      if (info.is_cuda_build)
        add(std::string("is_cuda_build ") + (*info.is_cuda_build ? "True" : "False"));
      if (info.rocm_version) add("rocm_version '" + *info.rocm_version + "'");
      if (info.cuda_version) add("cuda_version '" + *info.cuda_version + "'");
      if (info.is_rocm_build.value_or(false)) {
        SetFlavor(install, BuildFlavor::kRocm, MajorMinor(info.rocm_version.value_or("")),
                  {path, observed});
      } else if (info.is_cuda_build.value_or(false)) {
        SetFlavor(install, BuildFlavor::kCuda, MajorMinor(info.cuda_version.value_or("")),
                  {path, observed});
      } else if (info.is_rocm_build && info.is_cuda_build) {
        SetFlavor(install, BuildFlavor::kCpu, "", {path, observed});
      }
    } else if (text.status != FsStatus::kNotFound) {
      install.notes.push_back(path + ": " + std::string(ToString(text.status)));
    }
    if (install.flavor == BuildFlavor::kUnknown) {
      // The distribution name: tensorflow-rocm is AMD's build, tensorflow-cpu has no GPU
      // support, and PyPI's `tensorflow` for Linux x86_64 is built with CUDA (since 2.1).
      const std::string& d = install.distribution;
      const BuildClue clue{install.metadata_path, "Name: " + d};
      if (d == "tensorflow-rocm" || d == "tf-nightly-rocm") {
        SetFlavor(install, BuildFlavor::kRocm, "", clue);
      } else if (d == "tensorflow-cpu" || d == "tf-nightly-cpu" || d == "tensorflow-intel" ||
                 d == "intel-tensorflow") {
        SetFlavor(install, BuildFlavor::kCpu, "", clue);
      } else if (d == "tensorflow" || d == "tensorflow-gpu" || d == "tf-nightly") {
        SetFlavor(install, BuildFlavor::kCuda, "",
                  {install.metadata_path, "Name: " + d + " (the PyPI wheel, built with CUDA)"});
      }
    }
    CrossCheckLabel(install);
  }

  void Jax(const DirListing& listing, FrameworkInstall& install) {
    std::map<std::string, PyLiteral> v =
        Module(install.package_dir + "/version.py", install, false);
    if (auto it = v.find("_version");
        it != v.end() && it->second.kind == PyLiteral::Kind::kString) {
      install.version =
          Fact<std::string>::Known(it->second.text, install.package_dir + "/version.py");
    }
    // Plugins: jax_rocm60_plugin / jax_rocm60_pjrt distributions, and the modules of the
    // jax_plugins namespace package (xla_rocm60, xla_cuda12) that JAX imports at start.
    std::optional<LocalVersion> rocm, cuda;
    std::string rocm_source, cuda_source;
    for (const std::string& name : listing.names) {
      auto dist = ParseDistDirName(name);
      if (!dist) continue;
      auto plugin = ParseJaxPluginName(dist->name);
      if (!plugin) continue;
      install.plugins.push_back(dist->name + " " + dist->version);
      auto& slot = plugin->flavor == BuildFlavor::kRocm ? rocm : cuda;
      if (!slot) {
        slot = plugin;
        (plugin->flavor == BuildFlavor::kRocm ? rocm_source : cuda_source) =
            JoinPath(install.site_dir, name);
      }
    }
    for (const std::string& module : List(install.site_dir + "/jax_plugins").names) {
      for (auto [prefix, flavor] : {std::pair{std::string_view("xla_rocm"), BuildFlavor::kRocm},
                                    std::pair{std::string_view("xla_cuda"), BuildFlavor::kCuda}}) {
        if (!StartsWith(module, prefix)) continue;
        install.plugins.push_back("jax_plugins/" + module);
        auto parsed = ParseJaxPluginName("jax-" + module.substr(4) + "-plugin");
        auto& slot = flavor == BuildFlavor::kRocm ? rocm : cuda;
        if (!slot && parsed) {
          slot = parsed;
          (flavor == BuildFlavor::kRocm ? rocm_source : cuda_source) =
              install.site_dir + "/jax_plugins/" + module;
        }
      }
    }
    // jaxlib: CPU-only on PyPI; AMD's and older CUDA builds carry a local label.
    std::optional<std::string> jaxlib_version;
    std::string jaxlib_source;
    for (const std::string& name : listing.names) {
      auto dist = ParseDistDirName(name);
      if (dist && dist->name == "jaxlib") {
        jaxlib_version = dist->version;
        jaxlib_source = JoinPath(install.site_dir, name);
        install.plugins.push_back("jaxlib " + dist->version);
        break;
      }
    }
    if (!jaxlib_version && Has(listing, "jaxlib")) {
      jaxlib_version = "";
      jaxlib_source = install.site_dir + "/jaxlib";
      install.plugins.push_back("jaxlib");
    }
    const LocalVersion label = ParseLocalVersion(jaxlib_version.value_or(""));
    if (rocm) {
      SetFlavor(install, BuildFlavor::kRocm, rocm->release, {rocm_source, rocm->label});
    } else if (label.flavor == BuildFlavor::kRocm || label.flavor == BuildFlavor::kCuda) {
      SetFlavor(install, label.flavor, label.release, {jaxlib_source, "jaxlib " + *jaxlib_version});
    } else if (cuda) {
      SetFlavor(install, BuildFlavor::kCuda, cuda->release, {cuda_source, cuda->label});
    } else if (jaxlib_version) {
      SetFlavor(install, BuildFlavor::kCpu, "",
                {jaxlib_source, "jaxlib " + *jaxlib_version + " and no GPU plugin"});
    } else {
      install.notes.push_back(install.site_dir + " has jax but no jaxlib: import jax fails");
    }
  }

  void OnnxRuntime(FrameworkInstall& install) {
    install.lib_dir = install.package_dir + "/capi";
    const DirListing& capi = List(install.lib_dir);
    std::map<std::string, PyLiteral> info =
        Module(install.lib_dir + "/build_and_package_info.py", install, false);
    if (auto it = info.find("__version__");
        it != info.end() && it->second.kind == PyLiteral::Kind::kString) {
      install.version =
          Fact<std::string>::Known(it->second.text, install.lib_dir + "/build_and_package_info.py");
    }
    BuildFlavor best = BuildFlavor::kUnknown;
    std::string files;
    for (const ProviderSpec& p : kOrtProviders) {
      if (!Has(capi, p.file)) continue;
      install.providers.emplace_back(p.name);
      install.lib_files.emplace_back(p.file);
      files += (files.empty() ? "" : ", ") + std::string(p.file);
      if (best == BuildFlavor::kUnknown || p.flavor == BuildFlavor::kRocm ||
          (p.flavor == BuildFlavor::kCuda && best == BuildFlavor::kCpu)) {
        best = p.flavor;
      }
    }
    if (!capi.ok()) {
      install.notes.push_back(install.lib_dir + ": " + std::string(ToString(capi.status)));
      return;
    }
    std::string release;
    if (auto it = info.find("rocm_version"); it != info.end())
      release = MajorMinor(it->second.text);
    SetFlavor(install, best == BuildFlavor::kUnknown ? BuildFlavor::kCpu : best, release,
              {install.lib_dir, files.empty() ? "no GPU execution provider library" : files});
  }

  void Vllm(FrameworkInstall& install) {
    std::map<std::string, PyLiteral> v =
        Module(install.package_dir + "/_version.py", install, false);
    for (const char* key : {"__version__", "version"}) {
      auto it = v.find(key);
      if (it != v.end() && it->second.kind == PyLiteral::Kind::kString) {
        install.version =
            Fact<std::string>::Known(it->second.text, install.package_dir + "/_version.py");
        break;
      }
    }
    install.lib_dir = install.package_dir;
    install.lib_files = LibFiles(install.lib_dir, {"_rocm_C", "_C.", "_moe_C", "vllm_flash_attn"});
    const LocalVersion label = ParseLocalVersion(install.version.known() ? *install.version : "");
    if (label.flavor != BuildFlavor::kUnknown) {
      SetFlavor(install, label.flavor, label.release,
                {install.version.source, "version " + *install.version});
    } else if (HasLib(install, "_rocm_C")) {
      // vLLM's CMakeLists builds the _rocm_C extension only for HIP.
      SetFlavor(install, BuildFlavor::kRocm, "", {install.lib_dir, "_rocm_C extension"});
    } else if (install.distribution == "vllm" && HasLib(install, "_C.")) {
      SetFlavor(install, BuildFlavor::kCuda, "",
                {install.metadata_path.empty() ? install.lib_dir : install.metadata_path,
                 "no +rocm/+cpu version label and no _rocm_C extension (the PyPI wheel, built "
                 "with CUDA)"});
    }
    CrossCheckLabel(install);
  }

  const SystemView& view_;
  std::map<std::string, DirListing>& listings_;
};

}  // namespace

const DirListing& CachedListing(const SystemView& view, std::map<std::string, DirListing>& listings,
                                const std::string& dir) {
  auto it = listings.find(dir);
  if (it == listings.end()) it = listings.emplace(dir, view.ListDir(dir)).first;
  return it->second;
}

bool Lists(const DirListing& listing, std::string_view name) {
  return std::binary_search(listing.names.begin(), listing.names.end(), name);
}

void ReadBuild(const SystemView& view, std::map<std::string, DirListing>& listings,
               const DirListing& site, FrameworkInstall& install) {
  BuildReader(view, listings).Read(site, install);
}

}  // namespace rocm_doctor::framework
