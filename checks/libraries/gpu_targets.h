// SPDX-License-Identifier: MIT
#pragma once
// Helpers shared by the libraries checks: the gfx processors the HIP runtime reports for this
// host's GPUs, which library directory programs load from, and the override suggestion.
// Defined in gpu_targets.cpp (the manifest, not a file count, pins the checks).
#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "knowledge/env_parse.h"
#include "knowledge/support_matrix.h"
#include "rocm_doctor/check.h"
#include "rocm_doctor/facts/libraries.h"
#include "rocm_doctor/facts/rocm.h"
#include "rocm_doctor/facts/runtime_env.h"

namespace rocm_doctor::libraries {

// "gfx1030" from HSA_OVERRIDE_GFX_VERSION "10.3.0", "gfx90a" from "9.0.10": ROCr builds the ISA
// name from major, minor and stepping, the stepping printed as one hex digit; "" when malformed.
std::string ProcessorFromOverride(std::string_view text);

// "10.3.0" for gfx1030, "9.0.10" for gfx90a; "" for a name that is not gfx<major><minor><step>.
std::string OverrideFromProcessor(std::string_view processor);

// A covered processor an override can stand in for `processor`: the same RDNA family, i.e. the
// same major and minor (gfx1031..gfx1036 -> gfx1030, gfx1101..gfx1103 -> gfx1100, gfx1012 ->
// gfx1010), and gfx115x -> gfx1100, as the support matrix's override rows (checks/data/
// rocm_support.csv). Never for GCN/CDNA (gfx9xx), where one major spans unrelated ISAs, nor
// for RDNA4, where overrides caused MES failures.
std::string OverrideCandidate(std::string_view processor, const std::set<std::string>& covered);

// Which KFD GPUs HIP exposes under this host's ROCR_VISIBLE_DEVICES / HIP_VISIBLE_DEVICES,
// as positions in the KFD GPU order (GpuNodes()).
env_parse::Visibility HipVisibility(const FactStore& facts);

struct GpuTarget {
  std::string processor;  // what the runtime reports: the override's, else the GPU's own
  std::string real;       // from KFD gfx_target_version
  std::vector<std::string> bdfs;
  std::string source;  // the KFD properties file of the first GPU node
  // Every GPU of this target is integrated (the GPU table's apu column for its PCI id, else a
  // KFD node with CPU cores): an iGPU beside a discrete GPU is not what the node computes on.
  bool integrated = true;
  // Every GPU of this target is hidden from HIP by ROCR_VISIBLE_DEVICES / HIP_VISIBLE_DEVICES
  // (ROCr and CLR's own parsing, env_parse::ResolveVisibility): its coverage does not matter.
  bool hidden = true;
  std::vector<std::size_t> hip_devices;  // HIP device numbers of its visible GPUs
};

// One entry per distinct processor the HIP runtime would report, in KFD node order.
std::vector<GpuTarget> GpuTargets(const FactStore& facts, const LibraryFacts& libs);

// ROCR_VISIBLE_DEVICES naming the discrete GPUs HIP sees, as positions in the KFD GPU order
// (what ROCr numbers; the iGPU is not always device 0: ROCm/ROCm#3401 had it first,
// llama.cpp#8618 second). "" when HIP sees no discrete GPU.
std::string DiscreteRocrDevices(const FactStore& facts);

// "HIP device 0" / "HIP devices 0, 1" of a target's visible GPUs.
std::string HipDevices(const GpuTarget& t);

// "gfx1031 (via HSA_OVERRIDE_GFX_VERSION=10.3.0: gfx1030)" or "gfx1030".
std::string Describe(const GpuTarget& t, const LibraryFacts& libs);

// The library directories to judge: the one of the install programs use, when it has the
// library; otherwise every directory that has it.
std::vector<const LibraryDir*> DirsToJudge(const FactStore& facts, const LibraryFacts& libs,
                                           std::string_view library);

std::string_view BaseNameOf(std::string_view path);

std::string Join(const std::vector<std::string>& items, std::string_view sep = ", ");

std::string Join(const std::set<std::string>& items, std::string_view sep = ", ");

}  // namespace rocm_doctor::libraries
