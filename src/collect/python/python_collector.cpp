// SPDX-License-Identifier: MIT
// PythonFacts: which Python interpreters exist for this user, which one `python3` runs, and
// where each imports packages from. Files only: a pyenv shim is followed by reading pyenv's
// version files the way `pyenv which` does, never by running it.
#include "collect/python/python_collector.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "base/path_normalize.h"
#include "collect/common/sysfs_reader.h"
#include "collect/python/python_parse.h"
#include "collect/python/python_paths.h"
#include "collect/python/venv_health.h"
#include "rocm_doctor/facts/python.h"

namespace rocm_doctor {
namespace {

using python::ParentDir;

// pyvenv.cfg, version files and shims are a few hundred bytes.
constexpr std::size_t kSmallFileLimit = 64 * 1024;
// What is read of a candidate interpreter: enough for a pyenv shim's exec line (about 270
// bytes); of a binary, the capture keeps only this much.
constexpr std::size_t kHeadLimit = 512;
// pyenv versions and conda environments looked at: far above a real user's, a bound for a
// hostile tree.
constexpr std::size_t kMaxEnvironments = 64;
constexpr char kSystemPython[] = "/usr/bin/python3";
// Where conda installs put their base environment (miniconda/anaconda/miniforge installers'
// defaults, and the official Docker images' /opt/conda).
constexpr std::string_view kCondaBases[] = {"miniconda3", "anaconda3", "miniforge3", "mambaforge",
                                            "micromamba"};
constexpr char kOptConda[] = "/opt/conda";

struct VenvConfig {
  std::string path;  // ".../pyvenv.cfg"
  std::map<std::string, std::string> keys;
};

class Collector {
 public:
  Collector(const SystemView& view, std::map<std::string, DirListing>& listings)
      : view_(view), listings_(listings) {
    if (auto home = view.GetEnv("HOME"); home && !home->empty() && home->front() == '/') {
      home_ = pathname::Normalize(*home);
    }
    if (auto path = view.GetEnv("PATH")) path_ = python::SplitSearchPath(*path);
    if (auto root = view.GetEnv("PYENV_ROOT"); root && !root->empty() && root->front() == '/') {
      pyenv_root_ = pathname::Normalize(*root);
    } else if (!home_.empty()) {
      pyenv_root_ = home_ + "/.pyenv";
    }
    if (auto pythonpath = view.GetEnv("PYTHONPATH")) {
      pythonpath_ = python::SplitSearchPath(*pythonpath);
    }
    no_user_site_ = view.GetEnv("PYTHONNOUSERSITE").value_or("").size() > 0;
  }

  // Whether a path is a readable file, and its first bytes. A read, not a stat: the live
  // SystemView's Stat looks up the owner and group names (/etc/passwd, /etc/group) each time.
  const FileContent& Head(const std::string& path) {
    auto it = heads_.find(path);
    if (it == heads_.end()) it = heads_.emplace(path, view_.ReadFile(path, kHeadLimit)).first;
    return it->second;
  }
  // A file that exists but cannot be read (mode 0711) still runs.
  bool IsFile(const std::string& path) {
    const FileContent& head = Head(path);
    return head.ok() || head.status == FsStatus::kPermissionDenied;
  }

  const DirListing& List(const std::string& dir) {
    auto it = listings_.find(dir);
    if (it == listings_.end()) it = listings_.emplace(dir, view_.ListDir(dir)).first;
    return it->second;
  }
  bool IsDir(const std::string& path) { return List(path).ok(); }

  PythonFacts Collect() {
    std::optional<std::size_t> active;
    auto take = [&](std::optional<std::size_t> index) {
      if (!active && index) active = index;
    };
    if (auto venv = EnvDir("VIRTUAL_ENV")) take(AddPrefixEnv(*venv, "$VIRTUAL_ENV"));
    if (auto conda = EnvDir("CONDA_PREFIX")) take(AddPrefixEnv(*conda, "$CONDA_PREFIX"));
    if (auto p3 = FindOnPath("python3", {})) take(Add(*p3, "python3 on PATH"));
    if (auto p = FindOnPath("python", {})) take(Add(*p, "python on PATH"));
    take(Add(kSystemPython, std::string(kSystemPython)));
    AddPyenvVersions();
    AddCondaEnvironments();
    if (active) {
      facts_.envs[*active].active = true;
      std::rotate(facts_.envs.begin(), facts_.envs.begin() + static_cast<long>(*active),
                  facts_.envs.begin() + static_cast<long>(*active) + 1);
    }
    for (PythonEnvironment& env : facts_.envs) env.site_dirs = SiteDirs(env);
    return std::move(facts_);
  }

 private:
  std::optional<std::string> EnvDir(const char* name) const {
    auto value = view_.GetEnv(name);
    if (!value || value->empty() || value->front() != '/') return std::nullopt;
    return pathname::Normalize(*value);
  }

