// SPDX-License-Identifier: MIT
#pragma once
// The ROCm command-line tools on a host (rocminfo, rocm-smi, amd-smi, rocprof, hipcc, ...):
// where each is, which install or package it comes from and its version. Found by files only
// (nothing is run): $PATH first, then each ROCm install's bin/. Collected by
// src/collect/tools/tools_collector.cpp from the table in src/knowledge/rocm_tools.cpp; checks use
// ctx.facts.Get<ToolFacts>().
#include <string>
#include <vector>

#include "rocm_doctor/fact_store.h"
#include "rocm_doctor/facts/fact.h"

namespace rocm_doctor {

struct ToolCopy {
  std::string path;       // as found: "/usr/bin/rocm-smi", "/opt/rocm/bin/rocminfo"
  std::string real_path;  // symlinks expanded: "/usr/libexec/rocm_smi/rocm_smi.py"
  std::string found_by;   // "$PATH" or "ROCm install /opt/rocm-6.2.0"
  // Where it comes from: "ROCm 6.2.0 (/opt/rocm-6.2.0)", "package rocminfo (dpkg)"; unknown
  // when no install holds it and no package that ships the tool lists it.
  Fact<std::string> origin;
  // The release of that install (its .info/version) or the package's version ("5.2.3-2").
  Fact<std::string> version;
};

struct ToolPresence {
  std::string name;              // the file name, e.g. "rocminfo"
  std::vector<ToolCopy> copies;  // distinct files; the first is what a shell would run
  bool found() const { return !copies.empty(); }
};

struct ToolFacts {
  std::vector<ToolPresence> tools;    // one per table entry, in table order
  std::vector<std::string> searched;  // the directories looked in, in order
};

struct RocmFacts;

// Built on the store's RocmFacts (each install's bin directory is searched).
template <>
ToolFacts CollectFacts<ToolFacts>(const FactSource& facts);

// The same with the ROCm installs given (tests).
ToolFacts CollectTools(const SystemView& view, const RocmFacts& rocm);

}  // namespace rocm_doctor
