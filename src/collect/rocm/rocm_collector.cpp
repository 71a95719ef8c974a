// CollectFacts<RocmFacts>: every ROCm userspace install on the host and the libamdhip64 the
// dynamic loader would pick. Install layout: /work/shared/data/sysfs-layout.md section 6;
// loader order: ld.so(8) (LD_LIBRARY_PATH, /etc/ld.so.conf directories, the trusted defaults).
#include <algorithm>
#include <chrono>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "collect/tools/dpkg_parse.h"
#include "collect/rocm/rocm_probe_load_parse.h"
#include "collect/rocm/rocm_version_parse.h"
#include "base/text_parse.h"
#include "collect/common/sysfs_reader.h"
#include "rocm_doctor/facts/rocm.h"
#include "rocm_doctor/paths.h"
#include "system/self_exe.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kHipStem = "libamdhip64";
constexpr std::string_view kHsaStem = "libhsa-runtime64";
// glibc's trusted directories on x86_64 Debian/Ubuntu/Fedora, in the order ld.so searches them.
constexpr std::string_view kDefaultLibDirs[] = {
    "/lib/x86_64-linux-gnu", paths::kMultiarchLibDir, "/lib64", "/usr/lib64", "/lib", "/usr/lib"};
// Where distribution packages put ROCm (Debian/Ubuntu multiarch, Fedora/SUSE lib64, Arch lib).
constexpr std::string_view kDistroLibDirs[] = {paths::kMultiarchLibDir, "/usr/lib64", "/usr/lib"};

// Bounds against hostile trees (a machine directory with 100000 /opt entries, a link loop, an
// ld.so.conf that includes itself).
constexpr std::size_t kMaxOptEntries = 64;
constexpr std::size_t kMaxSearchDirs = 64;
constexpr std::size_t kMaxLibFilesPerStem = 16;
constexpr int kMaxLinkHops = 32;
constexpr int kMaxConfDepth = 4;
constexpr std::size_t kMaxConfFiles = 64;
constexpr std::size_t kTextLimit = 64 * 1024;
// Debian's status file is a few MiB on a desktop; 32 MiB bounds a hostile one.
constexpr std::size_t kDpkgStatusLimit = 32u << 20;

std::string StripTrailingSlashes(std::string path) {
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  return path;
}

std::string DirName(std::string_view path) {
  std::size_t slash = path.rfind('/');
  if (slash == std::string_view::npos) return ".";
  if (slash == 0) return "/";
  return std::string(path.substr(0, slash));
}

// Normalises "a//b/./c/../d" lexically (absolute paths only).
std::string Normalize(std::string_view path) {
  std::vector<std::string_view> parts;
  for (std::size_t pos = 0; pos <= path.size();) {
    std::size_t slash = path.find('/', pos);
    if (slash == std::string_view::npos) slash = path.size();
    std::string_view part = path.substr(pos, slash - pos);
    if (part == "..") {
      if (!parts.empty()) parts.pop_back();
    } else if (!part.empty() && part != ".") {
      parts.push_back(part);
    }
    pos = slash + 1;
  }
  std::string out;
  for (std::string_view part : parts) {
    out += '/';
    out += part;
  }
  return out.empty() ? "/" : out;
}

// realpath(3) through the view: every component's symlink resolved, at most kMaxLinkHops links.
// A path that does not exist resolves as far as it exists (the rest is appended as it is).
std::string Resolve(const SystemView& view, std::string_view path) {
  std::string pending = Normalize(path);
  std::string done;
  int hops = 0;
  while (!pending.empty() && pending != "/") {
    std::size_t start = pending.find_first_not_of('/');
    if (start == std::string::npos) break;
    std::size_t end = pending.find('/', start);
    std::string part = pending.substr(start, end == std::string::npos ? end : end - start);
    std::string rest = end == std::string::npos ? "" : pending.substr(end);
    std::string candidate = done + "/" + part;
    LinkTarget link = view.ReadLink(candidate);
    if (link.ok() && hops < kMaxLinkHops) {
      ++hops;
      std::string target = link.target;
      if (target.empty() || target.front() != '/')
        target = (done.empty() ? "" : done) + "/" + target;
      pending = Normalize(target + rest);
      done.clear();
      continue;
    }
    done = candidate;
    pending = rest;
  }
  return done.empty() ? "/" : done;
}

