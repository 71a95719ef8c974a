// SPDX-License-Identifier: MIT
#include "collect/rocm_smi/rocm_smi_abi.h"

#include <cstdio>
#include <iterator>

namespace rocm_doctor::rsmi_abi {

std::string StatusName(Status status) {
  // rsmi_status_t in enumerator order: 0x0-0x11 in every release read (5.2.3 ends there), the rest
  // as ROCm 6.x appended them.
  static constexpr const char* kNames[] = {
      "RSMI_STATUS_SUCCESS",
      "RSMI_STATUS_INVALID_ARGS",
      "RSMI_STATUS_NOT_SUPPORTED",
      "RSMI_STATUS_FILE_ERROR",
      "RSMI_STATUS_PERMISSION",
      "RSMI_STATUS_OUT_OF_RESOURCES",
      "RSMI_STATUS_INTERNAL_EXCEPTION",
      "RSMI_STATUS_INPUT_OUT_OF_BOUNDS",
      "RSMI_STATUS_INIT_ERROR",
      "RSMI_STATUS_NOT_YET_IMPLEMENTED",
      "RSMI_STATUS_NOT_FOUND",
      "RSMI_STATUS_INSUFFICIENT_SIZE",
      "RSMI_STATUS_INTERRUPT",
      "RSMI_STATUS_UNEXPECTED_SIZE",
      "RSMI_STATUS_NO_DATA",
      "RSMI_STATUS_UNEXPECTED_DATA",
      "RSMI_STATUS_BUSY",
      "RSMI_STATUS_REFCOUNT_OVERFLOW",
      "RSMI_STATUS_SETTING_UNAVAILABLE",
      "RSMI_STATUS_AMDGPU_RESTART_ERR",
      "RSMI_STATUS_DRM_ERROR",
      "RSMI_STATUS_FAIL_LOAD_MODULE",
      "RSMI_STATUS_FAIL_LOAD_SYMBOL",
  };
  if (status < std::size(kNames)) return kNames[status];
  if (status == 0xFFFFFFFFu) return "RSMI_STATUS_UNKNOWN_ERROR";
  return "rsmi_status_t " + std::to_string(status);
}

std::string BdfFromBdfid(std::uint64_t bdfid) {
  char text[32];
  std::snprintf(text, sizeof text, "%04x:%02x:%02x.%x",
                static_cast<unsigned>((bdfid >> 32) & 0xffffffffu),
                static_cast<unsigned>((bdfid >> 8) & 0xffu),
                static_cast<unsigned>((bdfid >> 3) & 0x1fu), static_cast<unsigned>(bdfid & 0x7u));
  return text;
}

}  // namespace rocm_doctor::rsmi_abi