  // The first `program` in $PATH, skipping `skip_dir` (pyenv's shims for "system").
  std::optional<std::string> FindOnPath(std::string_view program, std::string_view skip_dir) {
    for (const std::string& dir : path_) {
      if (!skip_dir.empty() && pathname::Normalize(dir) == skip_dir) continue;
      const std::string candidate = JoinPath(dir, program);
      if (IsFile(candidate)) return candidate;
    }
    return std::nullopt;
  }

  // $VIRTUAL_ENV / $CONDA_PREFIX name a prefix; its interpreter is bin/python3 (or bin/python).
  std::optional<std::size_t> AddPrefixEnv(const std::string& prefix, const std::string& label) {
    for (const char* name : {"python3", "python"}) {
      const std::string exe = prefix + "/bin/" + name;
      if (IsFile(exe)) return Add(exe, label);
      facts_.searched.push_back(exe);
    }
    // The venv was activated but its interpreter links to one that is gone: it is still the
    // environment the user means, and its packages can still be read.
    for (const char* name : {"python3", "python"}) {
      const std::string exe = prefix + "/bin/" + name;
      if (view_.ReadLink(exe).ok()) {
        if (auto index = Add(exe, label)) return index;
      }
    }
    facts_.notes.push_back(label + " is " + prefix + ", which has no bin/python3 or bin/python");
    return std::nullopt;
  }

  struct PyenvChoice {
    std::string executable;
    std::string why;
  };

  // What a pyenv shim runs: the versions of $PYENV_VERSION, else the first .python-version
  // from $PWD upwards, else $PYENV_ROOT/version, else "system"; the first of them that has the
  // program (pyenv-which).
  std::optional<PyenvChoice> ResolveShim(const std::string& shim) {
    const std::string program(BaseName(shim));
    const std::string shims_dir = ParentDir(shim);
    std::string root = pyenv_root_;
    if (view_.GetEnv("PYENV_ROOT") == std::nullopt && BaseName(shims_dir) == "shims") {
      root = ParentDir(shims_dir);
    }
    std::vector<std::string> names;
    std::string source;
    if (auto env = view_.GetEnv("PYENV_VERSION"); env && !env->empty()) {
      names = python::ParsePyenvVersions(*env);
      source = "$PYENV_VERSION";
    }
    if (names.empty()) {
      if (auto pwd = EnvDir("PWD")) {
        for (std::string dir = *pwd;; dir = ParentDir(dir)) {
          const std::string file = JoinPath(dir, ".python-version");
          FileContent text = view_.ReadFile(file, kSmallFileLimit);
          if (text.ok()) {
            names = python::ParsePyenvVersions(text.data);
            source = file;
            break;
          }
          if (dir == "/") break;
        }
      }
    }
    if (names.empty()) {
      const std::string file = root + "/version";
      FileContent text = view_.ReadFile(file, kSmallFileLimit);
      if (text.ok()) {
        names = python::ParsePyenvVersions(text.data);
        source = file;
      }
    }
    if (names.empty()) {
      names = {"system"};
      source = "pyenv's default";
    }
    const std::vector<std::string> installed = List(root + "/versions").names;
    std::vector<std::string> tried;
    for (const std::string& name : names) {
      if (name == "system") {
        if (auto exe = FindOnPath(program, shims_dir)) {
          return PyenvChoice{*exe, "version system (from " + source + ")"};
        }
        tried.push_back("system");
        continue;
      }
      std::optional<std::string> version = python::SelectPyenvVersion(name, installed);
      if (!version) {
        tried.push_back(name + " (not installed)");
        continue;
      }
      const std::string exe = root + "/versions/" + *version + "/bin/" + program;
      if (IsFile(exe)) {
        return PyenvChoice{exe, "version " + *version + " (from " + source + ")"};
      }
      tried.push_back(*version + " (no " + program + ")");
    }
    std::string list;
    for (const std::string& t : tried) list += (list.empty() ? "" : ", ") + t;
    facts_.notes.push_back("pyenv shim " + shim + " runs nothing: " + list + " (from " + source +
                           "); pyenv would answer \"" + program + ": command not found\"");
    return std::nullopt;
  }

  std::optional<VenvConfig> FindVenvConfig(const std::string& executable) {
    // site.py looks for pyvenv.cfg beside the executable and one directory up.
    const std::string bin = ParentDir(executable);
    for (const std::string& dir : {bin, ParentDir(bin)}) {
      const std::string cfg = JoinPath(dir, "pyvenv.cfg");
      FileContent text = view_.ReadFile(cfg, kSmallFileLimit);
      if (text.ok()) return VenvConfig{cfg, python::ParsePyvenvCfg(text.data)};
      if (text.status != FsStatus::kNotFound) {
        facts_.notes.push_back(cfg + ": " + std::string(ToString(text.status)) +
                               (text.error.empty() ? "" : " (" + text.error + ")"));
      }
    }
    return std::nullopt;
  }

