// SPDX-License-Identifier: MIT
#include "collect/python/venv_health.h"

#include "base/path_normalize.h"
#include "collect/common/sysfs_reader.h"
#include "collect/python/python_parse.h"
#include "collect/python/python_paths.h"

namespace rocm_doctor::python {
namespace {

constexpr int kMaxShownHops = 8;

std::string CfgSummary(const std::map<std::string, std::string>& cfg) {
  std::string out;
  for (const char* key : {"home", "version", "version_info", "executable"}) {
    auto it = cfg.find(key);
    if (it == cfg.end()) continue;
    out += (out.empty() ? "" : ", ") + std::string(key) + " = " + it->second;
  }
  return out.empty() ? "" : " (pyvenv.cfg: " + out + ")";
}

std::string CfgVersion(const std::map<std::string, std::string>& cfg) {
  for (const char* key : {"version", "version_info"}) {
    auto it = cfg.find(key);
    if (it != cfg.end() && !MinorOfVersion(it->second).empty()) return it->second;
  }
  return "";
}

}  // namespace

std::string LinkChain(const SystemView& view, const std::string& path) {
  std::string out = path;
  std::string current = path;
  for (int hop = 0; hop < kMaxShownHops; ++hop) {
    LinkTarget link = view.ReadLink(current);
    if (!link.ok() || link.target.empty()) return out;
    out += " -> " + link.target;
    current = pathname::Normalize(link.target.front() == '/'
                                      ? link.target
                                      : ParentDir(current) + "/" + link.target);
  }
  return out + " -> ...";
}

std::string VenvBroken(const SystemView& view, const PythonEnvironment& env,
                       const std::map<std::string, std::string>& cfg, bool exists) {
  if (!exists) {
    return LinkChain(view, env.executable) + ", which does not exist: the interpreter this venv "
           "was made with is gone" + CfgSummary(cfg);
  }
  // The venv's own version against the interpreter its link reaches now. Only a versioned name
  // ("python3.12") tells the latter; a real file named python3 (--copies) is left alone.
  const std::string made_with = CfgVersion(cfg);
  const std::string runs = MinorFromExecutableName(BaseName(env.resolved));
  const std::string made_minor = MinorOfVersion(made_with);
  if (made_minor.empty() || runs.empty() || made_minor == runs) return "";
  return LinkChain(view, env.executable) + " runs Python " + runs + ", but the venv was made with " +
         made_with + CfgSummary(cfg) + ": Python " + runs + " does not read its lib/python" +
         made_minor + "/site-packages, so its packages do not import";
}

}  // namespace rocm_doctor::python
