// SPDX-License-Identifier: MIT
// runtime.gfx_support: each GPU's gfx target (KFD gfx_target_version) against the installed ROCm
// release in the support matrix (checks/data/rocm_support.csv, rules in SUPPORT-MATRIX.md). The
// most common report family: RDNA2 consumer cards (gfx1031 RX 6700 XT, ROCm/ROCm#2620) that run
// with HSA_OVERRIDE_GFX_VERSION=10.3.0 (failure-modes #33, #34).
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "knowledge/env_parse.h"
#include "knowledge/support_matrix.h"
#include "rocm_doctor/check.h"
#include "rocm_doctor/facts/rocm.h"
#include "rocm_doctor/facts/runtime_env.h"
#include "rocm_doctor/paths.h"
#include "rocm_doctor/shell_quote.h"

namespace rocm_doctor {
namespace {

// After runtime.gfx_override: a malformed or wrong-family override is that check's root cause.
constexpr std::string_view kPrereqs[] = {"driver.kfd_topology", "runtime.rocm",
                                         "runtime.gfx_override"};
constexpr std::string_view kFixCommand[] = {"{!fix}"};
constexpr std::string_view kSupportUnknownCommands[] = {"cat /opt/rocm/.info/version",
                                                        "rocminfo | grep -E 'Name: +gfx'"};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "runtime.gfx.unsupported",
     .severity = Status::kFail,
     .title = "The GPU's gfx target is not supported by the installed ROCm release",
     .remediation =
         "ROCm's prebuilt libraries (rocBLAS, MIOpen, PyTorch wheels) carry code objects only "
         "for the release's supported targets, so this GPU gets hipErrorNoBinaryForGpu or "
         "'invalid device function'. When a target of the same family is supported, "
         "HSA_OVERRIDE_GFX_VERSION makes ROCr report it (unofficial, but the ISA is the same "
         "for gfx103x -> 10.3.0); set it in the environment of the process that starts HIP "
         "(service unit, launcher), per node on systems with several GPU kinds; it stays a "
         "workaround: kernels built for another ISA can give wrong results or crash. Otherwise "
         "use a ROCm release that supports the GPU; where none does (gfx1010 and the other RDNA1 "
         "and older targets), build PyTorch and the ROCm libraries for the GPU's own target "
         "(PYTORCH_ROCM_ARCH, -DAMDGPU_TARGETS) or use a community build for it.",
     .commands = kFixCommand},
    {.code = "runtime.gfx.support_unknown",
     .severity = Status::kUnknown,
     .title = "Whether the installed ROCm release supports the GPU is not known",
     .remediation =
         "The support data (checks/data/rocm_support.csv) has no row for this release or gfx "
         "target, or the installed release could not be read. Compare the GPU's gfx target "
         "with AMD's compatibility matrix for the release.",
     .commands = kSupportUnknownCommands},
    {.code = "runtime.gfx.deprecated",
     .severity = Status::kInfo,
     .title = "The GPU is supported but deprecated in this ROCm release",
     .remediation = "AMD lists the target with \"support will be removed in a future release\": "
                    "check the next release's matrix before upgrading."},
};

constexpr CheckInfo kInfo{.id = "runtime.gfx_support",
                          .layer = Layer::kRuntime,
                          .title = "gfx support",
                          .prerequisites = kPrereqs,
                          .findings = kFindings};

constexpr char kMatrixSource[] = "checks/data/rocm_support.csv";

struct Group {
  std::string gfx;
  std::vector<const KfdNode*> nodes;
  bool integrated = true;  // every node of the group is an iGPU
};

struct Judgement {
  std::optional<Finding> finding;
  std::string note;
  std::vector<Evidence> evidence;  // what a supported group's pass rests on
};

std::string Where(const Group& g) {
  std::string out;
  for (const KfdNode* n : g.nodes) out += (out.empty() ? "" : ", ") + n->PciBdf();
  return g.gfx + " at " + out;
}

