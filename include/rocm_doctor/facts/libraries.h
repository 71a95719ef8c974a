// SPDX-License-Identifier: MIT
#pragma once
// The ROCm math and communication libraries of each library directory (the lib dir of every
// ROCm install plus Debian's multiarch dir), their Tensile kernel files, and the gfx targets of
// the device code inside their ELF files. Two domains, so that `--only libraries.inventory`
// never reads a library's hundreds of MB:
//   ctx.facts.Get<LibraryFacts>()     file names, versions, Tensile directories (cheap)
//   ctx.facts.Get<CodeObjectFacts>()  .hip_fatbin offload bundles of each library (reads ELFs)
// Collected by src/collect/libraries/library_collector.cpp.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "rocm_doctor/fact_store.h"
#include "rocm_doctor/facts/fact.h"
#include "rocm_doctor/system_view.h"

namespace rocm_doctor {

// One library of one directory, e.g. rocBLAS in /opt/rocm-6.2.0/lib.
struct InstalledLibrary {
  std::string name;  // "rocBLAS"
  std::string dir;   // "/opt/rocm-6.2.0/lib"
  std::string path;  // the most versioned file: "/opt/rocm-6.2.0/lib/librocblas.so.4.2.60200"
  std::vector<std::string> files;  // every matching name in `dir`, sorted
  // What follows ".so." in that file's name: "4.2.60200" (AMD's builds: the library version
  // with the ROCm release appended), "0.1" (Debian's librocsparse.so.0.1: the soname version,
  // which says nothing of the release); unknown for a bare "librocblas.so".
  Fact<std::string> file_version;
  // The library's version, from the most direct source that gives its release
  // (src/collect/libraries/library_version.h): the owning Debian package's upstream version
  // ("5.3.0", source "/var/lib/dpkg/status (librocsparse0 5.3.0+dfsg-2)"), else a file name that
  // encodes the release ("4.2.60200"), else the library's CMake package version file ("4.2.0");
  // else the soname version labelled as such ("soname 0.1"), never presented as a release.
  Fact<std::string> version;
  // The ROCm release it comes from: ROCm's CMake appends ROCM_LIBPATCH_VERSION = major*10000 +
  // minor*100 + patch to the file name (librocblas.so.4.2.60200 -> "6.2.0"); Debian versions
  // its ROCm packages by the ROCm release (librocsparse0 5.3.0+dfsg-2 -> "5.3.0"). Unknown when
  // neither says (a Debian-built file name without the package database): not a mismatch.
  Fact<std::string> release;
};

// A Tensile kernel directory and the gfx processors its file names cover.
struct TensileDir {
  std::string library;  // "rocBLAS" or "hipBLASLt"
  std::string dir;      // "/opt/rocm-6.2.0/lib/rocblas/library"
  FsStatus status = FsStatus::kNotFound;
  std::string error;
  std::set<std::string> library_targets;  // TensileLibrary[_lazy]_<gfx>.dat
  std::set<std::string> code_targets;     // *.co / *.hsaco naming <gfx>
  bool combined_library = false;          // TensileLibrary.dat (multi-arch, pre ROCm 5)
  std::size_t tensile_files = 0;
  std::vector<std::string> sample;  // up to a few file names, for evidence
  // True when rocBLAS finds a library file for `processor` (no target features).
  bool Covers(std::string_view processor) const;
};

struct LibraryDir {
  std::string dir;       // "/opt/rocm-6.2.0/lib"
  std::string found_by;  // "/opt/rocm", "/opt/rocm-6.2.0", "ROCM_PATH", "multiarch"
  FsStatus status = FsStatus::kNotFound;
  std::string error;
  std::vector<InstalledLibrary> libraries;  // present ones, in the order of the library table
  std::optional<InstalledLibrary> hip;      // libamdhip64 of the same dir (release reference)
  std::vector<TensileDir> tensile;          // rocblas/library and hipblaslt/library when present
};

struct LibraryFacts {
  std::vector<LibraryDir> dirs;               // existing directories only
  std::vector<std::string> searched;          // every directory looked at
  Fact<std::string> rocblas_tensile_libpath;  // $ROCBLAS_TENSILE_LIBPATH (replaces the lookup)
  std::optional<TensileDir> tensile_libpath;  // that directory, when set
  Fact<std::string> override_gfx;             // $HSA_OVERRIDE_GFX_VERSION
  Fact<std::string> hsa_xnack;                // $HSA_XNACK ("1" turns XNACK on)
};

// What the .hip_fatbin section of one library holds.
struct CodeObjectScan {
  std::string library;  // "rocSPARSE"
  std::string path;
  enum class State {
    kTargets,       // bundles parsed: `targets` lists the device code
    kNoDeviceCode,  // an ELF without a .hip_fatbin section or bundle (e.g. librocm_smi64)
    kCompressed,    // only compressed (CCOB) bundles: targets unknown
    kUnreadable,    // could not read or parse the file
    kPlaceholder,   // an empty file: a hand-built machine directory's stand-in, not judged
  };
  State state = State::kUnreadable;
  std::set<std::string> targets;  // target ids: "gfx90a:xnack-", "gfx1030", "gfx11-generic"
  std::size_t bundles = 0;
  std::size_t compressed = 0;
  bool complete = false;  // every bundle of the section was inside the bytes read
  std::string source;     // "<path> .hip_fatbin" or "<path> (first 64 MiB scanned)"
  std::string error;      // why unreadable; or the malformed bundles seen
};

struct CodeObjectFacts {
  std::vector<CodeObjectScan> scans;  // one per InstalledLibrary that is a readable file
};

template <>
LibraryFacts CollectFacts<LibraryFacts>(const SystemView& view);
template <>
CodeObjectFacts CollectFacts<CodeObjectFacts>(const SystemView& view);
// What the FactStore calls: the libraries of the run's one LibraryFacts collection (the
// SystemView form above collects them again, the dpkg status parse included).
template <>
CodeObjectFacts CollectFacts<CodeObjectFacts>(const FactSource& facts);

// The library scan of the given directories (CollectFacts<LibraryFacts> passes the lib dir of
// every ROCm install and /usr/lib/x86_64-linux-gnu); `found_by[i]` labels `dirs[i]`.
LibraryFacts CollectLibraries(const SystemView& view, const std::vector<std::string>& dirs,
                              const std::vector<std::string>& found_by);
CodeObjectFacts CollectCodeObjects(const SystemView& view, const LibraryFacts& libraries);
// One library file's offload bundles, and one Tensile directory, read as the collectors above
// read them (the frameworks layer reads the copies a wheel bundles, e.g. torch/lib).
CodeObjectScan ScanCodeObjects(const SystemView& view, const InstalledLibrary& library);
TensileDir ReadTensileLibrary(const SystemView& view, std::string_view library, std::string dir);

// --- The code-object match rule, as the HIP runtime applies it (ROCm/clr
// hipamd/src/hip_code_object.cpp, LLVM AMDGPUUsage "Target ID" and "Generic processors"):
// a code object for target id P[:sramecc±][:xnack±] serves a device whose processor is P, or
// one that P's generic processor covers (gfx10-3-generic serves gfx1030..gfx1036); a feature
// named with + or - must equal the device's mode, a feature not named serves both modes.
// `xnack_on` / `sramecc_on` are nullopt when the device's mode is not known: any setting then
// serves.
bool CodeObjectServes(std::string_view target_id, std::string_view device_processor,
                      std::optional<bool> xnack_on, std::optional<bool> sramecc_on);
// The generic processor that covers `processor` ("gfx10-3-generic" for gfx1031), or "".
std::string_view GenericProcessorFor(std::string_view processor);
// "gfx90a" from "gfx90a:sramecc+:xnack-".
std::string_view ProcessorOf(std::string_view target_id);
// The ROCm release "6.2.0" from a version "4.2.60200" (its last component, 5 digits >= 10000).
std::optional<std::string> ReleaseFromLibraryVersion(std::string_view version);

}  // namespace rocm_doctor
