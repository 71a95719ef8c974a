// SPDX-License-Identifier: MIT
#pragma once
// The few parts of rocm-smi-lib's C ABI that `rocm-doctor probe-smi` uses, declared here so the
// doctor has no build-time or link-time dependency on librocm_smi64 (architecture rule 1: it is
// dlopen()ed in a child process and resolved with dlsym).
//
// Source: rocm_smi.h of rocm_smi_lib 5.2.3 (Debian librocm-smi-dev 5.2.3-2), compared with the
// ROCm 6.x header (ROCm/rocm_smi_lib include/rocm_smi/rocm_smi.h): every signature, struct and
// enumerator value used here is the same in both. Later headers inserted enumerators in some
// enums (RSMI_FW_BLOCK_MES and _MES_KIQ after _MEC2, statuses after REFCOUNT_OVERFLOW), so only
// values that kept their number are used, and a status this table does not know is shown by
// number.
#include <cstddef>
#include <cstdint>
#include <string>

namespace rocm_doctor::rsmi_abi {

// rsmi_status_t: an enum whose largest value is 0xFFFFFFFF, so a 32-bit unsigned on x86_64.
using Status = std::uint32_t;
inline constexpr Status kSuccess = 0x0;       // RSMI_STATUS_SUCCESS
inline constexpr Status kNotSupported = 0x2;  // RSMI_STATUS_NOT_SUPPORTED

// "RSMI_STATUS_INIT_ERROR" for 8; "rsmi_status_t 4660" for a value the table lacks.
std::string StatusName(Status status);

// rsmi_version_t
struct Version {
  std::uint32_t major;
  std::uint32_t minor;
  std::uint32_t patch;
  const char* build;
};

// rsmi_error_count_t (two counters in every release read).
struct ErrorCount {
  std::uint64_t correctable_err;
  std::uint64_t uncorrectable_err;
};

inline constexpr std::uint32_t kSwCompDriver = 0;   // rsmi_sw_component_t RSMI_SW_COMP_DRIVER
inline constexpr std::uint32_t kMemTypeVram = 0;    // rsmi_memory_type_t RSMI_MEM_TYPE_VRAM
inline constexpr std::uint64_t kGpuBlockUmc = 0x1;  // rsmi_gpu_block_t RSMI_GPU_BLOCK_UMC
// rsmi_gpu_block_t holds 0x8000000000000000 (RSMI_GPU_BLOCK_RESERVED): a 64-bit enum, passed as
// such.
using GpuBlock = std::uint64_t;

// rsmi_fw_block_t values that are the same in every release (ASD = 0 ... MEC2 = 6; MES came
// later, after MEC2, and shifted everything behind it).
struct FwBlock {
  std::uint32_t value;
  const char* name;
};
inline constexpr FwBlock kFwBlocks[] = {{0, "asd"}, {1, "ce"}, {4, "me"}, {5, "mec"}, {6, "mec2"}};

// Entry points (C linkage, all return rsmi_status_t).
using InitFn = Status (*)(std::uint64_t init_flags);                 // rsmi_init
using ShutDownFn = Status (*)();                                     // rsmi_shut_down
using NumMonitorDevicesFn = Status (*)(std::uint32_t* num_devices);  // rsmi_num_monitor_devices
using VersionGetFn = Status (*)(Version* version);                   // rsmi_version_get
using VersionStrGetFn = Status (*)(std::uint32_t component, char* ver_str,
                                   std::uint32_t len);                   // rsmi_version_str_get
using StatusStringFn = Status (*)(Status status, const char** text);     // rsmi_status_string
using DevIdGetFn = Status (*)(std::uint32_t dv_ind, std::uint16_t* id);  // rsmi_dev_id_get
using DevNameGetFn = Status (*)(std::uint32_t dv_ind, char* name,
                                std::size_t len);                              // rsmi_dev_name_get
using DevPciIdGetFn = Status (*)(std::uint32_t dv_ind, std::uint64_t* bdfid);  // _pci_id_get
using DevVbiosVersionGetFn = Status (*)(std::uint32_t dv_ind, char* vbios,
                                        std::uint32_t len);  // rsmi_dev_vbios_version_get
using DevPowerCapGetFn = Status (*)(std::uint32_t dv_ind, std::uint32_t sensor_ind,
                                    std::uint64_t* cap);  // rsmi_dev_power_cap_get, microwatts
using DevMemoryTotalGetFn = Status (*)(std::uint32_t dv_ind, std::uint32_t mem_type,
                                       std::uint64_t* total);  // rsmi_dev_memory_total_get
using DevFirmwareVersionGetFn = Status (*)(std::uint32_t dv_ind, std::uint32_t block,
                                           std::uint64_t* version);  // _firmware_version_get
using DevEccCountGetFn = Status (*)(std::uint32_t dv_ind, GpuBlock block,
                                    ErrorCount* ec);  // rsmi_dev_ecc_count_get

// rsmi_dev_pci_id_get's BDFID: domain in bits 63..32, bus 15..8, device 7..3, function 2..0
// (bits 31..16 reserved; ROCm 6 puts a partition id in 31..28) -> "0000:03:00.0".
std::string BdfFromBdfid(std::uint64_t bdfid);

}  // namespace rocm_doctor::rsmi_abi
