// SPDX-License-Identifier: MIT
// LibraryFacts and CodeObjectFacts: the ROCm libraries of each library directory, their Tensile
// files, and the offload bundles in their ELF files. Reads only through the SystemView.
#include <algorithm>
#include <array>
#include <cstdint>

#include "base/path_normalize.h"
#include "base/text_parse.h"
#include "collect/common/sysfs_reader.h"
#include "collect/libraries/elf_reader.h"
#include "collect/libraries/library_version.h"
#include "collect/libraries/offload_bundle.h"
#include "collect/libraries/ranged_scan.h"
#include "collect/libraries/tensile_parse.h"
#include "rocm_doctor/facts/libraries.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor {
namespace {

// Bytes of a library read for its offload bundles where ranged reads are not to be had
// (ScanPrefix). The section header table is at the end of the file, so in a real library
// (librocsparse 5.3 is 1.3 GB, its .hip_fatbin starting at 12 MB) it is out of a prefix's reach and
// the first bundles are found by their 4096-aligned magic instead. 64 MiB bounds memory and time
// (and what `capture` stores) and holds the first bundle of every ROCm library seen. With
// SystemView::ReadFileAt the scan is exact: section headers, then only the bundle headers.
constexpr std::size_t kCodeObjectReadLimit = std::size_t{64} << 20;
constexpr std::size_t kMaxTensileSample = 6;
constexpr int kMaxLinkHops = 8;

struct LibrarySpec {
  std::string_view name;
  std::string_view stem;  // file names are <stem>.so[.<version>]
  bool variants;          // also <stem>_<part>.so* (libmigraphx_c, libmigraphx_gpu, ...)
};

constexpr std::array<LibrarySpec, 10> kLibraries{{
    {"rocBLAS", "librocblas", false},
    {"hipBLASLt", "libhipblaslt", false},
    {"MIOpen", "libMIOpen", false},
    {"rocFFT", "librocfft", false},
    {"rocSPARSE", "librocsparse", false},
    {"rocRAND", "librocrand", false},
    {"RCCL", "librccl", false},
    {"MIGraphX", "libmigraphx", true},
    {"rocm-smi-lib", "librocm_smi64", false},
    {"amd-smi", "libamd_smi", false},
}};
constexpr LibrarySpec kHip{"HIP", "libamdhip64", false};

// Tensile kernel directories, relative to the library dir (rocBLAS tensile_host.cpp looks in
// ./rocblas/library next to librocblas.so; Debian's rocBLAS uses rocblas/<version>/library).
struct TensileSpec {
  std::string_view library;
  std::string_view subdir;
};
constexpr std::array<TensileSpec, 2> kTensile{{{"rocBLAS", "rocblas"}, {"hipBLASLt", "hipblaslt"}}};

// How a file name matches a library: 0 = no; 1 = a variant (libmigraphx_c.so); 2 = the stem.
int Match(const LibrarySpec& spec, std::string_view name) {
  if (name.substr(0, spec.stem.size()) != spec.stem) return 0;
  std::string_view rest = name.substr(spec.stem.size());
  int kind = 2;
  if (spec.variants && !rest.empty() && rest.front() == '_') {
    const std::size_t so = rest.find(".so");
    if (so == std::string_view::npos) return 0;
    rest.remove_prefix(so);
    kind = 1;
  }
  if (rest.substr(0, 3) != ".so") return 0;
  rest.remove_prefix(3);
  return rest.empty() || rest.front() == '.' ? kind : 0;
}

std::string VersionOf(std::string_view name) {
  const std::size_t so = name.find(".so.");
  return so == std::string_view::npos ? std::string() : std::string(name.substr(so + 4));
}

std::optional<InstalledLibrary> FindLibrary(const LibrarySpec& spec, const std::string& dir,
                                            const std::vector<std::string>& names) {
  InstalledLibrary lib;
  lib.name = std::string(spec.name);
  lib.dir = dir;
  std::string best;
  int best_kind = 0;
  for (const std::string& n : names) {
    const int kind = Match(spec, n);
    if (kind == 0) continue;
    lib.files.push_back(n);
    // The stem before variants, then the longest version ("4.2.60200" over "4").
    if (kind > best_kind || (kind == best_kind && VersionOf(n).size() > VersionOf(best).size())) {
      best = n;
      best_kind = kind;
    }
  }
  if (lib.files.empty()) return std::nullopt;
  lib.path = JoinPath(dir, best);
  const std::string version = VersionOf(best);
  if (version.empty()) {
    lib.file_version = Fact<std::string>::Unknown(lib.path, "the file name carries no version");
  } else {
    lib.file_version = Fact<std::string>::Known(version, lib.path);
  }
  return lib;
}

TensileDir ReadTensileDir(const SystemView& view, std::string_view library, std::string dir) {
  TensileDir out;
  out.library = std::string(library);
  out.dir = std::move(dir);
  DirListing listing = view.ListDir(out.dir);
  out.status = listing.status;
  out.error = listing.error;
  if (!listing.ok()) return out;
  tensile::Coverage coverage = tensile::Parse(listing.names);
  out.library_targets = std::move(coverage.library_targets);
  out.code_targets = std::move(coverage.code_targets);
  out.combined_library = coverage.combined_library;
  out.tensile_files = coverage.tensile_files;
  for (const std::string& n : listing.names) {
    if (out.sample.size() >= kMaxTensileSample) break;
    if (n.rfind("TensileLibrary", 0) == 0) out.sample.push_back(n);
  }
  return out;
}

// <dir>/<subdir>/library, else <dir>/<subdir>/<version>/library (Debian).
std::optional<TensileDir> FindTensileDir(const SystemView& view, const TensileSpec& spec,
                                         const std::string& dir) {
  const std::string base = JoinPath(dir, spec.subdir);
  DirListing listing = view.ListDir(base);
  if (listing.status == FsStatus::kNotFound) return std::nullopt;
  if (!listing.ok()) {
    TensileDir out;
    out.library = std::string(spec.library);
    out.dir = base;
    out.status = listing.status;
    out.error = listing.error;
    return out;
  }
  if (std::find(listing.names.begin(), listing.names.end(), "library") != listing.names.end()) {
    return ReadTensileDir(view, spec.library, JoinPath(base, "library"));
  }
  for (const std::string& child : listing.names) {
    const std::string candidate = JoinPath(JoinPath(base, child), "library");
    if (view.ListDir(candidate).ok()) return ReadTensileDir(view, spec.library, candidate);
  }
  return std::nullopt;
}

Fact<std::string> Env(const SystemView& view, std::string_view name) {
  std::optional<std::string> value = view.GetEnv(name);
  std::string source = "$" + std::string(name);
  if (!value) return Fact<std::string>::Unknown(source, "");
  return Fact<std::string>::Known(*value, source);
}

// Where a symlink chain ends (/opt/rocm -> /etc/alternatives/rocm -> /opt/rocm-6.2.0).
std::string Resolve(const SystemView& view, std::string path) {
  for (int hop = 0; hop < kMaxLinkHops; ++hop) {
    LinkTarget link = view.ReadLink(path);
    if (!link.ok()) break;
    std::string parent(path.substr(0, path.rfind('/')));
    path = pathname::Normalize(link.target.empty() || link.target.front() == '/'
                                   ? link.target
                                   : JoinPath(parent.empty() ? "/" : parent, link.target));
  }
  return path;
}

// Library dirs of every install: /opt/rocm, /opt/rocm-*, $ROCM_PATH, then the multiarch dir.
void DefaultDirs(const SystemView& view, std::vector<std::string>& dirs,
                 std::vector<std::string>& found_by) {
  auto add = [&](const std::string& root, const std::string& label) {
    const std::string lib = JoinPath(Resolve(view, root), "lib");
    if (std::find(dirs.begin(), dirs.end(), lib) != dirs.end()) return;
    dirs.push_back(lib);
    found_by.push_back(label);
  };
  add(std::string(paths::kOptRocm), std::string(paths::kOptRocm));
  DirListing opt = view.ListDir(paths::kOpt);
  for (const std::string& name : opt.names) {
    if (name.rfind("rocm-", 0) == 0) add(JoinPath(paths::kOpt, name), JoinPath(paths::kOpt, name));
  }
  if (std::optional<std::string> rocm_path = view.GetEnv("ROCM_PATH")) {
    if (!rocm_path->empty() && rocm_path->front() == '/')
      add(pathname::Normalize(*rocm_path), "ROCM_PATH");
  }
  if (std::find(dirs.begin(), dirs.end(), paths::kMultiarchLibDir) == dirs.end()) {
    dirs.emplace_back(paths::kMultiarchLibDir);
    found_by.emplace_back("multiarch");
  }
}

// The scan's counts, targets, errors and state from a bundle walk; `unfinished` says why no bundle
// was found in a walk that did not reach its end.
void Finish(CodeObjectScan& scan, offload::RangeScan& range, const std::string& unfinished) {
  scan.bundles = range.bundles;
  scan.compressed = range.compressed;
  scan.targets = std::move(range.targets);
  scan.complete = range.complete;
  for (const std::string& e : range.errors) scan.error += (scan.error.empty() ? "" : "; ") + e;
  if (range.error_count > range.errors.size()) {
    scan.error += " (" + std::to_string(range.error_count) + " malformed bundles)";
  }
  if (!range.stopped.empty()) scan.error += (scan.error.empty() ? "" : "; ") + range.stopped;
  if (!scan.targets.empty()) {
    scan.state = CodeObjectScan::State::kTargets;
  } else if (scan.compressed > 0) {
    scan.state = CodeObjectScan::State::kCompressed;
  } else if (range.error_count > 0) {
    scan.state = CodeObjectScan::State::kUnreadable;
  } else if (!scan.complete) {
    scan.state = CodeObjectScan::State::kUnreadable;
    if (range.stopped.empty()) scan.error = unfinished;
  } else {
    scan.state = CodeObjectScan::State::kNoDeviceCode;
  }
}

// [begin, end) of .hip_fatbin, saturated.
std::uint64_t SectionEnd(const elf::Section& section) {
  return section.size > UINT64_MAX - section.offset ? UINT64_MAX : section.offset + section.size;
}

void NoFatbin(CodeObjectScan& scan, const InstalledLibrary& lib) {
  scan.state = CodeObjectScan::State::kNoDeviceCode;
  scan.complete = true;
  scan.source = lib.path + " (no .hip_fatbin section)";
}

// The scan of a prefix of the file (kCodeObjectReadLimit): where the view has no ranged reads
// (`capture` records this read, so its replay answers the same), the ELF has no section table,
// or the table lies beyond the file's bytes (a capture's truncated copy of a large library).
CodeObjectScan ScanPrefix(const SystemView& view, const InstalledLibrary& lib,
                          CodeObjectScan scan) {
  FileContent file = view.ReadFile(lib.path, kCodeObjectReadLimit);
  if (!file.ok()) {
    scan.error = std::string(ToString(file.status)) + (file.error.empty() ? "" : ": " + file.error);
    return scan;
  }
  if (file.data.empty()) {
    scan.state = CodeObjectScan::State::kPlaceholder;
    scan.error = "empty file";
    return scan;
  }
  Result<elf::Image> image = elf::Parse(file.data);
  if (!image.ok()) {
    scan.error = image.error();
    return scan;
  }
  offload::RangeScan range;
  if (image->sections_read) {
    const elf::Section* fatbin = image->Find(".hip_fatbin");
    if (fatbin == nullptr) {
      NoFatbin(scan, lib);
      return scan;
    }
    const std::uint64_t end = SectionEnd(*fatbin);
    range = offload::ScanRange(file.data, fatbin->offset, end, end);
    scan.source = lib.path + " .hip_fatbin";
  } else {
    // The section headers are beyond the bytes read: search the prefix for bundles.
    range = offload::ScanRange(file.data, 0, file.data.size(), UINT64_MAX);
    // A section table the bytes do not hold says the file goes on past them, truncated read or
    // not: a capture stores 64 MiB of a larger library, which replay then reads whole, and must
    // call incomplete as the capture did.
    range.complete = !file.truncated && range.complete && image->section_table_offset == 0;
    scan.source = lib.path + " (section headers beyond the first " +
                  std::to_string(file.data.size() >> 20) + " MiB read; bundles found by magic)";
  }
  Finish(scan, range,
         "no offload bundle within the first " + std::to_string(file.data.size() >> 20) +
             " MiB read of a larger file");
  return scan;
}

// By ranged reads (SystemView::ReadFileAt): the section headers, then each bundle's header
// (ranged_scan.h); a few KiB of Debian's 1.3 GB librocsparse instead of 64 MiB of it.
CodeObjectScan ScanLibrary(const SystemView& view, const InstalledLibrary& lib) {
  CodeObjectScan scan;
  scan.library = lib.name;
  scan.path = lib.path;
  scan.source = lib.path;
  const ranged::ReadAt read = [&view, &lib](std::uint64_t offset, std::size_t length) {
    return view.ReadFileAt(lib.path, offset, length);
  };
  Result<ranged::Sections> sections = ranged::ReadSections(read);
  if (!sections.ok()) {
    scan.error = sections.error();
    return scan;
  }
  if (!sections->read) return ScanPrefix(view, lib, std::move(scan));
  const elf::Section* fatbin = sections->image.Find(".hip_fatbin");
  if (fatbin == nullptr) {
    NoFatbin(scan, lib);
    return scan;
  }
  const std::uint64_t end = SectionEnd(*fatbin);
  offload::RangeScan range = ranged::WalkBundles(read, fatbin->offset, end, end);
  scan.source = lib.path + " .hip_fatbin";
  Finish(scan, range, "the file ends before its .hip_fatbin section does");
  return scan;
}

}  // namespace

