// SPDX-License-Identifier: MIT
#pragma once
// The ROCm userspace installs on a host: /opt/rocm-X.Y.Z (and where /opt/rocm points),
// ROCM_PATH / HIP_PATH, distribution packages under /usr (Debian ships ROCm 5.2.3 in
// /usr/lib/x86_64-linux-gnu), and what LD_LIBRARY_PATH would make the loader pick.
// Collected by src/collect/rocm/rocm_collector.cpp; checks use ctx.facts.Get<RocmFacts>().
#include <string>
#include <vector>

#include "rocm_doctor/fact_store.h"
#include "rocm_doctor/facts/fact.h"

namespace rocm_doctor {

// One library file of an install (e.g. libamdhip64.so.5.2.50203).
struct RocmLibraryFile {
  std::string path;     // the path as found, e.g. "/opt/rocm-6.2.0/lib/libamdhip64.so.6.2.60200"
  std::string soname;   // "libamdhip64.so.6" when known from the file name or the link chain
  Fact<std::string> version;  // from the versioned file name: "6.2.60200"
};

struct RocmInstall {
  std::string root;  // "/opt/rocm-6.2.0", "/usr" (distribution packages), "$ROCM_PATH" value
  // How it was found: "opt" (/opt/rocm-*), "opt-link" (/opt/rocm), "distro" (/usr),
  // "ROCM_PATH", "HIP_PATH", "LD_LIBRARY_PATH".
  std::vector<std::string> found_by;
  // The release, from the most direct source available: .info/version, then
  // include/rocm-core/rocm_version.h, include/hip/hip_version.h, library file names.
  Fact<std::string> version;
  std::vector<RocmLibraryFile> hip;  // libamdhip64.so*
  std::vector<RocmLibraryFile> hsa;  // libhsa-runtime64.so*
  Fact<std::string> hip_version;     // HIP's own version (hip_version.h / the HIP library name)
  Fact<std::string> hsa_version;     // the HSA runtime's version (library name)
  // The ROCm release each runtime library comes from ("6.2.0"): ROCm builds encode it in the
  // library version (libamdhip64.so.6.2.60200, libhsa-runtime64.so.1.14.60200); distribution
  // builds do not, so there it is the owning package's version (Debian: /var/lib/dpkg/status).
  Fact<std::string> hip_release;
  Fact<std::string> hsa_release;
  std::string lib_dir;               // the directory the libraries are in
  // ROCm before 3.5 ran HIP on the HCC compiler and shipped it as <root>/hip/lib/libhip_hcc.so
  // (ROCm/HIP roc-2.x packaging/hip_hcc.txt; its postinst links it into <root>/lib), with no
  // libamdhip64: the file found, only when `hip` is empty.
  Fact<std::string> hcc_hip = Fact<std::string>::Unknown("", "not looked for");
};

struct RocmFacts {
  std::vector<RocmInstall> installs;  // distinct roots, /opt/rocm target first when present
  Fact<std::string> opt_rocm_target;  // where /opt/rocm resolves ("/opt/rocm-6.2.0"), if present
  Fact<std::string> rocm_path_env;    // $ROCM_PATH
  Fact<std::string> hip_path_env;     // $HIP_PATH
  Fact<std::string> ld_library_path;  // $LD_LIBRARY_PATH
  // The libamdhip64 the dynamic loader would pick for a program started with this environment
  // (LD_LIBRARY_PATH first, then /etc/ld.so.conf(.d) directories, then the default paths).
  Fact<std::string> loader_hip_path;
  const RocmInstall* Selected() const;  // the install loader_hip_path belongs to, or nullptr
  // The install programs use: Selected(), else the /opt/rocm target, else the first with a HIP
  // library; nullptr when no install has one.
  const RocmInstall* InUse() const;
};

template <>
RocmFacts CollectFacts<RocmFacts>(const SystemView& view);

// Whether the HIP runtime really loads: `rocm-doctor probe-load LIB` dlopens it (RTLD_NOW) in a
// child process, so a constructor that crashes or hangs takes the child, not the doctor. The
// command runner records it as probe "hip-load" (docs/probes.md); replay serves the recording.
inline constexpr char kHipLoadProbe[] = "hip-load";

struct HipLoadFacts {
  // The library probed: RocmFacts::loader_hip_path, else the used install's libamdhip64.so.N;
  // empty when there is none (nothing was run).
  std::string library;
  std::vector<std::string> argv;  // what was run
  CommandOutcome outcome;         // how the child ended (kNotRecorded in a replay without it)
  // The child's verdict, from its JSON on stdout; unknown when it printed none (crash, timeout,
  // malformed output: `error` says which).
  Fact<bool> loaded;
  std::string dlerror;  // dlerror() verbatim when not loaded
};

// Built on the store's RocmFacts (the installs the loader may pick).
template <>
HipLoadFacts CollectFacts<HipLoadFacts>(const FactSource& facts);

// The same with an explicit doctor binary (tests: the test executable is not rocm-doctor).
HipLoadFacts CollectHipLoad(const SystemView& view, const RocmFacts& rocm,
                            const std::string& doctor_binary);

}  // namespace rocm_doctor
