// SPDX-License-Identifier: MIT
#pragma once
// The kernel and the amdgpu driver as the kernel shows them: /proc, /sys/module, modprobe.d,
// DKMS, Secure Boot.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "rocm_doctor/facts/fact.h"

namespace rocm_doctor {

// One line of modprobe configuration that disables amdgpu ("blacklist amdgpu",
// "install amdgpu /bin/false", "options amdgpu modeset=0").
struct ModprobeRule {
  std::string file;  // "/etc/modprobe.d/blacklist-amdgpu.conf"
  int line = 0;      // 1-based
  std::string text;  // the line as written
};

// A kernel command-line token that keeps amdgpu from driving the GPU.
struct CmdlineBlock {
  std::string token;  // "nomodeset", "modprobe.blacklist=amdgpu", "amdgpu.modeset=0", ...
};

struct KernelFacts {
  Fact<std::string> release;       // uname -r
  Fact<std::string> proc_version;  // /proc/version (tells WSL: "microsoft")
  Fact<std::string> cmdline;       // /proc/cmdline
  std::vector<CmdlineBlock> cmdline_blocks;
  std::vector<std::string> cmdline_amdgpu_params;  // "amdgpu.*=" tokens, as written
  Fact<bool> iommu_passthrough;    // iommu=pt / amd_iommu=pt on the command line
  // /proc/cmdline does not exist (a machine directory that did not capture it); `cmdline` is
  // then unknown but that is not a read error.
  bool cmdline_not_found = false;
  // IOMMU groups (/sys/kernel/iommu_groups/<n>/{type,devices/<BDF>}): the default domain type
  // of each device's group, "identity" (passthrough), "DMA" or "DMA-FQ" (translated).
  Fact<bool> iommu_groups_present;  // the directory lists at least one group
  std::map<std::string, std::string> iommu_group_type;  // BDF -> type

  // amdgpu module state
  Fact<bool> amdgpu_in_proc_modules;  // listed in /proc/modules
  Fact<std::string> amdgpu_module_state;  // the /proc/modules state column: "Live", "Loading"
  Fact<std::string> amdgpu_initstate;  // /sys/module/amdgpu/initstate ("live"); absent if built in
  Fact<bool> amdgpu_module_dir;        // /sys/module/amdgpu exists (loaded or built in)
  Fact<std::string> amdgpu_version;    // /sys/module/amdgpu/version: only the DKMS (ROCk) driver
  Fact<bool> amdgpu_builtin;           // listed in /lib/modules/<release>/modules.builtin
  Fact<bool> amdgpu_module_file;       // an amdgpu.ko* exists under /lib/modules/<release>
  // Where that module lives, relative to /lib/modules/<release>: "kernel/drivers/gpu/drm/amd/
  // amdgpu/amdgpu.ko.zst" (in-tree) or "updates/dkms/amdgpu.ko" / "extra/amdgpu.ko.xz" (DKMS).
  Fact<std::string> amdgpu_module_path;
  // Which amdgpu file modprobe loads when the kernel has several (depmod.d(5)): every
  // amdgpu.ko* found where kernels and DKMS put it, relative to /lib/modules/<release>
  // ("kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.zst", "updates/dkms/amdgpu.ko.zst"), the
  // search order depmod applies (/etc/depmod.d/ubuntu.conf: "updates ubuntu built-in"; kmod's
  // default "updates") and the file that order puts first. modules.dep records depmod's choice
  // when it last ran; this is what it would choose from the files and configuration now.
  std::vector<std::string> amdgpu_module_files;
  Fact<std::string> depmod_search;
  Fact<std::string> amdgpu_module_choice;
  // Which copy is loaded: "dkms" (/sys/module/amdgpu/version exists, or /proc/modules lists
  // the helper modules only amdgpu-dkms builds: amdkcl, amdttm, amddrm_*) or "in-tree".
  Fact<std::string> amdgpu_loaded_flavour;
  std::vector<std::string> dkms_helper_modules;  // those helper modules, as /proc/modules lists
  std::vector<ModprobeRule> modprobe_blocks;
  // modprobe.d files or directories that exist but could not be read ("<path>: permission
  // denied"): a blacklist there would go unseen.
  std::vector<std::string> modprobe_errors;

