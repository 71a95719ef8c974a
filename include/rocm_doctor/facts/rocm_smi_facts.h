// SPDX-License-Identifier: MIT
#pragma once
// What rocm-smi-lib (librocm_smi64) reports: `rocm-doctor probe-smi LIB...` dlopens the first of
// the given libraries that loads, calls rsmi_init(0), counts the devices and reads, per device,
// what the library says about it (PCI id and address, VBIOS, power cap, firmware, ECC), and
// prints JSON (docs/probes.md "rocm-smi"). The doctor runs it as a child process (probe
// "rocm-smi"), so an rsmi_init that hangs or crashes takes the child; capture records it and
// replay reads .rocm-doctor/probes/rocm-smi.json.
// Collected by src/collect/rocm_smi/rocm_smi_collector.cpp; checks use ctx.facts.Get<RocmSmiFacts>().
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rocm_doctor/fact_store.h"

namespace rocm_doctor {

inline constexpr char kRocmSmiProbe[] = "rocm-smi";
inline constexpr int kRocmSmiFormat = 1;  // the probe's JSON format version

// An rsmi_status_t: its value, the enumerator's name in rocm_smi.h ("RSMI_STATUS_INIT_ERROR";
// "rsmi_status_t N" for a value this build does not know) and rsmi_status_string() verbatim.
struct RsmiStatus {
  std::int64_t code = 0;
  std::string name;
  std::string message;
  bool ok() const { return code == 0; }
};

// One dlopen() of a candidate library: the path as given and dlerror() verbatim ("" = loaded).
struct RsmiLoadAttempt {
  std::string library;
  std::string error;
};

struct RsmiErrorCount {
  std::uint64_t correctable = 0;
  std::uint64_t uncorrectable = 0;
};

// One device as rocm-smi-lib reports it. Values the library does not report are nullopt.
struct RsmiDevice {
  std::int64_t index = 0;                         // rsmi device index
  std::optional<std::int64_t> device_id;          // rsmi_dev_id_get: the PCI device id
  std::optional<std::string> name;                // rsmi_dev_name_get (pci.ids marketing name)
  std::optional<std::uint64_t> bdfid;             // rsmi_dev_pci_id_get, as returned
  std::optional<std::string> pci_bdf;             // that decoded: "0000:03:00.0"
  std::optional<std::string> vbios_version;       // rsmi_dev_vbios_version_get
  std::optional<std::uint64_t> power_cap_uw;      // rsmi_dev_power_cap_get, sensor 0, microwatts
  std::optional<std::uint64_t> vram_total_bytes;  // rsmi_dev_memory_total_get(VRAM)
  std::map<std::string, std::uint64_t> firmware;  // rsmi_dev_firmware_version_get: "mec" -> 68
  std::optional<RsmiErrorCount> ecc_umc;          // rsmi_dev_ecc_count_get(UMC)
  // Calls that failed other than with RSMI_STATUS_NOT_SUPPORTED: call -> status name.
  std::map<std::string, std::string> errors;
};

// The probe's JSON, validated (src/collect/rocm_smi/rocm_smi_json.cpp).
struct RocmSmiReport {
  int format_version = 0;
  std::vector<RsmiLoadAttempt> attempts;       // in order; stops at the first that loaded
  std::string library;                         // the library that loaded; "" when none did
  std::vector<std::string> missing_symbols;    // required entry points it lacks (nothing called)
  std::optional<std::string> library_version;  // rsmi_version_get: "7.3.0" ("1.0.0" on Debian)
  std::optional<std::string> library_build;    // its build string
  std::optional<std::string> driver_version;   // rsmi_version_str_get(RSMI_SW_COMP_DRIVER)
  std::optional<RsmiStatus> init;              // rsmi_init(0); nullopt when it was not called
  std::optional<std::int64_t> device_count;    // rsmi_num_monitor_devices
  std::optional<RsmiStatus> count_error;       // rsmi_num_monitor_devices failed
  std::vector<RsmiDevice> devices;
};

enum class RocmSmiState {
  kNotRecorded,  // replay of a capture that holds no rocm-smi recording
  kNoLibrary,    // no librocm_smi64 in any directory searched: nothing was run
  kError,        // the child could not be started, or exited non-zero
  kTimedOut,     // killed at the deadline (rsmi_init waits up to 5 s on a stale /dev/shm mutex)
  kCrashed,      // killed by a signal
  kBadOutput,    // exited 0 but stdout is not the probe's JSON
  kParsed,       // `report` holds what the library said
};
std::string_view ToString(RocmSmiState state);

struct RocmSmiFacts {
  RocmSmiState state = RocmSmiState::kNotRecorded;
  std::string source;                   // "probe rocm-smi"
  std::vector<std::string> searched;    // directories looked in, in order
  std::vector<std::string> candidates;  // librocm_smi64 files found there, in the order tried
  std::vector<std::string> argv;
  std::string detail;  // why the state is not kParsed: the spawn error, "exit 1", parse error
  std::optional<int> exit_code;
  std::optional<int> signal;
  std::string stderr_tail;  // the last lines of the child's stderr (rsmi logs there)
  RocmSmiReport report;     // valid when state == kParsed
};

struct RocmFacts;

// Built on the store's RocmFacts (the installs' lib directories are searched first).
template <>
RocmSmiFacts CollectFacts<RocmSmiFacts>(const FactSource& facts);

// The same with the installs and an explicit doctor binary (tests: the test executable is not
// rocm-doctor).
RocmSmiFacts CollectRocmSmi(const SystemView& view, const RocmFacts& rocm,
                            const std::string& doctor_binary);

}  // namespace rocm_doctor