CodeObjectScan ScanCodeObjects(const SystemView& view, const InstalledLibrary& library) {
  return ScanLibrary(view, library);
}

TensileDir ReadTensileLibrary(const SystemView& view, std::string_view library, std::string dir) {
  return ReadTensileDir(view, library, std::move(dir));
}

LibraryFacts CollectLibraries(const SystemView& view, const std::vector<std::string>& dirs,
                              const std::vector<std::string>& found_by) {
  LibraryFacts facts;
  library_scan::VersionReader versions(view);
  facts.rocblas_tensile_libpath = Env(view, "ROCBLAS_TENSILE_LIBPATH");
  facts.override_gfx = Env(view, "HSA_OVERRIDE_GFX_VERSION");
  facts.hsa_xnack = Env(view, "HSA_XNACK");
  if (facts.rocblas_tensile_libpath.known() && !facts.rocblas_tensile_libpath->empty()) {
    facts.tensile_libpath = ReadTensileDir(view, "rocBLAS", *facts.rocblas_tensile_libpath);
  }
  for (std::size_t i = 0; i < dirs.size(); ++i) {
    facts.searched.push_back(dirs[i]);
    DirListing listing = view.ListDir(dirs[i]);
    if (listing.status == FsStatus::kNotFound) continue;
    LibraryDir dir;
    dir.dir = dirs[i];
    dir.found_by = i < found_by.size() ? found_by[i] : "";
    dir.status = listing.status;
    dir.error = listing.error;
    if (listing.ok()) {
      for (const LibrarySpec& spec : kLibraries) {
        if (auto lib = FindLibrary(spec, dir.dir, listing.names)) {
          versions.Read(spec.stem, *lib);
          dir.libraries.push_back(std::move(*lib));
        }
      }
      dir.hip = FindLibrary(kHip, dir.dir, listing.names);
      if (dir.hip) versions.Read(kHip.stem, *dir.hip);
      for (const TensileSpec& spec : kTensile) {
        const bool present =
            std::any_of(dir.libraries.begin(), dir.libraries.end(),
                        [&](const InstalledLibrary& l) { return l.name == spec.library; });
        if (!present) continue;
        if (auto tensile = FindTensileDir(view, spec, dir.dir)) {
          dir.tensile.push_back(std::move(*tensile));
        }
      }
    }
    facts.dirs.push_back(std::move(dir));
  }
  return facts;
}

