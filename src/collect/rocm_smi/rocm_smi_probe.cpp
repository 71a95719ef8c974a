// SPDX-License-Identifier: MIT
#include "collect/rocm_smi/rocm_smi_probe.h"

#include <array>
#include <cstring>

#include "collect/rocm_smi/rocm_smi_abi.h"
#include "base/text_parse.h"

namespace rocm_doctor::rocm_smi {
namespace {

namespace abi = rsmi_abi;

// Buffers for the string getters: rocm_smi_lib's own tool uses 256 bytes for names and VBIOS.
constexpr std::size_t kTextBuffer = 256;

template <class Fn>
Fn Resolve(const DynamicLibrary& lib, const char* name) {
  return reinterpret_cast<Fn>(lib.Symbol(name));
}

struct Api {
  abi::InitFn init = nullptr;
  abi::ShutDownFn shut_down = nullptr;
  abi::NumMonitorDevicesFn num_monitor_devices = nullptr;
  abi::VersionGetFn version_get = nullptr;
  abi::VersionStrGetFn version_str_get = nullptr;
  abi::StatusStringFn status_string = nullptr;
  abi::DevIdGetFn dev_id_get = nullptr;
  abi::DevNameGetFn dev_name_get = nullptr;
  abi::DevPciIdGetFn dev_pci_id_get = nullptr;
  abi::DevVbiosVersionGetFn dev_vbios_version_get = nullptr;
  abi::DevPowerCapGetFn dev_power_cap_get = nullptr;
  abi::DevMemoryTotalGetFn dev_memory_total_get = nullptr;
  abi::DevFirmwareVersionGetFn dev_firmware_version_get = nullptr;
  abi::DevEccCountGetFn dev_ecc_count_get = nullptr;
};

Api ResolveApi(const DynamicLibrary& lib, std::vector<std::string>& missing) {
  Api api;
  api.init = Resolve<abi::InitFn>(lib, "rsmi_init");
  api.shut_down = Resolve<abi::ShutDownFn>(lib, "rsmi_shut_down");
  api.num_monitor_devices = Resolve<abi::NumMonitorDevicesFn>(lib, "rsmi_num_monitor_devices");
  if (api.init == nullptr) missing.push_back("rsmi_init");
  if (api.shut_down == nullptr) missing.push_back("rsmi_shut_down");
  if (api.num_monitor_devices == nullptr) missing.push_back("rsmi_num_monitor_devices");
  // The rest is optional: a field the library cannot give stays null.
  api.version_get = Resolve<abi::VersionGetFn>(lib, "rsmi_version_get");
  api.version_str_get = Resolve<abi::VersionStrGetFn>(lib, "rsmi_version_str_get");
  api.status_string = Resolve<abi::StatusStringFn>(lib, "rsmi_status_string");
  api.dev_id_get = Resolve<abi::DevIdGetFn>(lib, "rsmi_dev_id_get");
  api.dev_name_get = Resolve<abi::DevNameGetFn>(lib, "rsmi_dev_name_get");
  api.dev_pci_id_get = Resolve<abi::DevPciIdGetFn>(lib, "rsmi_dev_pci_id_get");
  api.dev_vbios_version_get = Resolve<abi::DevVbiosVersionGetFn>(lib, "rsmi_dev_vbios_version_get");
  api.dev_power_cap_get = Resolve<abi::DevPowerCapGetFn>(lib, "rsmi_dev_power_cap_get");
  api.dev_memory_total_get = Resolve<abi::DevMemoryTotalGetFn>(lib, "rsmi_dev_memory_total_get");
  api.dev_firmware_version_get =
      Resolve<abi::DevFirmwareVersionGetFn>(lib, "rsmi_dev_firmware_version_get");
  api.dev_ecc_count_get = Resolve<abi::DevEccCountGetFn>(lib, "rsmi_dev_ecc_count_get");
  return api;
}

RsmiStatus MakeStatus(const Api& api, abi::Status status) {
  RsmiStatus out;
  out.code = status;
  out.name = abi::StatusName(status);
  const char* text = nullptr;
  if (api.status_string != nullptr && api.status_string(status, &text) == abi::kSuccess &&
      text != nullptr) {
    out.message = parse::Printable(text, 400);
  }
  return out;
}

// A C string the library wrote into `buffer`, bounded even if it forgot the terminator.
std::string FromBuffer(const std::array<char, kTextBuffer>& buffer) {
  return parse::Printable(std::string(buffer.data(), strnlen(buffer.data(), buffer.size())), 200);
}

// Records a failed call: NOT_SUPPORTED is the normal answer for what a GPU does not have.
void NoteFailure(RsmiDevice& device, const char* call, abi::Status status) {
  if (status != abi::kNotSupported) device.errors[call] = abi::StatusName(status);
}

RsmiDevice ReadDevice(const Api& api, std::uint32_t index) {
  RsmiDevice d;
  d.index = index;
  if (api.dev_id_get != nullptr) {
    std::uint16_t id = 0;
    abi::Status s = api.dev_id_get(index, &id);
    if (s == abi::kSuccess)
      d.device_id = id;
    else
      NoteFailure(d, "rsmi_dev_id_get", s);
  }
  if (api.dev_name_get != nullptr) {
    std::array<char, kTextBuffer> buffer{};
    abi::Status s = api.dev_name_get(index, buffer.data(), buffer.size());
    if (s == abi::kSuccess)
      d.name = FromBuffer(buffer);
    else
      NoteFailure(d, "rsmi_dev_name_get", s);
  }
  if (api.dev_pci_id_get != nullptr) {
    std::uint64_t bdfid = 0;
    abi::Status s = api.dev_pci_id_get(index, &bdfid);
    if (s == abi::kSuccess) {
      d.bdfid = bdfid;
      d.pci_bdf = abi::BdfFromBdfid(bdfid);
    } else {
      NoteFailure(d, "rsmi_dev_pci_id_get", s);
    }
  }
  if (api.dev_vbios_version_get != nullptr) {
    std::array<char, kTextBuffer> buffer{};
    abi::Status s =
        api.dev_vbios_version_get(index, buffer.data(), static_cast<std::uint32_t>(buffer.size()));
    if (s == abi::kSuccess) {
      d.vbios_version = FromBuffer(buffer);
    } else {
      NoteFailure(d, "rsmi_dev_vbios_version_get", s);
    }
  }
  if (api.dev_power_cap_get != nullptr) {
    std::uint64_t cap = 0;
    abi::Status s = api.dev_power_cap_get(index, 0, &cap);
    if (s == abi::kSuccess)
      d.power_cap_uw = cap;
    else
      NoteFailure(d, "rsmi_dev_power_cap_get", s);
  }
  if (api.dev_memory_total_get != nullptr) {
    std::uint64_t total = 0;
    abi::Status s = api.dev_memory_total_get(index, abi::kMemTypeVram, &total);
    if (s == abi::kSuccess) {
      d.vram_total_bytes = total;
    } else {
      NoteFailure(d, "rsmi_dev_memory_total_get", s);
    }
  }
  if (api.dev_firmware_version_get != nullptr) {
    for (const abi::FwBlock& block : abi::kFwBlocks) {
      std::uint64_t version = 0;
      abi::Status s = api.dev_firmware_version_get(index, block.value, &version);
      if (s == abi::kSuccess) d.firmware[block.name] = version;
    }
  }
  if (api.dev_ecc_count_get != nullptr) {
    // Room beyond the two counters in case a release grows the struct.
    struct {
      abi::ErrorCount count;
      std::uint64_t spare[6];
    } ec{};
    abi::Status s = api.dev_ecc_count_get(index, abi::kGpuBlockUmc, &ec.count);
    if (s == abi::kSuccess) {
      d.ecc_umc = RsmiErrorCount{ec.count.correctable_err, ec.count.uncorrectable_err};
    } else {
      NoteFailure(d, "rsmi_dev_ecc_count_get", s);
    }
  }
  return d;
}

void ReadVersions(const Api& api, RocmSmiReport& report) {
  if (api.version_get != nullptr) {
    abi::Version v{};
    if (api.version_get(&v) == abi::kSuccess) {
      report.library_version =
          std::to_string(v.major) + "." + std::to_string(v.minor) + "." + std::to_string(v.patch);
      if (v.build != nullptr) report.library_build = parse::Printable(v.build, 100);
    }
  }
  if (api.version_str_get != nullptr) {
    std::array<char, kTextBuffer> buffer{};
    if (api.version_str_get(abi::kSwCompDriver, buffer.data(),
                            static_cast<std::uint32_t>(buffer.size())) == abi::kSuccess) {
      report.driver_version = FromBuffer(buffer);
    }
  }
}

}  // namespace

RocmSmiReport Probe(const std::vector<std::string>& candidates,
                    std::optional<DynamicLibrary>& loaded) {
  RocmSmiReport report;
  report.format_version = kRocmSmiFormat;
  for (const std::string& candidate : candidates) {
    Result<DynamicLibrary> lib = DynamicLibrary::Open(candidate);
    report.attempts.push_back({candidate, lib.ok() ? "" : lib.error()});
    if (lib.ok()) {
      loaded.emplace(std::move(lib).value());
      report.library = candidate;
      break;
    }
  }
  if (!loaded) return report;
  const Api api = ResolveApi(*loaded, report.missing_symbols);
  if (!report.missing_symbols.empty()) return report;

  const abi::Status init = api.init(0);  // 0: AMD GPUs only (RSMI_INIT_FLAG_ALL_GPUS not set)
  report.init = MakeStatus(api, init);
  ReadVersions(api, report);
  if (init != abi::kSuccess) return report;
  std::uint32_t count = 0;
  const abi::Status counted = api.num_monitor_devices(&count);
  if (counted == abi::kSuccess) {
    report.device_count = count;
    for (std::uint32_t i = 0; i < count && i < kMaxDevices; ++i) {
      report.devices.push_back(ReadDevice(api, i));
    }
  } else {
    report.count_error = MakeStatus(api, counted);
  }
  api.shut_down();
  return report;
}

}  // namespace rocm_doctor::rocm_smi
