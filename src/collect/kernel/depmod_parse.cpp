// SPDX-License-Identifier: MIT
#include "collect/kernel/depmod_parse.h"

#include "base/text_parse.h"

namespace rocm_doctor::parse {
namespace {

// A hostile capture could hold millions of directives; real files hold a handful.
constexpr std::size_t kMaxEntries = 256;

std::string_view StripComment(std::string_view line) {
  std::size_t hash = line.find('#');
  return hash == std::string_view::npos ? line : line.substr(0, hash);
}

// kmod matches an override's kernel field as an extended regular expression against the
// release ("*" matches all). A pattern from an untrusted file is never compiled here: "*" and a
// plain string (which, unanchored, matches where it occurs; its '.' matches any byte, so a
// literal match is a match) are judged; other patterns are taken as not matching.
bool KernelMatches(std::string_view pattern, std::string_view release) {
  if (pattern == "*") return true;
  if (pattern.find_first_of("\\^$[]|()?*+{}") != std::string_view::npos) return false;
  return release.find(pattern) != std::string_view::npos;
}

// "updates/dkms/amdgpu.ko.zst" -> "updates/dkms/amdgpu" (what an override names).
std::string_view WithoutExtension(std::string_view path) {
  std::size_t slash = path.rfind('/');
  std::size_t dot = path.find(".ko", slash == std::string_view::npos ? 0 : slash);
  return dot == std::string_view::npos ? path : path.substr(0, dot);
}

bool UnderDir(std::string_view path, std::string_view dir) {
  return !dir.empty() && path.size() > dir.size() && path[dir.size()] == '/' &&
         StartsWith(path, dir);
}

std::string Joined(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

}  // namespace

void ParseDepmodConf(std::string_view text, DepmodConfig& config) {
  for (std::string_view raw : Lines(text)) {
    std::vector<std::string_view> words = SplitWhitespace(StripComment(raw));
    if (words.empty()) continue;
    if (words[0] == "search") {
      for (std::size_t i = 1; i < words.size() && config.search.size() < kMaxEntries; ++i) {
        std::string_view dir = words[i];
        while (dir.size() > 1 && dir.back() == '/') dir.remove_suffix(1);
        config.search.push_back(Printable(dir, 128));
      }
    } else if (words[0] == "override" && words.size() >= 4 &&
               config.overrides.size() < kMaxEntries) {
      std::string_view dir = words[3];
      while (dir.size() > 1 && dir.back() == '/') dir.remove_suffix(1);
      config.overrides.push_back(
          {Printable(words[1], 64), Printable(words[2], 64), Printable(dir, 128)});
    }
  }
}

std::vector<std::string> EffectiveSearch(const DepmodConfig& config) {
  // kmod depmod.c cfg_load: "For backward compatibility add "updates" to the head of the
  // search list here. But only if there was no "search" option specified."
  if (config.search.empty()) return {"updates"};
  return config.search;
}

std::optional<DepmodChoice> ChooseModule(const DepmodConfig& config, std::string_view module,
                                         std::string_view release,
                                         const std::vector<std::string>& paths) {
  if (paths.empty()) return std::nullopt;
  // An override for this module and kernel wins over every search rule.
  for (const DepmodOverride& ov : config.overrides) {
    if (ov.module != module || !KernelMatches(ov.kernel, release)) continue;
    std::string wanted = ov.subdir + "/" + std::string(module);
    for (std::size_t i = 0; i < paths.size(); ++i) {
      if (WithoutExtension(paths[i]) == wanted) {
        return DepmodChoice{i, "override " + ov.module + " " + ov.kernel + " " + ov.subdir, false};
      }
    }
  }
  // kmod ranks a path by the first search entry (in the order written) whose directory holds
  // it; a path under none ranks where "built-in" stands, or below every entry without it.
  const std::vector<std::string> search = EffectiveSearch(config);
  auto rank = [&search](std::string_view path) {
    std::size_t builtin = search.size();
    for (std::size_t j = 0; j < search.size(); ++j) {
      if (search[j] == kDepmodBuiltIn) {
        if (builtin == search.size()) builtin = j;
      } else if (UnderDir(path, search[j])) {
        return j;
      }
    }
    return builtin;
  };
  DepmodChoice best;
  std::size_t best_rank = rank(paths[0]);
  for (std::size_t i = 1; i < paths.size(); ++i) {
    std::size_t r = rank(paths[i]);
    if (r < best_rank) {
      best = DepmodChoice{i, "", false};
      best_rank = r;
    } else if (r == best_rank) {
      best.tie = true;
    }
  }
  best.reason = "search " + Joined(search) + (config.search.empty() ? " (kmod's default)" : "");
  return best;
}

std::optional<DpkgState> DpkgPackageState(std::string_view status, std::string_view package) {
  bool in_package = false;
  DpkgState state;
  auto field = [](std::string_view line, std::string_view name) {
    return std::string(Trim(line.substr(name.size())));
  };
  for (std::string_view line : Lines(status)) {
    if (Trim(line).empty()) {
      if (in_package && !state.status.empty()) return state;
      in_package = false;
      state = DpkgState{};
      continue;
    }
    if (StartsWith(line, "Package:")) {
      in_package = field(line, "Package:") == package;
    } else if (StartsWith(line, "Status:")) {
      state.status = Printable(field(line, "Status:"), 64);
    } else if (StartsWith(line, "Version:")) {
      state.version = Printable(field(line, "Version:"), 128);
    }
  }
  if (in_package && !state.status.empty()) return state;
  return std::nullopt;
}

}  // namespace rocm_doctor::parse