CodeObjectFacts CollectCodeObjects(const SystemView& view, const LibraryFacts& libraries) {
  CodeObjectFacts facts;
  for (const LibraryDir& dir : libraries.dirs) {
    for (const InstalledLibrary& lib : dir.libraries) {
      facts.scans.push_back(ScanLibrary(view, lib));
    }
  }
  return facts;
}

template <>
LibraryFacts CollectFacts<LibraryFacts>(const SystemView& view) {
  std::vector<std::string> dirs;
  std::vector<std::string> found_by;
  DefaultDirs(view, dirs, found_by);
  return CollectLibraries(view, dirs, found_by);
}

template <>
CodeObjectFacts CollectFacts<CodeObjectFacts>(const SystemView& view) {
  return CollectCodeObjects(view, CollectFacts<LibraryFacts>(view));
}

template <>
CodeObjectFacts CollectFacts<CodeObjectFacts>(const FactSource& facts) {
  return CollectCodeObjects(facts.view(), facts.Get<LibraryFacts>());
}

bool TensileDir::Covers(std::string_view processor) const {
  return library_targets.count(std::string(processor)) > 0;
}

std::optional<std::string> ReleaseFromLibraryVersion(std::string_view version) {
  const std::size_t dot = version.rfind('.');
  std::string_view last = dot == std::string_view::npos ? version : version.substr(dot + 1);
  if (last.size() < 5 || last.size() > 6) return std::nullopt;
  std::optional<std::uint64_t> patch = parse::UInt(last);
  if (!patch) return std::nullopt;
  const std::uint64_t major = *patch / 10000;
  const std::uint64_t minor = *patch / 100 % 100;
  const std::uint64_t point = *patch % 100;
  // ROCm releases so far: 3.x to 7.x, minor and patch < 20. Debian's HIP 5.2 is
  // libamdhip64.so.5.2.21153 (a HIP build number): "2.11.53" is refused by major >= 3.
  if (major < 3 || major > 99 || minor >= 20 || point >= 20) return std::nullopt;
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(point);
}

}  // namespace rocm_doctor
