#pragma once
// The ROCm userspace installs on a host: /opt/rocm-X.Y.Z (and where /opt/rocm points),
// ROCM_PATH / HIP_PATH, distribution packages under /usr (Debian ships ROCm 5.2.3 in
// /usr/lib/x86_64-linux-gnu), and what LD_LIBRARY_PATH would make the loader pick.
// Collected by src/collect/rocm_collector.cpp; checks use ctx.facts.Get<RocmFacts>().
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
  std::string lib_dir;               // the directory the libraries are in
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
};

template <>
RocmFacts CollectFacts<RocmFacts>(const SystemView& view);

}  // namespace rocm_doctor
