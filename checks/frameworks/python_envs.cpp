// SPDX-License-Identifier: MIT
// frameworks.python: which Python `python3` runs for this user, which other environments exist,
// and which frameworks each imports. Warns when a framework is installed only for an
// interpreter other than the active one - the classic "pip install torch" into one Python and
// `python3 train.py` with another (a pyenv shim in front of /usr/bin, a venv not activated).
#include <set>

#include "framework_checks.h"

namespace rocm_doctor {
namespace {

using frameworks::Join;

constexpr std::string_view kNotInActiveCommands[] = {
    "{python} -c 'import {framework}; print({framework}.__file__)'",
    "command -v python3; {active} -c 'import sys; print(sys.executable); print(sys.path)'",
};

constexpr std::string_view kVenvBrokenCommands[] = {
    "ls -l {prefix}/bin/python*; cat {prefix}/pyvenv.cfg",
    "ls -d {site}/*.dist-info > ~/venv-packages.txt  # what to reinstall",
    "python3 -m venv --clear {prefix}  # empties the venv; then reinstall its packages",
};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "frameworks.python.found",
     .severity = Status::kInfo,
     .title = "The Python environments found and what each imports",
     .remediation = "Informational: the interpreters found ($VIRTUAL_ENV, $CONDA_PREFIX, python3 "
                    "and python on PATH with pyenv shims followed, /usr/bin/python3, pyenv "
                    "versions, conda environments), which one `python3` runs now, and the "
                    "frameworks each one imports."},
    {.code = "frameworks.python.not_in_active",
     .severity = Status::kWarn,
     .title = "A framework is installed for another Python than the one `python3` runs",
     .remediation =
         "The framework is installed for another interpreter than the one `python3` runs now "
         "(a pyenv shim, an activated venv or conda environment picks another), so `python3 -c "
         "'import <framework>'` fails with ModuleNotFoundError or imports another copy. Run your "
         "program with the interpreter that has it, activate its environment (`pyenv shell "
         "system`, `conda activate`, `source <venv>/bin/activate`), or install the framework "
         "into the active one.",
     .commands = kNotInActiveCommands},
    {.code = "frameworks.python.venv_broken",
     .severity = Status::kFail,
     .title = "A venv's interpreter cannot run the packages installed in it",
     .remediation =
         "A venv links to the interpreter it was made with (bin/python3 -> /usr/bin/python3.11) "
         "and keeps its packages in lib/pythonX.Y/site-packages for that Python minor only. A "
         "distribution upgrade or `apt remove` took that interpreter away, or moved the name it "
         "links to onto another minor: every program of the venv fails ('No such file or "
         "directory', 'bad interpreter', or ModuleNotFoundError for a package that is there). "
         "Its packages are still on disk and are judged from their files (a CPU or CUDA torch "
         "in it is still reported), but nothing in it runs until the venv is recreated with an "
         "interpreter that exists: `python3 -m venv --clear <venv>` (or `pipx reinstall-all`), "
         "then install its packages again (for PyTorch, from the ROCm index).",
     .commands = kVenvBrokenCommands},
};

constexpr CheckInfo kInfo{.id = "frameworks.python",
                          .layer = Layer::kFrameworks,
                          .title = "Python environments",
                          .findings = kFindings};

// "torch 1.13.0a0, jax 0.4.30" for the frameworks `env` imports.
std::string ImportsOf(const FrameworkFacts& facts, std::size_t env) {
  std::vector<std::string> names;
  for (const FrameworkInstall& i : facts.installs) {
    if (std::find(i.envs.begin(), i.envs.end(), env) == i.envs.end()) continue;
    names.push_back(std::string(ToString(i.framework)) + " " +
                    (i.version.known() ? *i.version : std::string("(version unknown)")));
  }
  return names.empty() ? "no framework" : Join(names);
}

