// SPDX-License-Identifier: MIT
// bench.collective: the all-reduce and all-gather of `rocm-doctor-hip --bench --only collective`
// (src/hip/bench/collective.cpp), one run over every visible GPU at once, unlike the per-device
// families. Results must be verified; the bus bandwidth (nccl-tests' busbw) at the message size the
// floor was measured at (else the largest) is held to the floor for the GPU model and GPU count
// (checks/data/collective_floors.csv).
// It runs when asked (`bench --only collective`) and, at the extended and stress levels, on a node
// where the runtime lists more than one GPU: with one GPU busbw is 0 by definition.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "bench_support.h"
#include "knowledge/collective_floors.h"
#include "rocm_doctor/facts/hip_probe.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kNames[] = {"collective.all_reduce", "collective.all_gather"};

constexpr std::string_view kRerunCommands[] = {
    "NCCL_DEBUG=INFO {helper} --bench --only collective",
};
// The helper's standard level reaches the 16 GiB the floors are measured at.
constexpr std::string_view kTopologyCommands[] = {
    "rocm-smi --showtopo",
    "NCCL_DEBUG=INFO {helper} --bench --level standard --only collective",
};

constexpr FindingSpec kFindings[] = {
    {.code = "bench.collective.verify_failed",
     .severity = Status::kFail,
     .title = "A collective returned wrong data",
     .remediation =
         "The collective library moved or summed data wrongly between the GPUs: a link, a GPU or "
         "the library itself corrupts data in transit. Run it again with NCCL_DEBUG=INFO to see "
         "the "
         "transport in use; if it repeats, test each GPU pair (rocm-doctor bench --only peer) and "
         "take the node out of service until the link or GPU is found.",
     .commands = kRerunCommands},
    {.code = "bench.collective.below_floor",
     .severity = Status::kFail,
     .title = "Collective bus bandwidth below the floor for this GPU model and count",
     .remediation =
         "The all-reduce over every GPU reached less bus bandwidth than the published floor for "
         "this GPU model and count: a missing or downtrained xGMI/NVLink link, GPUs talking over "
         "PCIe instead, or a "
         "library without its fast transports. Check the topology and the links, then run it "
         "again.",
     .commands = kTopologyCommands},
    {.code = "bench.collective.failed",
     .severity = Status::kFail,
     .title = "A collective could not run",
     .remediation =
         "The collective library failed or timed out (the reason is the library's own words). "
         "Run it again with NCCL_DEBUG=INFO to see where it stops.",
     .commands = kRerunCommands},
    {.code = "bench.collective.unavailable",
     .severity = Status::kInfo,
     .title = "No collective library to measure with",
     .remediation =
         "RCCL (librccl.so.1) or NCCL (libnccl.so.2) could not be loaded, so the collectives were "
         "not measured; install the library or point ROCMDOC_COLLECTIVE_LIBRARY at it.",
     .commands = {}},
    {.code = "bench.collective.one_rank",
     .severity = Status::kInfo,
     .title = "A collective over one GPU: code path verified, bus bandwidth not judged",
     .remediation = "Nothing to do: run it on a node with several GPUs to judge its bandwidth.",
     .commands = {}},
    {.code = "bench.collective.not_judged",
     .severity = Status::kInfo,
     .title = "No collective floor for this GPU model, count and message size",
     .remediation =
         "The collectives ran and their results were verified; no published floor holds for this "
         "GPU model and GPU count (checks/data/collective_floors.csv), or the run did not reach "
         "the message size the floor was measured at, so the figure is reported, not judged.",
     .commands = {}},
};

constexpr CheckInfo kInfo{.id = "bench.collective",
                          .layer = Layer::kBenchmarks,
                          .title = "Collective bandwidth over all GPUs",
                          .prerequisites = bench::kRunPrerequisites,
                          .cost = Cost::kBenchmark,
                          .deadline = bench::kCheckDeadline,
                          .findings = kFindings};

// One entry of params.sizes: {"bytes":..,"algbw":..,"busbw":..,"verified":..}.
struct SizeRow {
  double bytes = 0, busbw = 0;
  bool verified = true;
};

std::vector<SizeRow> Sizes(const Measurement& m) {
  std::vector<SizeRow> rows;
  auto it = m.params.find("sizes");
  if (it == m.params.end()) return rows;
  nlohmann::json j = nlohmann::json::parse(it->second, nullptr, false);
  if (!j.is_array()) return rows;
  for (const auto& e : j) {
    if (!e.is_object() || !e.contains("bytes") || !e["bytes"].is_number()) continue;
    SizeRow r;
    r.bytes = e["bytes"].get<double>();
    if (e.contains("busbw") && e["busbw"].is_number()) r.busbw = e["busbw"].get<double>();
    if (e.contains("verified") && e["verified"].is_boolean())
      r.verified = e["verified"].get<bool>();
    rows.push_back(r);
  }
  return rows;
}