  std::optional<std::size_t> Add(const std::string& interpreter, const std::string& label) {
    facts_.searched.push_back(interpreter);
    const bool exists = IsFile(interpreter);
    // A dangling link is an environment only when it is a venv's (pyvenv.cfg beside it).
    if (!exists && !(view_.ReadLink(interpreter).ok() && FindVenvConfig(interpreter))) {
      return std::nullopt;
    }
    PythonEnvironment env;
    env.interpreter = interpreter;
    env.executable = interpreter;
    if (python::IsPyenvShim(Head(interpreter).data)) {
      std::optional<PyenvChoice> choice = ResolveShim(interpreter);
      if (!choice) return std::nullopt;
      env.executable = choice->executable;
      env.shim = "pyenv shim " + interpreter + " -> " + choice->why;
    }
    env.resolved = python::RealPath(view_, env.executable);
    std::optional<VenvConfig> cfg = FindVenvConfig(env.executable);
    if (cfg) {
      env.kind = PythonKind::kVenv;
      env.prefix = ParentDir(cfg->path);
      for (const char* key : {"version", "version_info"}) {
        auto it = cfg->keys.find(key);
        if (it != cfg->keys.end() && !python::MinorOfVersion(it->second).empty()) {
          env.version = Fact<std::string>::Known(it->second, cfg->path);
          break;
        }
      }
      venv_configs_[env.prefix] = *cfg;
      env.runnable = exists;
      env.broken = python::VenvBroken(view_, env, cfg->keys, exists);
    } else {
      env.prefix = ParentDir(ParentDir(env.resolved));
      if (IsDir(env.prefix + "/conda-meta")) {
        env.kind = PythonKind::kConda;
      } else if (!pyenv_root_.empty() && env.prefix.rfind(pyenv_root_ + "/versions/", 0) == 0) {
        env.kind = PythonKind::kPyenv;
      } else if (env.prefix == "/usr") {
        env.kind = PythonKind::kSystem;
      }
    }
    for (std::size_t i = 0; i < facts_.envs.size(); ++i) {
      if (facts_.envs[i].prefix == env.prefix) {
        facts_.envs[i].found_by.push_back(label);
        return i;
      }
    }
    if (!env.version.known()) env.version = VersionFromFiles(env);
    env.found_by.push_back(label);
    facts_.envs.push_back(std::move(env));
    return facts_.envs.size() - 1;
  }

  Fact<std::string> VersionFromFiles(const PythonEnvironment& env) {
    if (env.kind == PythonKind::kPyenv) {
      // pyenv names a CPython build by its version: versions/3.11.7.
      const std::string name(BaseName(env.prefix));
      if (!python::MinorOfVersion(name).empty()) {
        return Fact<std::string>::Known(name, env.prefix);
      }
    }
    const std::string minor = python::MinorFromExecutableName(BaseName(env.resolved));
    if (!minor.empty()) return Fact<std::string>::Known(minor, env.resolved);
    // bin/python3 as a real file (conda, a source build): the prefix's lib/pythonX.Y.
    std::vector<std::string> minors = LibMinors(env.prefix);
    if (minors.size() == 1) return Fact<std::string>::Known(minors.front(), env.prefix + "/lib");
    return Fact<std::string>::Unknown(
        env.resolved, minors.empty()
                          ? "no pythonX.Y in its name or under " + env.prefix + "/lib"
                          : "several pythonX.Y directories under " + env.prefix + "/lib");
  }

  std::vector<std::string> LibMinors(const std::string& prefix) {
    std::vector<std::string> minors;
    for (const std::string& name : List(prefix + "/lib").names) {
      std::string minor = python::MinorFromExecutableName(name);
      if (!minor.empty() && minor.rfind("3.", 0) == 0) minors.push_back(minor);
    }
    return minors;
  }

  void AddPyenvVersions() {
    if (pyenv_root_.empty()) return;
    std::vector<std::string> names = List(pyenv_root_ + "/versions").names;
    std::sort(names.begin(), names.end(), python::VersionLess);
    for (const std::string& name : names) {
      if (facts_.envs.size() >= kMaxEnvironments) return;
      const std::string bin = pyenv_root_ + "/versions/" + name + "/bin/";
      if (IsFile(bin + "python3")) {
        Add(bin + "python3", "pyenv versions");
      } else if (IsFile(bin + "python")) {
        Add(bin + "python", "pyenv versions");
      }
    }
  }