CheckOutcome Run(const CheckContext& ctx) {
  const FrameworkFacts& facts = ctx.facts.Get<FrameworkFacts>();
  const PythonFacts& python = facts.python;
  if (python.envs.empty()) {
    return CheckOutcome::Skip("no Python interpreter found (looked at " + Join(python.searched) +
                              ")");
  }
  const PythonEnvironment* active = python.Active();
  std::vector<std::string> parts;
  std::vector<Evidence> evidence;
  for (std::size_t e = 0; e < python.envs.size(); ++e) {
    const PythonEnvironment& env = python.envs[e];
    const std::string imports = ImportsOf(facts, e);
    // Every environment is in the evidence; the summary names the active one and those with a
    // framework.
    Evidence ev = frameworks::EnvEvidence(env);
    ev.observed += "; imports " + imports + " from " +
                   (env.site_dirs.empty() ? std::string("no site directory") : Join(env.site_dirs));
    evidence.push_back(std::move(ev));
    if (!env.active && imports == "no framework") continue;
    parts.push_back((env.active ? "python3 → " : "") + env.Describe() + ": " + imports);
  }
  for (const std::string& note : python.notes) evidence.push_back({"python discovery", note, ""});
  std::vector<Finding> findings{
      MakeFinding("frameworks.python.found",
                  std::to_string(python.envs.size()) +
                      (python.envs.size() == 1 ? " Python environment" : " Python environments") +
                      (active == nullptr ? ", none of them what `python3` runs"
                                         : "; python3 runs " + active->executable),
                  std::move(evidence))};

  for (std::size_t e = 0; e < python.envs.size(); ++e) {
    const PythonEnvironment& env = python.envs[e];
    const std::string imports = ImportsOf(facts, e);
    // A broken venv nobody runs and that holds no framework is not this doctor's business.
    if (env.broken.empty() || (!env.active && imports == "no framework")) continue;
    std::string site = env.site_dirs.empty() ? env.prefix : env.site_dirs.back();
    for (const std::string& d : env.site_dirs) {
      if (d.rfind(env.prefix + "/", 0) == 0) site = d;
    }
    findings.push_back(MakeFinding(
        "frameworks.python.venv_broken",
        std::string(env.active ? "the active venv " : "venv ") + env.prefix +
            " (imports " + imports + ") cannot run: " + env.broken,
        {frameworks::EnvEvidence(env),
         {env.interpreter, env.broken, "a link to an interpreter of Python " +
                                           (env.version.known() ? *env.version : "?")}},
        {{"prefix", env.prefix}, {"site", site}}));
  }

  if (active != nullptr) {
    const std::size_t active_index = static_cast<std::size_t>(active - python.envs.data());
    std::set<Framework> seen;
    for (const FrameworkInstall& install : facts.installs) {
      if (!seen.insert(install.framework).second) continue;
      bool in_active = false;
      for (const FrameworkInstall* i : facts.Installs(install.framework)) {
        in_active |= std::find(i->envs.begin(), i->envs.end(), active_index) != i->envs.end();
      }
      if (in_active) continue;
      std::vector<std::string> where;
      std::vector<Evidence> ev{frameworks::EnvEvidence(*active)};
      std::string other_python;
      for (const FrameworkInstall* i : facts.Installs(install.framework)) {
        const PythonEnvironment& env = facts.EnvOf(*i);
        if (other_python.empty()) other_python = env.executable;
        where.push_back(env.Describe());
        ev.push_back({i->package_dir, i->Describe(), ""});
      }
      const std::string name(ToString(install.framework));
      findings.push_back(MakeFinding(
          "frameworks.python.not_in_active",
          name + " is installed for " + Join(where, " and ") + ", but python3 runs " +
              active->Describe() + ", which has no " + name +
              (active->shim.empty() ? "" : " (" + active->shim + ")"),
          std::move(ev),
          {{"framework", name}, {"python", other_python}, {"active", active->executable}}));
    }
  }
  const std::string summary = Join(parts, "; ");
  if (findings.size() == 1) return CheckOutcome::Pass(summary, std::move(findings));
  return CheckOutcome::FromFindings(std::move(findings), summary);
}

}  // namespace

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace rocm_doctor
