// SPDX-License-Identifier: MIT
#pragma once
// The Python environments a user may run, and the directories each one imports packages from,
// found from files only (no interpreter is started): $VIRTUAL_ENV, $CONDA_PREFIX, python3 and
// python on $PATH (a pyenv shim is followed through pyenv's version files, as `pyenv which`
// does), /usr/bin/python3, and the user's other pyenv versions and conda environments.
// Collected by src/collect/python/python_collector.cpp; checks use ctx.facts.Get<PythonFacts>() (or
// FrameworkFacts::python, which holds the same).
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "rocm_doctor/fact_store.h"
#include "rocm_doctor/facts/fact.h"

namespace rocm_doctor {

enum class PythonKind { kSystem, kVenv, kConda, kPyenv, kOther };
std::string_view ToString(PythonKind kind);  // "system", "venv", "conda", "pyenv", "other"

struct PythonEnvironment {
  // The path as found: "/root/.pyenv/shims/python3", "/home/a/venv/bin/python3".
  std::string interpreter;
  // What really runs: the shim's target ("/root/.pyenv/versions/3.11.7/bin/python3"), else
  // `interpreter`. The framework probes run this path.
  std::string executable;
  // `executable` with every symlink resolved ("/usr/bin/python3.11").
  std::string resolved;
  // sys.prefix: the venv directory for a venv (pyvenv.cfg beside or above bin/), else the
  // directory above the resolved interpreter's bin/ ("/usr", "/root/.pyenv/versions/3.11.7").
  std::string prefix;
  PythonKind kind = PythonKind::kOther;
  // How it was found, in order: "$VIRTUAL_ENV", "$CONDA_PREFIX", "python3 on PATH",
  // "python on PATH", "/usr/bin/python3", "pyenv versions", "conda envs".
  std::vector<std::string> found_by;
  // For a pyenv shim: "pyenv shim /root/.pyenv/shims/python3 -> version 3.11.7 (from
  // /root/.pyenv/version)".
  std::string shim;
  // "3.11.7" (pyvenv.cfg, pyenv version name) or "3.11" (interpreter or lib/ directory name);
  // unknown when nothing names it.
  Fact<std::string> version;
  // True for the environment `python3` runs now ($VIRTUAL_ENV, else $CONDA_PREFIX, else the
  // first python3 on PATH, else /usr/bin/python3). At most one environment is active.
  bool active = false;
  // Where `import` looks, in sys.path order, existing directories only: $PYTHONPATH entries,
  // the user site (~/.local/lib/pythonX.Y/site-packages, not for a venv), the prefix's
  // site-packages / dist-packages, and the base's for a venv with system site packages.
  std::vector<std::string> site_dirs;
  // Why this venv's interpreter cannot run the packages installed in it, "" when nothing says so
  // (read from links and pyvenv.cfg, nothing is run):
  // - its bin/python3 is a link to an interpreter that is gone (a distribution upgrade or
  //   `apt remove python3.11` removed the base the venv was made with): "bin/python3 ->
  //   /usr/bin/python3.11, which does not exist"; `runnable` is then false;
  // - its bin/python3 now runs another Python minor than pyvenv.cfg's version (bin/python3 ->
  //   /usr/bin/python3 -> python3.12 in a venv made with 3.10): that interpreter does not read
  //   the venv's lib/python3.10/site-packages.
  // Its packages are still listed from the files, so a CPU or CUDA torch in it is still judged.
  std::string broken;
  bool runnable = true;

  // "python3 on PATH: /root/.pyenv/versions/3.11.7/bin/python3 (pyenv 3.11.7)"
  std::string Describe() const;
};

struct PythonFacts {
  std::vector<PythonEnvironment> envs;  // the active one first, then in discovery order
  std::vector<std::string> searched;    // every interpreter path looked at
  // Things that went wrong while looking, for evidence: an unreadable pyvenv.cfg, a pyenv
  // version file naming a version that is not installed, a site directory that cannot be
  // listed ("<path>: Permission denied").
  std::vector<std::string> notes;

  const PythonEnvironment* Active() const;  // nullptr when no interpreter was found
};

template <>
PythonFacts CollectFacts<PythonFacts>(const SystemView& view);

}  // namespace rocm_doctor