  void AddCondaEnvironments() {
    std::vector<std::string> bases;
    auto base = [&](const std::string& dir) {
      if (std::find(bases.begin(), bases.end(), dir) == bases.end()) bases.push_back(dir);
    };
    if (auto exe = EnvDir("CONDA_EXE")) base(ParentDir(ParentDir(*exe)));  // <base>/bin/conda
    if (auto prefix = EnvDir("CONDA_PREFIX")) {
      const std::size_t envs = prefix->rfind("/envs/");
      base(envs == std::string::npos ? *prefix : prefix->substr(0, envs));
    }
    if (!home_.empty()) {
      for (std::string_view name : kCondaBases) base(home_ + "/" + std::string(name));
    }
    base(kOptConda);
    for (const std::string& b : bases) {
      if (!IsDir(b)) continue;
      AddCondaEnv(b);
      for (const std::string& name : List(b + "/envs").names) AddCondaEnv(b + "/envs/" + name);
    }
  }

  void AddCondaEnv(const std::string& prefix) {
    if (facts_.envs.size() >= kMaxEnvironments) return;
    for (const char* name : {"python3", "python"}) {
      const std::string exe = prefix + "/bin/" + name;
      if (IsFile(exe)) {
        Add(exe, "conda envs");
        return;
      }
    }
  }

  // The site directories of a prefix for Python `minor` (all python3.* under lib/ when the
  // minor is not known). Debian's interpreter (prefix /usr) reads dist-packages: /usr/local/lib/
  // python3.X/dist-packages, /usr/lib/python3/dist-packages, /usr/lib/python3.X/dist-packages;
  // other distributions and every other prefix read lib[64]/python3.X/site-packages.
  std::vector<std::string> PrefixSiteDirs(const std::string& prefix, const std::string& minor) {
    std::vector<std::string> minors = minor.empty() ? LibMinors(prefix) : std::vector{minor};
    std::vector<std::string> out;
    for (const std::string& m : minors) {
      const std::string py = "python" + m;
      if (prefix == "/usr") {
        out.push_back("/usr/local/lib/" + py + "/dist-packages");
        out.push_back("/usr/lib/python3/dist-packages");
        out.push_back("/usr/lib/" + py + "/dist-packages");
        out.push_back("/usr/local/lib64/" + py + "/site-packages");
        out.push_back("/usr/local/lib/" + py + "/site-packages");
      }
      out.push_back(prefix + "/lib64/" + py + "/site-packages");
      out.push_back(prefix + "/lib/" + py + "/site-packages");
    }
    return out;
  }

  std::vector<std::string> SiteDirs(const PythonEnvironment& env) {
    const std::string minor = env.version.known() ? python::MinorOfVersion(*env.version) : "";
    std::vector<std::string> candidates = pythonpath_;
    if (env.kind != PythonKind::kVenv && !no_user_site_ && !home_.empty() && !minor.empty()) {
      candidates.push_back(home_ + "/.local/lib/python" + minor + "/site-packages");
    }
    for (std::string& d : PrefixSiteDirs(env.prefix, minor)) candidates.push_back(std::move(d));
    if (env.kind == PythonKind::kVenv) {
      // include-system-site-packages = true: the base interpreter's directories follow.
      const VenvConfig& cfg = venv_configs_[env.prefix];
      auto include = cfg.keys.find("include-system-site-packages");
      auto home = cfg.keys.find("home");
      if (include != cfg.keys.end() && include->second == "true" && home != cfg.keys.end() &&
          !home->second.empty() && home->second.front() == '/') {
        for (std::string& d : PrefixSiteDirs(ParentDir(home->second), minor)) {
          candidates.push_back(std::move(d));
        }
      }
    }
    std::vector<std::string> out;
    for (const std::string& dir : candidates) {
      const std::string normal = pathname::Normalize(dir);
      if (std::find(out.begin(), out.end(), normal) != out.end()) continue;
      const DirListing& listing = List(normal);
      if (listing.ok()) {
        out.push_back(normal);
      } else if (listing.status == FsStatus::kPermissionDenied) {
        facts_.notes.push_back(normal + ": " + std::string(ToString(listing.status)) +
                               (listing.error.empty() ? "" : " (" + listing.error + ")"));
      }
    }
    return out;
  }

  const SystemView& view_;
  std::map<std::string, DirListing>& listings_;
  std::map<std::string, FileContent> heads_;
  PythonFacts facts_;
  std::string home_;
  std::string pyenv_root_;
  std::vector<std::string> path_;
  std::vector<std::string> pythonpath_;
  bool no_user_site_ = false;
  std::map<std::string, VenvConfig> venv_configs_;
};

}  // namespace

PythonFacts CollectPythonEnvironments(const SystemView& view,
                                      std::map<std::string, DirListing>& listings) {
  return Collector(view, listings).Collect();
}

template <>
PythonFacts CollectFacts<PythonFacts>(const SystemView& view) {
  std::map<std::string, DirListing> listings;
  return CollectPythonEnvironments(view, listings);
}

}  // namespace rocm_doctor