Evidence NodeEvidence(const KfdNode& node) {
  return {node.source,
          "gfx_target_version " + std::to_string(node.Get("gfx_target_version").value_or(0)) +
              " (" + node.GfxTarget() + ")",
          ""};
}

Evidence RowEvidence(const SupportRow& row) {
  std::string observed =
      "ROCm " + row.release + ", " + row.gfx_target + ": " + std::string(ToString(row.status));
  if (!row.override_to.empty()) observed += " (override " + row.override_to + ")";
  return {kMatrixSource, observed, "official"};
}

// A pass quotes the row with the first public source it was taken from.
Evidence SourcedRowEvidence(const SupportRow& row) {
  Evidence e = RowEvidence(row);
  const std::string first = row.source.substr(0, row.source.find(';'));
  if (!first.empty()) e.source += " (" + first + ")";
  return e;
}

// What a supported group's pass rests on: its first node, how many more, the release, the row.
std::vector<Evidence> PassEvidence(const Group& g, const Fact<std::string>& release,
                                   const SupportRow& row) {
  std::vector<Evidence> evidence{NodeEvidence(*g.nodes.front())};
  if (g.nodes.size() > 1) {
    evidence.push_back({std::string(paths::kKfdTopologyNodes),
                        std::to_string(g.nodes.size()) + " GPU nodes are " + g.gfx, ""});
  }
  evidence.push_back({release.source, *release, ""});
  evidence.push_back(SourcedRowEvidence(row));
  return evidence;
}

// export HSA_OVERRIDE_GFX_VERSION=v, or per node when other GPUs must keep their own target.
std::string OverrideFix(const Group& g, const std::string& value, bool alone) {
  Result<GfxVersion> to = env_parse::ParseGfxVersion(value);
  const std::string note = OverrideWorkaroundNote(to ? to->Target() : value);
  if (alone) return "export HSA_OVERRIDE_GFX_VERSION=" + ShellQuote(value) + note;
  std::string fix;
  for (const KfdNode* n : g.nodes) {
    fix += (fix.empty() ? "" : "; ") + std::string("export HSA_OVERRIDE_GFX_VERSION_") +
           std::to_string(n->index) + "=" + ShellQuote(value);
  }
  return fix + note;
}

// No release ships kernels for `gfx` and no same-family target stands in: no package fixes it.
// What does is building for the target itself (PyTorch's ROCm build reads PYTORCH_ROCM_ARCH;
// rocBLAS, MIOpen and the rest take -DAMDGPU_TARGETS), or a build someone else made so.
std::string BuildFix(const std::string& gfx) {
  const std::string quoted = ShellQuote(gfx);
  return "export PYTORCH_ROCM_ARCH=" + quoted + " && git clone --recursive "
         "https://github.com/pytorch/pytorch && cd pytorch && python3 tools/amd_build/build_amd.py "
         "&& python3 setup.py develop  # no ROCm release ships kernels for " + quoted +
         ": build PyTorch (and rocBLAS, MIOpen with -DAMDGPU_TARGETS=" + quoted +
         ") for it, or use a community build for " + quoted;
}