std::vector<std::string> SplitColons(std::string_view text) {
  std::vector<std::string> out;
  for (std::size_t pos = 0; pos <= text.size() && out.size() < kMaxSearchDirs;) {
    std::size_t colon = text.find(':', pos);
    if (colon == std::string_view::npos) colon = text.size();
    std::string_view part = text.substr(pos, colon - pos);
    if (!part.empty() && part.front() == '/')
      out.push_back(StripTrailingSlashes(std::string(part)));
    pos = colon + 1;
  }
  return out;
}

// Simple glob for ld.so.conf "include" lines: '*' within the last component only.
bool GlobMatch(std::string_view pattern, std::string_view name) {
  std::size_t star = pattern.find('*');
  if (star == std::string_view::npos) return pattern == name;
  std::string_view prefix = pattern.substr(0, star);
  std::string_view suffix = pattern.substr(star + 1);
  if (suffix.find('*') != std::string_view::npos) return false;
  return name.size() >= prefix.size() + suffix.size() && parse::StartsWith(name, prefix) &&
         name.substr(name.size() - suffix.size()) == suffix;
}

void ReadLdSoConf(const SystemView& view, std::string_view path, int depth, std::size_t& files_read,
                  std::vector<std::string>& dirs) {
  if (depth > kMaxConfDepth || files_read >= kMaxConfFiles) return;
  ++files_read;
  FileContent file = view.ReadFile(path, kTextLimit);
  if (!file.ok()) return;
  for (std::string_view line : parse::Lines(file.data)) {
    line = line.substr(0, line.find('#'));
    line = parse::Trim(line);
    if (line.empty()) continue;
    if (parse::StartsWith(line, "include") && line.size() > 7 &&
        (line[7] == ' ' || line[7] == '\t')) {
      for (std::string_view pattern : parse::SplitWhitespace(line.substr(7))) {
        std::string full(pattern);
        if (full.front() != '/') full = JoinPath(DirName(path), full);
        std::string dir = DirName(full);
        std::string base(BaseName(full));
        DirListing listing = view.ListDir(dir);
        if (!listing.ok()) continue;
        for (const std::string& name : listing.names) {
          if (GlobMatch(base, name))
            ReadLdSoConf(view, JoinPath(dir, name), depth + 1, files_read, dirs);
        }
      }
      continue;
    }
    // "dir" or the old "dir=type" form; several may share a line (whitespace, ',' or ':').
    std::string entries(line);
    std::replace_if(
        entries.begin(), entries.end(), [](char c) { return c == ',' || c == ':'; }, ' ');
    for (std::string_view entry : parse::SplitWhitespace(entries)) {
      entry = entry.substr(0, entry.find('='));
      if (!entry.empty() && entry.front() == '/' && dirs.size() < kMaxSearchDirs) {
        dirs.push_back(StripTrailingSlashes(std::string(entry)));
      }
    }
  }
}

// The libraries of one stem in `dir`, sorted by name.
std::vector<RocmLibraryFile> FindLibraries(const SystemView& view, const DirListing& listing,
                                           std::string_view dir, std::string_view stem) {
  std::vector<RocmLibraryFile> out;
  if (!listing.ok()) return out;
  for (const std::string& name : listing.names) {
    auto parsed = rocm_parse::ParseLibraryName(name, stem);
    if (!parsed) continue;
    RocmLibraryFile file;
    file.path = JoinPath(dir, name);
    file.soname = parsed->soname;
    if (!parsed->version.empty()) {
      file.version = Fact<std::string>::Known(parsed->version, file.path);
    } else {
      // The soname or dev link: its version is in the name of the file the chain ends at.
      std::string target = Resolve(view, file.path);
      auto target_name = rocm_parse::ParseLibraryName(BaseName(target), stem);
      if (target_name && !target_name->version.empty()) {
        file.version = Fact<std::string>::Known(target_name->version, file.path + " -> " + target);
        if (file.soname.empty()) file.soname = target_name->soname;
      }
    }
    out.push_back(std::move(file));
    if (out.size() == kMaxLibFilesPerStem) break;
  }
  return out;
}

// The most specific library version among an install's files (the real file's name).
Fact<std::string> LibraryVersion(const std::vector<RocmLibraryFile>& files) {
  for (const RocmLibraryFile& file : files) {
    if (file.version.known() && file.version.source == file.path) return file.version;
  }
  for (const RocmLibraryFile& file : files) {
    if (file.version.known()) return file.version;
  }
  return {};
}

// Debian/Ubuntu's package database, read once per collection.
class DpkgStatus {
 public:
  explicit DpkgStatus(const SystemView& view) : view_(view) {}

