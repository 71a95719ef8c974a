// SPDX-License-Identifier: MIT
// runtime.gfx_override: HSA_OVERRIDE_GFX_VERSION(_<node>) against each GPU it rewrites. libhsakmt
// topology.c reads the per-node variable first, then the global one, for every GPU node; a value
// it cannot parse fails the whole topology scan (failure-modes #23), one of another family loads
// the wrong code (#22, #25), gfx1102/gfx1103/gfx115x -> 11.0.0 overflows the VGPR file (#35).
#include <map>
#include <set>
#include <string>
#include <vector>

#include "knowledge/env_parse.h"
#include "base/text_parse.h"
#include "rocm_doctor/check.h"
#include "rocm_doctor/facts/runtime_env.h"
#include "rocm_doctor/shell_quote.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"driver.kfd_topology"};
constexpr std::string_view kFixCommand[] = {"{!fix}"};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "runtime.env.gfx_override_invalid",
     .severity = Status::kFail,
     .title = "HSA_OVERRIDE_GFX_VERSION is malformed or names another GPU family",
     .remediation =
         "libhsakmt accepts exactly major.minor.stepping (sscanf \"%u.%u.%u\", nothing after "
         "it): anything else, even an empty value or a trailing space, aborts the topology scan "
         "and hsa_init fails with HSA_STATUS_ERROR_OUT_OF_RESOURCES. A well-formed value of "
         "another family (10.3.0 on RDNA3, 11.0.0 on RDNA4) loads code for the wrong "
         "microarchitecture: crashes, hangs, MES failures; one naming an ISA ROCr does not know "
         "makes the GPU vanish silently. Keep overrides in the GPU's family (10.3.0 for gfx103x, "
         "11.0.0 for gfx11), use HSA_OVERRIDE_GFX_VERSION_<node> on mixed systems, and unset it "
         "where the GPU is supported natively.",
     .commands = kFixCommand},
    {.code = "runtime.env.gfx_override_risky",
     .severity = Status::kWarn,
     .title = "HSA_OVERRIDE_GFX_VERSION maps the GPU to a target with a larger register file",
     .remediation =
         "libhsakmt gives gfx1100/gfx1101/gfx1200/gfx1201 a 1.5x larger VGPR file than "
         "gfx1102/gfx1103/gfx115x. With the override, gfx1100 code objects run on the smaller "
         "part: many kernels work, those that use more registers than the silicon has abort "
         "with HSA_STATUS_ERROR_INVALID_ISA (code 0x100f). Prefer libraries built for the real "
         "target (newer ROCm/TheRock builds, distribution packages, or AMDGPU_TARGETS=<gfx>); "
         "keep the override only if the kernels you need work."},
};

constexpr CheckInfo kInfo{.id = "runtime.gfx_override",
                          .layer = Layer::kRuntime,
                          .title = "gfx override",
                          .prerequisites = kPrereqs,
                          .findings = kFindings};

// The community override of a GPU's family (the support matrix's override_to values): RDNA2 ->
// gfx1030, RDNA3/3.5 -> gfx1100. "" when the family has none, or the GPU is that target.
std::string FamilyOverride(const std::string& gfx) {
  auto v = env_parse::GfxVersionOf(gfx);
  if (!v) return "";
  if (v->major == 10 && v->minor == 3 && gfx != "gfx1030") return "10.3.0";
  if (v->major == 11 && gfx != "gfx1100") return "11.0.0";
  return "";
}

std::string NodeLabel(const KfdNode& node) {
  return node.GfxTarget() + " at " + node.PciBdf() + " (KFD node " + std::to_string(node.index) +
         ")";
}

Evidence NodeEvidence(const KfdNode& node) {
  return {node.source,
          "gfx_target_version " + std::to_string(node.Get("gfx_target_version").value_or(0)) +
              " (" + node.GfxTarget() + ")",
          ""};
}

Evidence VarEvidence(const GfxOverride& o, std::string expected) {
  return {"$" + o.name, "\"" + parse::Printable(o.value, 64) + "\"", std::move(expected)};
}

std::string Assignment(const GfxOverride& o) {
  return o.name + "=\"" + parse::Printable(o.value, 64) + "\"";
}

std::string KiB(std::uint32_t bytes) { return std::to_string(bytes / 1024) + " KiB"; }

// What to run instead: per-node overrides when one global value rewrites GPUs of several
// families, else the family's own override, else unsetting it.
std::string Fix(const GfxOverride& o, const std::string& real, bool mixed,
                const std::vector<const KfdNode*>& gpus) {
  if (!o.node && mixed) {
    std::string fix = "unset " + o.name;
    for (const KfdNode* n : gpus) {
      std::string v = FamilyOverride(n->GfxTarget());
      if (!v.empty()) {
        fix += "; export " + o.name + "_" + std::to_string(n->index) + "=" + ShellQuote(v);
      }
    }
    return fix == "unset " + o.name
               ? fix
               : fix + "  # workaround, not a fix: each GPU then runs kernels built for another "
                       "target of its family; where the ISAs differ that gives wrong results, "
                       "hangs or crashes";
  }
  std::string v = FamilyOverride(real);
  if (v.empty()) return "unset " + o.name;
  // o.name is HSA_OVERRIDE_GFX_VERSION[_<digits>] (env_parse::OverrideNode): a safe word.
  Result<GfxVersion> to = env_parse::ParseGfxVersion(v);
  return "export " + o.name + "=" + ShellQuote(v) + OverrideWorkaroundNote(to ? to->Target() : v);
}

