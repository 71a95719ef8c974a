// SPDX-License-Identifier: MIT
#pragma once
// Parsers for what an installed framework says about itself in files: the simple assignments of
// a generated version module (torch/version.py, jax/version.py, vllm/_version.py), wheel and
// egg metadata headers, PEP 440 local version labels (+rocm6.2, +cu121, +cpu), TensorFlow's
// build_info.py and plugin distribution names. They take text; nothing here reads the system.
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "rocm_doctor/facts/frameworks_facts.h"

namespace rocm_doctor::framework {

// A Python literal on the right of `name = ...`.
struct PyLiteral {
  enum class Kind { kString, kNone, kBool, kOther };
  Kind kind = Kind::kOther;
  std::string text;  // the string's value; "True"/"False"; the raw text for kOther
};

// Top-level `name = literal` and `name: Annotation = literal` lines, chained assignments
// (`__version__ = version = '0.6.3'`) included. Later assignments win, as in Python. Strings
// in single or double quotes with simple escapes; anything else is kOther with its text.
std::map<std::string, PyLiteral> ParseAssignments(std::string_view text);

// Name and Version of a METADATA / PKG-INFO file (RFC 822 style headers, up to the first blank
// line; the description body after it is not read).
struct DistMetadata {
  std::optional<std::string> name;
  std::optional<std::string> version;
};
DistMetadata ParseMetadata(std::string_view text);

// A *.dist-info / *.egg-info directory name split into its normalised distribution name and
// version: "torch-2.5.1+rocm6.2.dist-info" -> ("torch", "2.5.1+rocm6.2"),
// "onnxruntime_rocm-1.17.0.dist-info" -> ("onnxruntime-rocm", "1.17.0"),
// "torch-1.13.0a0+gitunknown.egg-info" -> ("torch", "1.13.0a0+gitunknown"). nullopt for other
// names.
struct DistName {
  std::string name;  // lower case, '_' and '.' as '-' (PEP 503 normalisation)
  std::string version;
};
std::optional<DistName> ParseDistDirName(std::string_view dir_name);
std::string NormalizeDistName(std::string_view name);

// What a PEP 440 local version label says about the build: "+rocm6.2" and "+rocm6.2.4" ->
// ROCm 6.2; "+rocm624" (vLLM, jaxlib: digits only) -> ROCm 6.2; "+cu121" -> CUDA 12.1;
// "+cu118" -> 11.8; "+cpu" -> CPU; anything else (no label, "+gitunknown") -> unknown.
struct LocalVersion {
  BuildFlavor flavor = BuildFlavor::kUnknown;
  std::string release;  // "6.2" / "12.1"; "" when unknown
  std::string label;    // what follows '+', "" when none
};
LocalVersion ParseLocalVersion(std::string_view version);

// "6.2" from torch.version.hip "6.2.41133-dd7f95766" (HIP's major.minor is the ROCm
// release's); "" when it does not start with N.N.
std::string MajorMinor(std::string_view version);

// TensorFlow's tensorflow/python/platform/build_info.py: `build_info = {'is_rocm_build': True,
// ...}` (a dict literal or collections.OrderedDict([('is_rocm_build', True), ...])).
struct TfBuildInfo {
  std::optional<bool> is_rocm_build;
  std::optional<bool> is_cuda_build;
  std::optional<std::string> rocm_version;
  std::optional<std::string> cuda_version;
};
TfBuildInfo ParseTfBuildInfo(std::string_view text);

// A JAX plugin distribution: "jax-rocm60-plugin" -> ROCm 6.0, "jax-rocm7-pjrt" -> ROCm 7,
// "jax-cuda12-plugin" -> CUDA 12; nullopt for other names.
std::optional<LocalVersion> ParseJaxPluginName(std::string_view normalized_name);

}  // namespace rocm_doctor::framework