  // The upstream version of an installed package, e.g. "Package: libamdhip64-5" ...
  // "Version: 5.2.3-8" -> "5.2.3".
  Fact<std::string> Version(std::string_view package) {
    const std::string src(paths::kDpkgStatus);
    if (!loaded_) {
      loaded_ = true;
      file_ = view_.ReadFile(paths::kDpkgStatus, kDpkgStatusLimit);
    }
    if (!file_.ok()) return Fact<std::string>::Unknown(src, std::string(ToString(file_.status)));
    const std::optional<std::string> installed = dpkg::InstalledVersion(file_.data, package);
    if (!installed) {
      return Fact<std::string>::Unknown(src, "package " + std::string(package) + " not installed");
    }
    const std::string& version = *installed;
    auto upstream = rocm_parse::DebianUpstreamVersion(version);
    if (!upstream) {
      return Fact<std::string>::Unknown(
          src, "unreadable Version '" + parse::Printable(version, 40) + "'");
    }
    return Fact<std::string>::Known(
        *upstream, src + " (" + std::string(package) + " " + parse::Printable(version, 40) + ")");
  }

 private:
  const SystemView& view_;
  bool loaded_ = false;
  FileContent file_;
};

// Debian names a library's package after its soname: libamdhip64.so.5 -> libamdhip64-5,
// libhsa-runtime64.so.1 -> libhsa-runtime64-1.
std::string DebianPackage(const std::vector<RocmLibraryFile>& files, std::string_view stem) {
  for (const RocmLibraryFile& file : files) {
    if (file.soname.empty()) continue;
    return std::string(stem) + "-" + file.soname.substr(file.soname.rfind('.') + 1);
  }
  return {};
}

// The ROCm release one runtime library comes from.
Fact<std::string> RuntimeRelease(const RocmInstall& install,
                                 const std::vector<RocmLibraryFile>& files, std::string_view stem,
                                 DpkgStatus& dpkg) {
  Fact<std::string> lib = LibraryVersion(files);
  if (lib.known()) {
    if (auto release = rocm_parse::ReleaseFromLibraryVersion(*lib)) {
      return Fact<std::string>::Known(*release, lib.source);
    }
  }
  if (install.root == "/usr") {
    std::string package = DebianPackage(files, stem);
    if (!package.empty()) {
      Fact<std::string> deb = dpkg.Version(package);
      if (deb.known()) return deb;
    }
  }
  return Fact<std::string>::Unknown(
      files.empty() ? install.lib_dir : files.front().path,
      lib.known() ? "library version " + *lib + " does not encode a ROCm release"
                  : "no versioned " + std::string(stem));
}

// The release of an install, from the most direct source available.
Fact<std::string> InstallVersion(const SystemView& view, const RocmInstall& install) {
  std::string info = JoinPath(install.root, ".info/version");
  if (Fact<std::string> text = ReadText(view, info); text.known()) {
    if (auto v = rocm_parse::InfoVersion(*text)) return Fact<std::string>::Known(*v, info);
  }
  std::string rocm_h = JoinPath(install.root, "include/rocm-core/rocm_version.h");
  if (FileContent file = view.ReadFile(rocm_h, kTextLimit); file.ok()) {
    if (auto v = rocm_parse::DefinedVersion(file.data, "ROCM_VERSION")) {
      return Fact<std::string>::Known(*v, rocm_h);
    }
  }
  // The runtime libraries' own releases (library names, else the package database).
  if (install.hip_release.known()) return install.hip_release;
  if (install.hsa_release.known()) return install.hsa_release;
  std::string hip_h = JoinPath(install.root, "include/hip/hip_version.h");
  if (FileContent file = view.ReadFile(hip_h, kTextLimit); file.ok()) {
    // HIP's patch number is a build number, not the release's patch: only major.minor.
    if (auto v = rocm_parse::DefinedVersion(file.data, "HIP_VERSION")) {
      if (auto mm = rocm_parse::MajorMinor(*v)) return Fact<std::string>::Known(*mm, hip_h);
    }
  }
  if (Fact<std::string> lib = LibraryVersion(install.hip); lib.known()) {
    if (auto mm = rocm_parse::MajorMinor(*lib)) return Fact<std::string>::Known(*mm, lib.source);
  }
  return Fact<std::string>::Unknown(install.root,
                                    "no .info/version, rocm_version.h or versioned "
                                    "library name");
}