// A message size as nccl-tests' -b/-e would name it: "256 MiB", "16 GiB".
std::string SizeText(double bytes) {
  constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
  if (bytes >= kGiB &&
      bytes / kGiB == static_cast<double>(static_cast<std::int64_t>(bytes / kGiB))) {
    return fmt::format("{:.0f} GiB", bytes / kGiB);
  }
  return fmt::format("{:.0f} MiB", bytes / (1024.0 * 1024.0));
}

// The request: the collectives only, one run without --device (every visible GPU).
BenchRequest CollectiveRequest(const CheckContext& ctx) {
  const BenchOptions& options = ctx.options.bench;
  BenchRequest request;
  request.level = BenchLevelFromString(options.level).value_or(BenchLevel::kStandard);
  for (const std::string& name : options.only) {
    if (name.starts_with("collective")) request.only.push_back(name);
  }
  if (request.only.empty()) request.only = {"collective"};
  request.stress_seconds = options.stress_seconds;
  request.progress = options.progress;
  return request;
}

// Why the check does not run here; empty when it does.
std::string NotSelected(const CheckContext& ctx) {
  const BenchOptions& options = ctx.options.bench;
  if (!options.only.empty()) {
    for (const std::string& name : options.only) {
      if (name.starts_with("collective")) return {};
    }
    return "not among the benchmarks asked for (--only)";
  }
  const auto level = BenchLevelFromString(options.level);
  if (!level || *level == BenchLevel::kStandard) {
    return "runs at the extended and stress levels, or with --only collective";
  }
  const HipProbeFacts& probe = ctx.facts.Get<HipProbeFacts>();
  std::size_t usable = 0;
  if (probe.state == HipProbeState::kParsed) {
    for (const HipDevice& d : probe.report.devices) usable += d.error ? 0 : 1;
  }
  if (usable < 2) return "one GPU: bus bandwidth is 0 by definition (ask with --only collective)";
  return {};
}

