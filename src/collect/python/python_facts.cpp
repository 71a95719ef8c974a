// SPDX-License-Identifier: MIT
// The PythonFacts' own methods: the names of environment kinds, an environment's description,
// and the active environment.
#include <string>

#include "rocm_doctor/facts/python.h"

namespace rocm_doctor {

std::string_view ToString(PythonKind kind) {
  switch (kind) {
    case PythonKind::kSystem:
      return "system";
    case PythonKind::kVenv:
      return "venv";
    case PythonKind::kConda:
      return "conda";
    case PythonKind::kPyenv:
      return "pyenv";
    case PythonKind::kOther:
      return "other";
  }
  return "other";
}

std::string PythonEnvironment::Describe() const {
  std::string kind_word;
  switch (kind) {
    case PythonKind::kSystem:
      kind_word = "system ";
      break;
    case PythonKind::kVenv:
      kind_word = "venv " + prefix + ", ";
      break;
    case PythonKind::kConda:
      kind_word = "conda " + prefix + ", ";
      break;
    case PythonKind::kPyenv:
      kind_word = "pyenv ";
      break;
    case PythonKind::kOther:
      break;
  }
  std::string text = executable + " (" + kind_word + "Python " +
                     (version.known() ? *version : std::string("version unknown")) + ")";
  if (!shim.empty()) text += " via pyenv shim " + interpreter;
  return text;
}

const PythonEnvironment* PythonFacts::Active() const {
  for (const PythonEnvironment& env : envs) {
    if (env.active) return &env;
  }
  return nullptr;
}

}  // namespace rocm_doctor