CheckOutcome Run(const CheckContext& ctx) {
  const RuntimeEnvFacts& env = ctx.facts.Get<RuntimeEnvFacts>();
  if (!env.gfx_override && env.node_gfx_overrides.empty()) {
    return CheckOutcome::Pass("HSA_OVERRIDE_GFX_VERSION not set: every GPU reports its own target",
                              {{"$HSA_OVERRIDE_GFX_VERSION", "unset", "unset"}});
  }
  const std::vector<const KfdNode*> gpus = ctx.facts.Kfd().GpuNodes();
  if (gpus.empty()) return CheckOutcome::Skip("KFD exposes no GPU");
  std::set<std::string> families;
  for (const KfdNode* n : gpus) families.insert(env_parse::GfxFamilyOf(n->GfxTarget()));
  const bool mixed = families.size() > 1;

  std::vector<Finding> findings;
  std::vector<std::string> notes;
  std::set<std::string> reported;
  for (const KfdNode* node : gpus) {
    const GfxOverride* o = env.OverrideFor(node->index);
    const std::string real = node->GfxTarget();
    if (o == nullptr) {
      notes.push_back(NodeLabel(*node) + " keeps its own target");
      continue;
    }
    // A malformed value fails the scan once, whichever GPU reads it; the rest once per gfx.
    const std::string key = o->version ? o->name + "|" + real : o->name;
    if (!reported.insert(key).second) continue;
    std::map<std::string, std::string> params{{"fix", Fix(*o, real, mixed, gpus)},
                                              {"variable", o->name}};
    if (!o->version) {
      findings.push_back(MakeFinding(
          "runtime.env.gfx_override_invalid",
          Assignment(*o) + " is rejected by libhsakmt (" + o->error +
              "): the whole topology scan fails, so ROCr sees no GPU and hsa_init returns "
              "HSA_STATUS_ERROR_OUT_OF_RESOURCES",
          {VarEvidence(*o, "major.minor.stepping, e.g. 10.3.0"), NodeEvidence(*node)}, params));
      continue;
    }
    const std::string target = o->version->Target();
    if (real.empty()) {
      notes.push_back("KFD node " + std::to_string(node->index) + " has no known gfx target");
      continue;
    }
    if (target == real) {
      notes.push_back(o->name + "=" + o->version->Text() + " on " + real + " changes nothing");
      continue;
    }
    const std::string family = env_parse::GfxFamilyOf(real);
    if (target.empty() || !env_parse::RocrKnowsIsa(target)) {
      findings.push_back(MakeFinding(
          "runtime.env.gfx_override_invalid",
          Assignment(*o) + " names " + (target.empty() ? "no valid gfx target" : target) +
              ", an ISA ROCr does not know: ROCr skips " + NodeLabel(*node) + " without a message",
          {VarEvidence(*o, "a target of " + family + " that ROCr knows"), NodeEvidence(*node)},
          params));
    } else if (env_parse::GfxFamilyOf(target) != family) {
      findings.push_back(
          MakeFinding("runtime.env.gfx_override_invalid",
                      Assignment(*o) + " makes " + NodeLabel(*node) + " run code for " + target +
                          ", another family (" + env_parse::GfxFamilyOf(target) + " vs " + family +
                          "): expect crashes, hangs or wrong results",
                      {VarEvidence(*o, family + ".x"), NodeEvidence(*node)}, params));
    } else if (env_parse::VgprBytesPerCu(target) > env_parse::VgprBytesPerCu(real)) {
      findings.push_back(MakeFinding("runtime.env.gfx_override_risky",
                                     Assignment(*o) + " runs " + target + " code on " +
                                         NodeLabel(*node) +
                                         ", whose VGPR "
                                         "file is smaller (" +
                                         KiB(env_parse::VgprBytesPerCu(real)) + " vs " +
                                         KiB(env_parse::VgprBytesPerCu(target)) +
                                         " per CU): kernels that need the larger "
                                         "file abort with HSA_STATUS_ERROR_INVALID_ISA (0x100f)",
                                     {VarEvidence(*o, ""), NodeEvidence(*node)}, params));
    } else {
      notes.push_back(NodeLabel(*node) + " runs as " + target + " (" + o->name + "=" +
                      o->version->Text() + ")");
    }
  }
  for (const GfxOverride& o : env.node_gfx_overrides) {
    bool is_gpu = false;
    for (const KfdNode* n : gpus) is_gpu |= n->index == *o.node;
    if (!is_gpu) {
      notes.push_back(o.name + " names KFD node " + std::to_string(*o.node) +
                      ", which is not a GPU node: libhsakmt never reads it");
    }
  }
  std::string summary;
  for (const std::string& n : notes) summary += (summary.empty() ? "" : "; ") + n;
  if (findings.empty()) return CheckOutcome::Pass(std::move(summary));
  return CheckOutcome::FromFindings(std::move(findings));
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
