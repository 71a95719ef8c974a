// SPDX-License-Identifier: MIT
// The FrameworkFacts' own methods: names of frameworks and build flavours, an install's
// description, and which install of a framework the checks judge.
#include "rocm_doctor/facts/frameworks_facts.h"

#include <algorithm>
#include <string>
#include <vector>

namespace rocm_doctor {

std::string_view ToString(Framework framework) {
  switch (framework) {
    case Framework::kTorch:
      return "torch";
    case Framework::kTensorflow:
      return "tensorflow";
    case Framework::kJax:
      return "jax";
    case Framework::kOnnxRuntime:
      return "onnxruntime";
    case Framework::kVllm:
      return "vllm";
  }
  return "torch";
}

std::string_view DisplayName(Framework framework) {
  switch (framework) {
    case Framework::kTorch:
      return "PyTorch";
    case Framework::kTensorflow:
      return "TensorFlow";
    case Framework::kJax:
      return "JAX";
    case Framework::kOnnxRuntime:
      return "ONNX Runtime";
    case Framework::kVllm:
      return "vLLM";
  }
  return "PyTorch";
}

std::string_view ToString(BuildFlavor flavor) {
  switch (flavor) {
    case BuildFlavor::kUnknown:
      return "unknown";
    case BuildFlavor::kRocm:
      return "rocm";
    case BuildFlavor::kCuda:
      return "cuda";
    case BuildFlavor::kCpu:
      return "cpu";
  }
  return "unknown";
}

std::string FrameworkInstall::Describe() const {
  std::string name = distribution.empty() ? std::string(ToString(framework)) : distribution;
  return name + " " + (version.known() ? *version : std::string("(version unknown)")) + " (" +
         site_dir + ")";
}

std::vector<const FrameworkInstall*> FrameworkFacts::Installs(Framework framework) const {
  std::vector<const FrameworkInstall*> out;
  for (const FrameworkInstall& i : installs) {
    if (i.framework == framework) out.push_back(&i);
  }
  return out;
}

std::vector<const FrameworkInstall*> FrameworkFacts::ToJudge(Framework framework) const {
  std::vector<const FrameworkInstall*> all = Installs(framework);
  const PythonEnvironment* active = python.Active();
  if (active == nullptr) return all;
  const std::size_t index = static_cast<std::size_t>(active - python.envs.data());
  for (const FrameworkInstall* i : all) {
    if (std::find(i->envs.begin(), i->envs.end(), index) != i->envs.end()) return {i};
  }
  return all;
}

const PythonEnvironment& FrameworkFacts::EnvOf(const FrameworkInstall& install) const {
  const PythonEnvironment* active = python.Active();
  if (active != nullptr) {
    const std::size_t index = static_cast<std::size_t>(active - python.envs.data());
    if (std::find(install.envs.begin(), install.envs.end(), index) != install.envs.end()) {
      return *active;
    }
  }
  return python.envs.at(install.envs.front());
}
}  // namespace rocm_doctor