Fact<std::string> HipVersion(const SystemView& view, const RocmInstall& install) {
  std::string hip_h = JoinPath(install.root, "include/hip/hip_version.h");
  if (FileContent file = view.ReadFile(hip_h, kTextLimit); file.ok()) {
    if (auto v = rocm_parse::DefinedVersion(file.data, "HIP_VERSION")) {
      return Fact<std::string>::Known(*v, hip_h);
    }
  }
  if (Fact<std::string> lib = LibraryVersion(install.hip); lib.known()) return lib;
  return Fact<std::string>::Unknown(install.lib_dir, "no hip_version.h or versioned libamdhip64");
}

class InstallFinder {
 public:
  explicit InstallFinder(const SystemView& view) : view_(view) {}

  // Adds (or extends) the install whose libraries are in `lib_dir` (resolved) under `root`.
  void Add(std::string root, std::string_view how) {
    root = Resolve(view_, StripTrailingSlashes(std::move(root)));
    for (RocmInstall& install : installs_) {
      if (install.root == root) {
        if (std::find(install.found_by.begin(), install.found_by.end(), how) ==
            install.found_by.end()) {
          install.found_by.emplace_back(how);
        }
        return;
      }
    }
    RocmInstall install;
    install.root = root;
    install.found_by.emplace_back(how);
    for (std::string_view sub : {"lib", "lib64"}) {
      std::string dir = JoinPath(root, sub);
      DirListing listing = view_.ListDir(dir);
      install.hip = FindLibraries(view_, listing, dir, kHipStem);
      if (!install.hip.empty()) {
        install.lib_dir = dir;
        install.hsa = FindLibraries(view_, listing, dir, kHsaStem);
        break;
      }
    }
    if (install.lib_dir.empty()) install.lib_dir = JoinPath(root, "lib");
    installs_.push_back(std::move(install));
  }

  // A distribution install: libraries directly in a system directory, root "/usr".
  void AddDistro(std::string_view dir) {
    std::string resolved = Resolve(view_, dir);
    for (const RocmInstall& install : installs_) {
      if (install.lib_dir == resolved) return;
    }
    DirListing listing = view_.ListDir(resolved);
    std::vector<RocmLibraryFile> hip = FindLibraries(view_, listing, resolved, kHipStem);
    if (hip.empty()) return;
    for (const RocmInstall& install : installs_) {
      if (install.root == "/usr") return;  // one distribution install (the first directory)
    }
    RocmInstall install;
    install.root = "/usr";
    install.found_by.emplace_back("distro");
    install.lib_dir = resolved;
    install.hip = std::move(hip);
    install.hsa = FindLibraries(view_, listing, resolved, kHsaStem);
    installs_.push_back(std::move(install));
  }

  // A library directory named on LD_LIBRARY_PATH or in ld.so.conf: the install it belongs to.
  void AddLibDir(std::string_view dir, std::string_view how) {
    std::string resolved = Resolve(view_, dir);
    for (RocmInstall& install : installs_) {
      if (install.lib_dir == resolved) {
        if (std::find(install.found_by.begin(), install.found_by.end(), how) ==
            install.found_by.end()) {
          install.found_by.emplace_back(how);
        }
        return;
      }
    }
    DirListing listing = view_.ListDir(resolved);
    if (FindLibraries(view_, listing, resolved, kHipStem).empty()) return;
    std::string_view base = BaseName(resolved);
    if (base == "lib" || base == "lib64") {
      std::string root = DirName(resolved);
      if (root != "/usr" && root != "/") {
        Add(root, how);
        return;
      }
    }
    AddDistro(resolved);
    for (RocmInstall& install : installs_) {
      if (install.lib_dir == resolved && install.found_by.back() != how) {
        install.found_by.emplace_back(how);
      }
    }
  }

  std::vector<RocmInstall> Take() { return std::move(installs_); }
  std::vector<RocmInstall>& installs() { return installs_; }

 private:
  const SystemView& view_;
  std::vector<RocmInstall> installs_;
};

Fact<std::string> EnvFact(const SystemView& view, std::string_view name) {
  std::string src = "$" + std::string(name);
  if (auto value = view.GetEnv(name)) return Fact<std::string>::Known(*value, src);
  return Fact<std::string>::Unknown(src, "not set");
}