Judgement Judge(const Group& g, const ReleaseMatch& match, const Fact<std::string>& release,
                const RuntimeEnvFacts& env, const SupportMatrix& matrix, bool alone) {
  const std::string& r = match.release;
  std::vector<Evidence> evidence;
  for (const KfdNode* n : g.nodes) evidence.push_back(NodeEvidence(*n));
  evidence.push_back({release.source, *release, ""});
  const SupportRow* row = matrix.Find(r, g.gfx);
  if (row == nullptr) {
    return {MakeFinding("runtime.gfx.support_unknown",
                        "the support data has no row for " + g.gfx + " in ROCm " + r +
                            ": cannot tell whether " + Where(g) + " is supported",
                        std::move(evidence), {{"gfx", g.gfx}, {"release", r}}),
            "", {}};
  }
  evidence.push_back(RowEvidence(*row));
  const GfxOverride* o = env.OverrideFor(g.nodes.front()->index);
  const bool override_set = o != nullptr && o->version && o->version->Target() != g.gfx;
  const std::string target = override_set ? o->version->Target() : "";
  if (row->status == GfxSupport::kOfficial) {
    std::string note = g.gfx + " supported";
    if (override_set) {
      note += " natively; " + o->name + "=" + o->version->Text() + " makes it run as " + target +
              " anyway (not needed)";
    }
    if (row->Deprecated()) {
      return {MakeFinding("runtime.gfx.deprecated",
                          Where(g) + " is supported by ROCm " + r +
                              " but deprecated: " + row->notes.substr(row->notes.find(':') + 1),
                          std::move(evidence), {{"gfx", g.gfx}, {"release", r}}),
              note + " (deprecated)", {}};
    }
    return {std::nullopt, note, PassEvidence(g, release, *row)};
  }
  if (override_set) {
    const SupportRow* trow = matrix.Find(r, target);
    bool works = trow != nullptr && trow->status == GfxSupport::kOfficial &&
                 env_parse::GfxFamilyOf(target) == env_parse::GfxFamilyOf(g.gfx);
    if (works) {
      std::vector<Evidence> pass = PassEvidence(g, release, *row);
      pass.back().expected = "";  // not official itself: the target row below is what runs
      pass.push_back({"$" + o->name, o->value, ""});
      pass.push_back(SourcedRowEvidence(*trow));
      return {std::nullopt,
              g.gfx + " runs as " + target + " through " + o->name + "=" + o->version->Text() +
                  " (unofficial" + (row->Risky() ? "; risky, see runtime.gfx_override)" : ")"),
              std::move(pass)};
    }
    evidence.push_back({"$" + o->name, o->value, row->override_to});
  }
  std::string message = Where(g) + " is not supported by ROCm " + r;
  if (match.fallback) message += " (installed " + match.installed + ", judged by " + r + ")";
  std::map<std::string, std::string> params{{"gfx", g.gfx}, {"release", r}};
  if (override_set) {
    message += "; " + o->name + "=" + o->version->Text() + " does not help: " + target +
               " is not a supported target of its family in this release";
  }
  if (row->status == GfxSupport::kOverride) {
    params["override"] = row->override_to;
    params["fix"] = OverrideFix(g, row->override_to, alone);
    Result<GfxVersion> to = env_parse::ParseGfxVersion(row->override_to);
    message += "; HSA_OVERRIDE_GFX_VERSION=" + row->override_to + " makes ROCr report it as " +
               (to ? to->Target() : row->override_to) +
               ", whose code the release ships (unofficial" +
               (row->Risky() ? "; risky: a smaller register file than that target)" : ")");
  } else {
    std::string first = matrix.FirstOfficial(g.gfx);
    message += first.empty() ? " in any release the support data covers, and it has no "
                               "same-family override: no ROCm release ships kernels for it, so "
                               "only software built for " + g.gfx + " runs on it"
                             : " (first supported in ROCm " + first + ")";
    params["fix"] = first.empty() ? BuildFix(g.gfx)
                                  : "# install ROCm " + ShellQuote(first) +
                                        " or later: https://rocm.docs."
                                        "amd.com/projects/install-on-linux/en/latest/";
  }
  return {MakeFinding("runtime.gfx.unsupported", std::move(message), std::move(evidence),
                      std::move(params)),
          "", {}};
}

