// SPDX-License-Identifier: MIT
#pragma once
// /proc/self/mountinfo read through the SystemView (bounded by mountinfo::kMaxBytes) and parsed:
// the one reading the storage and device-node collectors share.
#include "base/mountinfo_parse.h"
#include "rocm_doctor/system_view.h"

namespace rocm_doctor::mountinfo {

struct ReadTable {
  FileContent file;  // the read as served: status, error, truncated (data dropped once parsed)
  Table table;       // empty unless file.ok()
};

ReadTable ReadSelfMountinfo(const SystemView& view);

}  // namespace rocm_doctor::mountinfo