// The first libamdhip64.so.N in loader order, as a resolved directory + file name.
Fact<std::string> LoaderHip(const SystemView& view, const std::vector<std::string>& order) {
  std::set<std::string> seen;
  for (const std::string& dir : order) {
    std::string resolved = Resolve(view, dir);
    if (!seen.insert(resolved).second) continue;
    DirListing listing = view.ListDir(resolved);
    if (!listing.ok()) continue;
    std::string best;
    for (const std::string& name : listing.names) {
      auto parsed = rocm_parse::ParseLibraryName(name, kHipStem);
      // The soname file itself (libamdhip64.so.6): what a program linked with -lamdhip64 asks for.
      if (parsed && !parsed->soname.empty() && parsed->version.empty()) {
        if (best.empty() || name > best) best = name;
      }
    }
    if (!best.empty()) return Fact<std::string>::Known(JoinPath(resolved, best), dir);
  }
  return Fact<std::string>::Unknown("loader search path", "no libamdhip64.so.N in any directory");
}

}  // namespace

const RocmInstall* RocmFacts::Selected() const {
  if (!loader_hip_path.known()) return nullptr;
  std::string dir = DirName(*loader_hip_path);
  for (const RocmInstall& install : installs) {
    if (install.lib_dir == dir) return &install;
  }
  return nullptr;
}

const RocmInstall* RocmFacts::InUse() const {
  if (const RocmInstall* selected = Selected()) return selected;
  for (const RocmInstall& install : installs) {
    if (opt_rocm_target.known() && install.root == *opt_rocm_target && !install.hip.empty()) {
      return &install;
    }
  }
  for (const RocmInstall& install : installs) {
    if (!install.hip.empty()) return &install;
  }
  return nullptr;
}

template <>
RocmFacts CollectFacts<RocmFacts>(const SystemView& view) {
  RocmFacts facts;
  facts.rocm_path_env = EnvFact(view, "ROCM_PATH");
  facts.hip_path_env = EnvFact(view, "HIP_PATH");
  facts.ld_library_path = EnvFact(view, "LD_LIBRARY_PATH");

  InstallFinder finder(view);
  LinkTarget link = view.ReadLink(paths::kOptRocm);
  NodeInfo opt_rocm = view.Stat(paths::kOptRocm);
  if (link.ok() || (opt_rocm.ok() && opt_rocm.type == NodeType::kDirectory)) {
    std::string target = Resolve(view, paths::kOptRocm);
    if (link.ok()) {
      facts.opt_rocm_target = Fact<std::string>::Known(
          target, std::string(paths::kOptRocm) + " -> " + parse::Printable(link.target));
    } else {
      facts.opt_rocm_target = Fact<std::string>::Known(target, std::string(paths::kOptRocm));
    }
    if (opt_rocm.ok()) finder.Add(std::string(paths::kOptRocm), "opt-link");
  } else {
    facts.opt_rocm_target = Fact<std::string>::Unknown(
        std::string(paths::kOptRocm),
        link.status == FsStatus::kNotFound ? "not found" : std::string(ToString(link.status)));
  }
  DirListing opt = view.ListDir(paths::kOpt);
  if (opt.ok()) {
    std::size_t taken = 0;
    for (const std::string& name : opt.names) {
      if (!parse::StartsWith(name, "rocm-") || taken == kMaxOptEntries) continue;
      ++taken;
      finder.Add(JoinPath(paths::kOpt, name), "opt");
    }
  }
  if (facts.rocm_path_env.known() && !facts.rocm_path_env->empty() &&
      facts.rocm_path_env->front() == '/') {
    finder.Add(*facts.rocm_path_env, "ROCM_PATH");
  }
  if (facts.hip_path_env.known() && !facts.hip_path_env->empty() &&
      facts.hip_path_env->front() == '/') {
    // HIP_PATH is the HIP directory of an install: /opt/rocm-6.2.0 or, before ROCm 5.x,
    // /opt/rocm-4.5.0/hip.
    std::string hip_root = StripTrailingSlashes(*facts.hip_path_env);
    if (BaseName(hip_root) == "hip") hip_root = DirName(hip_root);
    finder.Add(hip_root, "HIP_PATH");
  }
  for (std::string_view dir : kDistroLibDirs) finder.AddDistro(dir);

  std::vector<std::string> order;
  if (facts.ld_library_path.known()) {
    for (std::string& dir : SplitColons(*facts.ld_library_path)) {
      finder.AddLibDir(dir, "LD_LIBRARY_PATH");
      order.push_back(std::move(dir));
    }
  }
  std::vector<std::string> conf_dirs;
  std::size_t conf_files = 0;
  ReadLdSoConf(view, paths::kLdSoConf, 0, conf_files, conf_dirs);
  for (std::string& dir : conf_dirs) {
    finder.AddLibDir(dir, "ld.so.conf");
    order.push_back(std::move(dir));
  }
  for (std::string_view dir : kDefaultLibDirs) order.emplace_back(dir);

  facts.installs = finder.Take();
  // Installs without any HIP library (an /opt/rocm-X with only docs, a ROCM_PATH typo) stay
  // listed: checks tell "ROCM_PATH points at nothing" from "not installed".
  DpkgStatus dpkg(view);
  for (RocmInstall& install : facts.installs) {
    install.hip_release = RuntimeRelease(install, install.hip, kHipStem, dpkg);
    install.hsa_release = RuntimeRelease(install, install.hsa, kHsaStem, dpkg);
    install.version = InstallVersion(view, install);
    install.hip_version = HipVersion(view, install);
    install.hsa_version = LibraryVersion(install.hsa);
    if (!install.hsa_version.known()) {
      install.hsa_version =
          Fact<std::string>::Unknown(install.lib_dir, "no versioned libhsa-runtime64");
    }
  }
  // The /opt/rocm target first.
  if (facts.opt_rocm_target.known()) {
    std::stable_partition(facts.installs.begin(), facts.installs.end(),
                          [&](const RocmInstall& i) { return i.root == *facts.opt_rocm_target; });
  }
  facts.loader_hip_path = LoaderHip(view, order);
  return facts;
}