CheckOutcome Run(const CheckContext& ctx) {
  const std::vector<const KfdNode*> gpus = ctx.facts.Kfd().GpuNodes();
  if (gpus.empty()) return CheckOutcome::Skip("KFD exposes no GPU");
  const RuntimeEnvFacts& env = ctx.facts.Get<RuntimeEnvFacts>();
  const SupportMatrix& matrix = SupportMatrix::Builtin();
  const Fact<std::string> release = InstalledRocmRelease(ctx.facts.Get<RocmFacts>());

  std::vector<Group> groups;
  for (const KfdNode* n : gpus) {
    std::string gfx = n->GfxTarget();
    auto it =
        std::find_if(groups.begin(), groups.end(), [&](const Group& g) { return g.gfx == gfx; });
    if (it == groups.end()) {
      it = groups.insert(groups.end(), Group{});
      it->gfx = gfx;
    }
    it->nodes.push_back(n);
    it->integrated &= IsIntegratedGpu(*n, ctx.facts.Pci(), ctx.facts.Table());
  }
  std::string targets;
  for (const Group& g : groups) targets += (targets.empty() ? "" : ", ") + g.gfx;

  if (!release.known()) {
    return CheckOutcome::FromFindings({MakeFinding(
        "runtime.gfx.support_unknown",
        "cannot tell whether the installed ROCm supports " + targets + ": " + release.error,
        {{release.source, release.error, "a ROCm release"}}, {{"gfx", targets}})});
  }
  Result<ReleaseMatch> match = matrix.MatchRelease(*release);
  if (!match) {
    return CheckOutcome::FromFindings({MakeFinding(
        "runtime.gfx.support_unknown",
        "cannot tell whether ROCm " + *release + " supports " + targets + ": " + match.error(),
        {{release.source, *release, "a release in " + std::string(kMatrixSource)}},
        {{"gfx", targets}, {"release", *release}})});
  }

  std::vector<Finding> findings;
  std::vector<std::string> notes;
  std::vector<std::size_t> failed;
  std::vector<Evidence> pass_evidence;
  for (const Group& g : groups) {
    if (g.gfx.empty()) {
      findings.push_back(MakeFinding(
          "runtime.gfx.support_unknown",
          "KFD node " + std::to_string(g.nodes.front()->index) + " has no known gfx target",
          {NodeEvidence(*g.nodes.front())}));
      continue;
    }
    Judgement j = Judge(g, *match, release, env, matrix, groups.size() == 1);
    if (!j.note.empty()) notes.push_back(j.note);
    if (!j.finding) {
      for (Evidence& e : j.evidence) pass_evidence.push_back(std::move(e));
    }
    if (j.finding) {
      if (j.finding->code == "runtime.gfx.unsupported") failed.push_back(findings.size());
      findings.push_back(std::move(*j.finding));
    }
  }
  // An unsupported iGPU next to a discrete GPU is runtime.igpu_order's warning, not a failure
  // of the machine: the discrete GPU is what ROCm is for here, and when it is unsupported too
  // its own finding is the failure (issue 16 rule 3: blame the iGPU only for its own target).
  bool discrete_ok = false;
  for (const Group& g : groups) discrete_ok |= !g.integrated && !g.gfx.empty();
  if (discrete_ok) {
    for (auto it = failed.rbegin(); it != failed.rend(); ++it) {
      const std::string gfx = findings[*it].params.at("gfx");
      bool integrated = false;
      for (const Group& g : groups) integrated |= g.gfx == gfx && g.integrated;
      if (!integrated) continue;
      notes.push_back("integrated " + gfx + " not supported (see runtime.igpu_order)");
      findings.erase(findings.begin() + static_cast<std::ptrdiff_t>(*it));
    }
  }

  std::string summary;
  for (const std::string& n : notes) summary += (summary.empty() ? "" : "; ") + n;
  summary = "ROCm " + match->release +
            (match->fallback ? " (installed " + match->installed + ")" : "") + ": " + summary;
  bool any_problem = false;
  for (const Finding& f : findings) any_problem |= f.status != Status::kInfo;
  if (!any_problem) {
    return CheckOutcome::Pass(std::move(summary), std::move(pass_evidence), std::move(findings));
  }
  return CheckOutcome::FromFindings(std::move(findings));
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