  // DKMS (/var/lib/dkms/amdgpu/<version>/<kernel>/<arch>/module/)
  Fact<bool> dkms_amdgpu_installed;
  std::vector<std::string> dkms_kernels_built;  // kernels with a built amdgpu module
  std::vector<std::string> dkms_versions;       // /var/lib/dkms/amdgpu/<version> directories
  // /var/lib/dkms/amdgpu/<version>/build/make.log: the last build's log (a failed build leaves
  // it; "Consult /var/lib/dkms/amdgpu/<ver>/build/make.log for more information").
  std::vector<std::string> dkms_build_logs;
  // The package that installed the DKMS source (amdgpu-dkms; rock-dkms before ROCm 3.5) as
  // dpkg records it: "amdgpu-dkms 1:6.8.5.60200-2009582.24.04: install ok half-configured".
  // A postinst whose DKMS build failed leaves "half-configured". Unknown off dpkg.
  Fact<std::string> dkms_package;
  Fact<std::string> dkms_package_status;  // the Status field alone

  // Secure Boot: efivars SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c, last byte 1 = on
  Fact<bool> secure_boot;

  // /sys/module/amdgpu/parameters/runpm: -1 auto (the default: BOCO/BACO on dGPUs without a
  // display), 0 off, 1 on, 2 BAMACO. "amdgpu.runpm=N" on the command line sets it at load.
  Fact<std::string> amdgpu_runpm;
};

// What the kernel log says about amdgpu (lines from /dev/kmsg or dmesg).
struct KernelLogEvent {
  enum class Kind {
    kFirmwareLoadFailed,  // "Direct firmware load for amdgpu/... failed with error -2"
    kInitFailed,          // "Fatal error during GPU init", "amdgpu: probe of ... failed"
    kProbeNoMemory,       // "probe ... amdgpu failed with error -12": no room for the BARs
    kAtomicsUnsupported,  // "PCIE atomic ops is not supported": the link has none (amdgpu)
    kAtomicsRejected,     // "skipped device 1002:67df, PCI rejects atomics": KFD refused the GPU
    kKfdSkipped,          // "kfd: skipped device ..., unsupported"/"not supported in kfd"
    kRingTimeout,         // "ring gfx timeout", "GPU reset begin!"
    kModuleRejected,      // "module verification failed", "Lockdown: ... unsigned module"
    // After init (collect/kernel/post_init_events.h):
    kResumeFailed,  // "resume of IP block <smu> failed -5", "amdgpu_device_ip_resume failed"
    kSmuNotReady,   // "SMU is not ready", "SMC is not ready", "SMC engine is not correctly up!"
    kMesFailed,     // "MES failed to respond msg=3", "MES might be in unrecoverable state"
    kResetFailed,   // "GPU reset(2) failed", "GPU Recovery Failed: -110"
  };
  Kind kind;
  std::string line;  // the log line as read
  std::string bdf;   // the PCI device named in the line, when it names one
  std::string pci_id;    // "1002:7340" when the line names a vendor:device pair (KFD lines)
  std::string firmware;  // "amdgpu/navi10_gpu_info.bin" for kFirmwareLoadFailed
};

// A GPU in a reset loop logs a timeout a second; the log facts keep this many events in all,
// and at most kMaxKernelLogEventsPerKind of one kind, oldest first.
inline constexpr std::size_t kMaxKernelLogEvents = 256;
inline constexpr std::size_t kMaxKernelLogEventsPerKind = 64;

struct KernelLogFacts {
  bool readable = false;
  std::string source;  // "/dev/kmsg", "dmesg", a recorded probe
  std::string error;   // why it could not be read
  bool not_recorded = false;  // replay without a recording: skip, not unknown
  std::size_t line_count = 0;
  std::vector<KernelLogEvent> events;  // bounded: see kMaxKernelLogEvents
  bool events_truncated = false;       // more matching lines than were kept
};

}  // namespace rocm_doctor