namespace {

// Loading libamdhip64 runs its (and libhsa-runtime64's) constructors; 10 s is far above a
// healthy load (well under a second) and bounds one that hangs.
constexpr std::chrono::seconds kHipLoadTimeout{10};

// The soname file of an install (libamdhip64.so.6): what a program linked with -lamdhip64 loads.
std::string SonameFile(const RocmInstall& install) {
  std::string best;
  for (const RocmLibraryFile& file : install.hip) {
    if (!file.soname.empty() && BaseName(file.path) == file.soname && file.path > best) {
      best = file.path;
    }
  }
  if (best.empty() && !install.hip.empty()) best = install.hip.back().path;
  return best;
}

}  // namespace

HipLoadFacts CollectHipLoad(const SystemView& view, const RocmFacts& rocm,
                            const std::string& doctor_binary) {
  HipLoadFacts facts;
  if (rocm.loader_hip_path.known()) {
    facts.library = *rocm.loader_hip_path;
  } else if (const RocmInstall* install = rocm.InUse()) {
    facts.library = SonameFile(*install);
  }
  const std::string source = "probe " + std::string(kHipLoadProbe);
  if (facts.library.empty()) {
    facts.loaded = Fact<bool>::Unknown(source, "no libamdhip64 to load");
    return facts;
  }
  facts.argv = {doctor_binary.empty() ? "rocm-doctor" : doctor_binary, "probe-load", facts.library};
  CommandSpec spec;
  spec.name = kHipLoadProbe;
  spec.argv = facts.argv;
  spec.timeout = kHipLoadTimeout;
  facts.outcome = view.Run(spec);
  if (facts.outcome.state != CommandOutcome::State::kExited) {
    facts.loaded = Fact<bool>::Unknown(source, std::string(ToString(facts.outcome.state)));
    return facts;
  }
  Result<std::vector<rocm_parse::LoadResult>> parsed =
      rocm_parse::ProbeLoadOutput(facts.outcome.out);
  if (!parsed.ok()) {
    facts.loaded = Fact<bool>::Unknown(source, parsed.error());
  } else if (parsed->empty()) {
    facts.loaded = Fact<bool>::Unknown(source, "output names no library");
  } else {
    facts.loaded = Fact<bool>::Known(parsed->front().loaded, source);
    facts.dlerror = parsed->front().error;
  }
  return facts;
}

template <>
HipLoadFacts CollectFacts<HipLoadFacts>(const SystemView& view) {
  // A RocmFacts of its own: the FactStore is not reachable from a collector, and collecting the
  // installs twice costs a few directory listings.
  RocmFacts rocm = CollectFacts<RocmFacts>(view);
  // Live, the child is this very binary; in replay the recording answers whatever argv says.
  return CollectHipLoad(view, rocm,
                        view.IsReplay() ? std::string("rocm-doctor") : system::SelfExe());
}

}  // namespace rocm_doctor
