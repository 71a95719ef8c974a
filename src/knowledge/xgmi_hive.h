// SPDX-License-Identifier: MIT
#pragma once
// Which GPUs go down together when one is reset. amdgpu gives every XGMI hive one reset domain
// (amdgpu_xgmi.c amdgpu_get_xgmi_hive: amdgpu_reset_create_reset_domain(XGMI_HIVE,
// "amdgpu-reset-hive")), so a reset of one GPU of a hive resets all of its GPUs, and a GPU in
// DPX/QPX/CPX takes all of its partitions (logical GPUs) with it. Any finding whose action is
// "reset" names this scope (param "reset_bdfs"), so the operator drains every GPU it takes down.
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "rocm_doctor/facts/kfd.h"
#include "rocm_doctor/facts/xgmi.h"

namespace rocm_doctor::knowledge {

struct ResetScope {
  std::vector<std::string> bdfs;  // the GPU itself first, then the rest of its hive in BDF order
  std::string basis;              // how the hive was known: the sysfs hive id, or KFD's
};

// The hive comes from sysfs (xgmi_hive_info/xgmi_hive_id) when amdgpu reported it, else from
// the KFD nodes' hive_id (a partitioned GPU's nodes share the device's BDF); a GPU in no hive
// resets alone.
ResetScope GpusResetTogether(std::string_view bdf, const XgmiFacts& xgmi, const KfdTopology& kfd);

// "0000:05:00.0 0000:26:00.0": the BDFs space-separated (the finding's "reset_bdfs" param).
std::string JoinBdfs(const std::vector<std::string>& bdfs, std::string_view separator = " ");

// What a finding whose action is "reset" carries, for any check (hardware.xgmi.wafl_uncorrectable,
// hardware.ras.pages_pending, ...):
//   params  "reset_bdfs" (space-separated) and "reset_bdfs_quoted" (each ShellQuote'd, for a
//           command such as "sudo amd-smi reset --gpureset --gpu {!reset_bdfs_quoted}")
//   text    one sentence for the message: "A reset takes down its whole hive together: A, B, ...
//           (XGMI hive N (path))." or "It is in no XGMI hive: a reset takes down this GPU alone."
struct ResetNotice {
  std::map<std::string, std::string> params;
  std::string text;
};
ResetNotice ResetNoticeFor(const ResetScope& scope);

}  // namespace rocm_doctor::knowledge
