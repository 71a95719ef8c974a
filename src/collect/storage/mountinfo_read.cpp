// SPDX-License-Identifier: MIT
#include "collect/storage/mountinfo_read.h"

#include "rocm_doctor/paths.h"

namespace rocm_doctor::mountinfo {

ReadTable ReadSelfMountinfo(const SystemView& view) {
  ReadTable out;
  out.file = view.ReadFile(paths::kProcSelfMountinfo, kMaxBytes);
  if (out.file.ok()) out.table = Parse(out.file.data);
  out.file.data.clear();
  out.file.data.shrink_to_fit();
  return out;
}

}  // namespace rocm_doctor::mountinfo