void Judge(const BenchRun& run, const Measurement& m, std::vector<Finding>& findings,
           std::vector<Evidence>& passed) {
  const std::string src = run.run.source + " (" + m.name + ")";
  auto params = bench::Params(run, m.name);
  const std::vector<SizeRow> sizes = Sizes(m);
  const std::int64_t ranks = static_cast<std::int64_t>(m.ParamNumber("ranks").value_or(0));
  const std::string what = fmt::format("{} over {} GPU{}", m.name, ranks, ranks == 1 ? "" : "s");
  if (m.status == MeasurementStatus::kVerifyFailed) {
    std::string at;
    for (const SizeRow& r : sizes) {
      if (!r.verified) at += (at.empty() ? "" : ", ") + SizeText(r.bytes);
    }
    const std::string mismatch = m.ParamText("mismatch").value_or("not stated");
    findings.push_back(MakeFinding(
        "bench.collective.verify_failed",
        fmt::format("{}: wrong result at {}; first mismatch: {}", what,
                    at.empty() ? "an unstated size" : at, mismatch),
        {{src, m.reason.value_or("verify_failed"), "every element equal to the analytic answer"}},
        params));
    return;
  }
  if (m.status == MeasurementStatus::kSkipped) {
    findings.push_back(
        MakeFinding("bench.collective.unavailable",
                    fmt::format("{}: not measured: {}", m.name, m.reason.value_or("")),
                    {{src, "skipped", ""}}, params));
    return;
  }
  if (m.status != MeasurementStatus::kOk) {
    findings.push_back(MakeFinding(
        "bench.collective.failed",
        fmt::format("{}: {}: {}", what, ToString(m.status), m.reason.value_or("no reason given")),
        {{src, std::string(ToString(m.status)), "ok"}}, params));
    return;
  }
  if (ranks == 1) {
    findings.push_back(MakeFinding(
        "bench.collective.one_rank",
        m.name + ": bus bandwidth is 0 by definition with one GPU; the code path and results "
                 "were verified",
        {{src, fmt::format("1 rank, {} sizes verified", sizes.size()), ""}}, params));
    return;
  }
  if (sizes.empty()) {
    findings.push_back(MakeFinding("bench.collective.failed",
                                   what + ": the run states no message sizes (params.sizes)",
                                   {{src, "no params.sizes", ""}}, params));
    return;
  }
  const SizeRow* largest = &sizes.front();
  for (const SizeRow& r : sizes) largest = r.bytes > largest->bytes ? &r : largest;
  const std::string name = run.report.device && run.report.device->name
                               ? *run.report.device->name
                               : std::string("an unnamed GPU");
  const auto* floor = collective_floors::Find(collective_floors::Builtin(), name, ranks, m.name);
  if (floor == nullptr) {
    const std::string figure =
        fmt::format("busbw {:.1f} GB/s at {}", largest->busbw / 1e9, SizeText(largest->bytes));
    findings.push_back(MakeFinding("bench.collective.not_judged",
                                   fmt::format("{} ({}): {}; not judged: no floor for {} x {} in "
                                               "checks/data/collective_floors.csv",
                                               what, name, figure, ranks, name),
                                   {{src, figure, ""}}, params));
    return;
  }
  // The floor holds at the message size its source measured (Azure's 16 GiB); a smaller run
  // sits lower on the bandwidth curve and is not judged by it.
  const SizeRow* judged = largest;
  if (floor->message_bytes) {
    judged = nullptr;
    for (const SizeRow& r : sizes) {
      if (r.bytes == *floor->message_bytes) judged = &r;
    }
  }
  if (judged == nullptr) {
    const std::string figure =
        fmt::format("busbw {:.1f} GB/s at {}", largest->busbw / 1e9, SizeText(largest->bytes));
    findings.push_back(MakeFinding(
        "bench.collective.not_judged",
        fmt::format("{} ({}): {}; not judged: the floor of {:.0f} GB/s for {} x {} holds at {}, "
                    "and this run's largest message was {} (the extended and stress levels reach "
                    "it where the GPUs' memory allows)",
                    what, name, figure, floor->min_busbw_bps / 1e9, floor->gpus, floor->gpu,
                    SizeText(*floor->message_bytes), SizeText(largest->bytes)),
        {{src, figure, fmt::format("a run at {}", SizeText(*floor->message_bytes))}}, params));
    return;
  }
  const std::string figure =
      fmt::format("busbw {:.1f} GB/s at {}", judged->busbw / 1e9, SizeText(judged->bytes));
  Evidence e{
      src, figure,
      fmt::format(">= {:.0f} GB/s ({} x {}{}): {}", floor->min_busbw_bps / 1e9, floor->gpus,
                  floor->gpu, floor->message_bytes ? " at " + SizeText(*floor->message_bytes) : "",
                  floor->source)};
  if (judged->busbw < floor->min_busbw_bps) {
    findings.push_back(
        MakeFinding("bench.collective.below_floor",
                    fmt::format("{} ({}): {}, below the floor of {:.0f} GB/s for {} x {} ({:.0f}%)",
                                what, name, figure, floor->min_busbw_bps / 1e9, floor->gpus,
                                floor->gpu, 100 * judged->busbw / floor->min_busbw_bps),
                    {e}, params));
    return;
  }
  passed.push_back(std::move(e));
}

CheckOutcome Run(const CheckContext& ctx) {
  if (std::string why = NotSelected(ctx); !why.empty()) return CheckOutcome::Skip(why);
  const BenchFacts& facts = ctx.facts.Get<BenchFacts>(CollectiveRequest(ctx));
  std::vector<Finding> findings;
  std::vector<Evidence> passed;
  std::size_t judged = 0;
  for (const BenchRun& run : facts.runs) {
    if (run.run.state != HelperRunState::kOk) {
      findings.push_back(MakeFinding(
          "bench.collective.failed", "the collective run did not complete: " + run.run.detail,
          {{run.run.source, run.run.detail, "the helper's JSON"}}, bench::Params(run)));
      continue;
    }
    for (std::string_view name : kNames) {
      if (const Measurement* m = run.report.Find(name)) {
        ++judged;
        Judge(run, *m, findings, passed);
      }
    }
  }
  if (judged == 0 && findings.empty()) return CheckOutcome::Skip("no collective was measured");
  bool only_info = true;
  for (const Finding& f : findings) only_info = only_info && f.status == Status::kInfo;
  // A judged pass beside unjudged figures (all-gather has no published floor) stays a pass and
  // keeps the evidence it rests on.
  if (only_info && !passed.empty()) {
    const std::size_t passing = passed.size();
    std::string summary = fmt::format("{} collective{} at or above the floor", passing,
                                      passing == 1 ? "" : "s");
    if (!findings.empty()) summary += fmt::format(", {} reported unjudged", findings.size());
    return CheckOutcome::Pass(std::move(summary), std::move(passed), std::move(findings));
  }
  return CheckOutcome::FromFindings(std::move(findings));
}

}  // namespace
ROCMDOC_REGISTER_CHECK(kInfo, Run);
}  // namespace rocm_doctor
