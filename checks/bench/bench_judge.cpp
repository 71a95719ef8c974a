// SPDX-License-Identifier: MIT
// The judgement of one family of benchmarks (bench_support.h): each measured median against its
// threshold row, the miss finding that names every miss of a run, failures, instability and
// missing results.
#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "bench_support.h"
#include "knowledge/partition_modes.h"
#include "rocm_doctor/facts/partition.h"
#include "throttle_cause.h"

namespace rocm_doctor::bench {
namespace {

bool Asked(const std::vector<std::string>& only, std::string_view family, std::string_view name) {
  if (only.empty()) return true;
  for (const std::string& o : only) {
    if (o == name || o == family || o == std::string(family) + ".*") return true;
  }
  return false;
}

// The medians of one run past their limits, as one finding: each miss with its figure, the
// threshold rows and the datasheet figure as evidence.
struct Miss {
  const Measurement* m;
  BenchJudgement j;
};

struct FamilyJudgement {
  std::vector<Finding> findings;
  std::vector<BenchmarkResult> rows;
  std::vector<std::string> summaries;  // per device
  std::vector<Miss> misses;            // of the run being judged
  // matrix.* of the run being judged: measured without a floor, skipped for want of a BLAS.
  std::vector<const Measurement*> unjudged;
  const Measurement* no_blas = nullptr;
  std::size_t no_blas_skipped = 0;
  std::size_t measured = 0, skipped = 0, runs_seen = 0;
  std::string skip_reason;
};

// "memory.copy 2.1 TB/s (floor 3.44 TB/s, 40% of peak)"
std::string DescribeMiss(const Miss& miss) {
  return miss.m->name + " " + Fig(miss.m->median, miss.m->unit) +
         (miss.j.ceiling ? " (ceiling " : " (floor ") + Fig(miss.j.limit, miss.m->unit) +
         (miss.j.percent_of_peak ? fmt::format(", {:.0f}% of peak)", *miss.j.percent_of_peak)
                                 : std::string(")"));
}

Finding LimitFinding(const FamilySpec& spec, const BenchRun& run, const BenchGpu& gpu,
                     const std::vector<Miss>& misses) {
  const Miss& first = misses.front();
  std::string message = DescribeDevice(run) + ": ";
  if (misses.size() == 1) {
    const Measurement& m = *first.m;
    message += m.name + " " + Fig(m.median, m.unit) +
               (first.j.ceiling ? " is above the ceiling of " : " is below the floor of ") +
               Fig(first.j.limit, m.unit) + " (" + first.j.basis_text + ")";
    if (first.j.percent_of_peak) {
      message += fmt::format("; {:.0f}% of the datasheet figure", *first.j.percent_of_peak);
    }
  } else {
    std::vector<std::string> items;
    bool floors = false, ceilings = false;
    for (const Miss& miss : misses) {
      items.push_back(DescribeMiss(miss));
      (miss.j.ceiling ? ceilings : floors) = true;
    }
    message += std::to_string(misses.size()) + " benchmarks " +
               (floors && ceilings ? "past their limits: "
                : floors           ? "below their floors: "
                                   : "above their ceilings: ") +
               fmt::format("{}", fmt::join(items, ", "));
    if (first.j.datasheet) {
      message += "; the datasheet figure is " + Fig(first.j.datasheet, first.m->unit);
    }
  }
  if (spec.family == "host" && !gpu.current_link.empty()) {
    message += "; the link runs at " + gpu.current_link;
  }
  for (const Miss& miss : misses) {
    const Measurement& m = *miss.m;
    if (spec.family == "compute" && m.clock_mhz_seen && run.report.device &&
        run.report.device->clock_mhz &&
        10 * *m.clock_mhz_seen < 9 * *run.report.device->clock_mhz) {
      message += fmt::format("; the shader clock was {} of its {} MHz (power or thermal limits?)",
                             *m.clock_mhz_seen, *run.report.device->clock_mhz);
      break;
    }
  }
  // Matrix and stress figures carry the telemetry of their run: why they fell short.
  std::optional<Evidence> cause_evidence;
  if (spec.family == "matrix" || spec.family == "stress") {
    const ThrottleCause cause = NameThrottleCause(*first.m, run.run.source);
    message += "; cause: " + cause.text;
    if (first.m->sustained_clock_mhz) {
      message += fmt::format(" (sustained clock {} MHz)", *first.m->sustained_clock_mhz);
    }
    cause_evidence = cause.evidence;
  }
  std::vector<Evidence> evidence;
  std::vector<std::string> names;
  for (const Miss& miss : misses) {
    names.push_back(miss.m->name);
    evidence.push_back(
        {run.run.source + " (" + miss.m->name + ")", DescribeFigures(*miss.m),
         std::string(miss.j.ceiling ? "at most " : "at least ") + Fig(miss.j.limit, miss.m->unit)});
  }
  std::vector<const ThresholdRow*> rows;
  for (const Miss& miss : misses) {
    if (miss.j.row != nullptr && std::find(rows.begin(), rows.end(), miss.j.row) == rows.end()) {
      rows.push_back(miss.j.row);
      evidence.push_back({miss.j.row->origin, miss.j.row->source, ""});
    }
  }
  if (cause_evidence) evidence.push_back(std::move(*cause_evidence));
  if (first.j.datasheet && !gpu.datasheet_source.empty()) {
    std::string observed = "peak " + Fig(first.j.datasheet, first.m->unit);
    if (gpu.partition_share) {
      observed += fmt::format(" (this device's {:.3g} share of the GPU's compute units)",
                              *gpu.partition_share);
    }
    evidence.push_back(
        {spec.family == "host" ? gpu.link_source : gpu.datasheet_source, observed, ""});
  }
  if (spec.family == "host" && !gpu.current_link.empty() && run.report.device &&
      run.report.device->pci_bus_id) {
    evidence.push_back(
        {"/sys/bus/pci/devices/" + *run.report.device->pci_bus_id + "/current_link_*",
         gpu.current_link, ""});
  }
  return MakeFinding(std::string(spec.limit_code), std::move(message), std::move(evidence),
                     Params(run, fmt::format("{}", fmt::join(names, ","))));
}

// Judges one measured benchmark: findings for a miss, the row with its verdict.
void JudgeOne(const FamilySpec& spec, const BenchRun& run, const BenchGpu& gpu,
              const BenchThresholds& thresholds, const Measurement& m, FamilyJudgement& out) {
  BenchmarkResult row = ResultRow(spec.check_id, run, m);
  const std::string where = run.run.source + " (" + m.name + ")";
  const std::string reason = m.reason.value_or("no reason given");
  auto add = [&](Finding f) {
    row.verdict = Worse(row.verdict == Status::kInfo ? Status::kPass : row.verdict, f.status);
    out.findings.push_back(std::move(f));
  };
  switch (m.status) {
    case MeasurementStatus::kSkipped:
      if (spec.family == "matrix" && BlasMissing(m)) {
        if (out.no_blas == nullptr) out.no_blas = &m;
        ++out.no_blas_skipped;
      }
      row.verdict = Status::kSkip;
      row.basis = "skipped: " + reason;
      ++out.skipped;
      if (out.skip_reason.empty()) out.skip_reason = m.name + " skipped: " + reason;
      out.rows.push_back(std::move(row));
      return;
    case MeasurementStatus::kTimeout:
      add(MakeFinding("bench.kernel.timeout",
                      DescribeDevice(run) + ": " + m.name +
                          " did not finish within the helper's deadline and was abandoned (a "
                          "hung kernel, possibly a wedged GPU): " +
                          reason,
                      {{where, "timeout: " + reason, "finishes"}}, Params(run, m.name)));
      out.rows.push_back(std::move(row));
      return;
    case MeasurementStatus::kFailed:
      if (spec.family == "matrix" && BlasRefused(reason)) {
        add(MakeFinding("bench.matrix.unsupported",
                        DescribeDevice(run) + ": the BLAS refused " + m.name + " (" + reason +
                            "), so it was not measured",
                        {{where, reason, "the GEMM runs"}}, Params(run, m.name)));
        out.rows.push_back(std::move(row));
        return;
      }
      add(MakeFinding("bench.kernel.failed",
                      DescribeDevice(run) + ": " + m.name + " failed: " + reason,
                      {{where, reason, "every runtime call succeeds"}}, Params(run, m.name)));
      out.rows.push_back(std::move(row));
      return;
    case MeasurementStatus::kVerifyFailed: {
      if (spec.family == "matrix") {
        add(MatrixCorruption(run, m));
        out.rows.push_back(std::move(row));
        return;
      }
      std::string observed = reason;
      if (auto n = m.ParamNumber("mismatches")) observed += fmt::format(" ({:.0f} mismatches)", *n);
      add(MakeFinding("bench.verify.failed",
                      DescribeDevice(run) + ": " + m.name +
                          " computed a wrong result, so its figure is not trusted: " + observed,
                      {{where, observed, "the analytic answer"}}, Params(run, m.name)));
      out.rows.push_back(std::move(row));
      return;
    }
    case MeasurementStatus::kOk:
      break;
  }
  ++out.measured;
  // A GEMM the helper passed, yet with wrong, NaN or differing elements counted, is corrupt too.
  if (spec.family == "matrix" && MatrixCorrupted(m)) add(MatrixCorruption(run, m));
  const BenchJudgement j = JudgeMeasurement(m, gpu, thresholds);
  if (spec.family == "matrix" && !j.limit) out.unjudged.push_back(&m);
  row.limit = j.limit;
  row.limit_is_ceiling = j.ceiling;
  row.datasheet = j.datasheet;
  row.percent_of_peak = j.percent_of_peak;
  row.basis = j.basis_text;
  if (j.row != nullptr) row.threshold = j.row->origin;
  row.verdict = j.judged ? Status::kPass : Status::kInfo;
  if (spec.family == "memtest") {
    if (j.out_of_limit) {
      std::string observed = Fig(m.median, m.unit);
      if (auto addresses = m.ParamText("first_bad_addresses")) {
        observed += "; first bad addresses " + *addresses;
      }
      std::string message =
          DescribeDevice(run) + ": the memory test " + m.name + " found " + Fig(m.median, m.unit);
      if (m.bytes) {
        message += " in " + FormatBenchFigure(static_cast<double>(*m.bytes), "B") + " tested";
      }
      if (auto addresses = m.ParamText("first_bad_addresses")) {
        message += "; first bad addresses " + *addresses;
      }
      add(MakeFinding("bench.memtest.errors", std::move(message),
                      {{where, observed, "0 errors"}, {j.row->origin, j.row->source, ""}},
                      Params(run, m.name)));
    }
  } else if (j.out_of_limit) {
    // One finding per run names every miss (JudgeFamily); the row carries its severity.
    out.misses.push_back({&m, j});
    if (const FindingSpec* code = Catalog::Instance().Find(spec.limit_code)) {
      row.verdict = Worse(row.verdict, code->severity);
    }
  }
  if (spec.family == "stress") {
    if (auto errors = m.ParamNumber("errors"); errors && *errors > 0) {
      add(MakeFinding(
          "bench.stress.errors",
          DescribeDevice(run) + fmt::format(": {:.0f} wrong results during ", *errors) + m.name,
          {{where, fmt::format("{:.0f} errors", *errors), "0 errors"}}, Params(run, m.name)));
    }
  }
  if (j.unstable) {
    const bool stress = spec.family == "stress";
    const std::string observed =
        stress ? fmt::format("coefficient of variation {:.1f}%", *j.instability * 100)
               : fmt::format("median {:.1f}% from the best ({} vs {})", *j.instability * 100,
                             Fig(m.median, m.unit), Fig(m.best, m.unit));
    std::string message = DescribeDevice(run) + ": " + m.name + " is unstable: " + observed;
    std::vector<Evidence> evidence{
        {where, observed, fmt::format("at most {:.0f}%", *j.row->unstable * 100)},
        {j.row->origin, j.row->source, ""}};
    if (m.telemetry) {
      ThrottleCause cause = NameThrottleCause(m, run.run.source);
      message += "; cause: " + cause.text;
      if (cause.evidence) evidence.push_back(std::move(*cause.evidence));
    }
    add(MakeFinding("bench.result.unstable", std::move(message), std::move(evidence),
                    Params(run, m.name)));
  }
  out.rows.push_back(std::move(row));
}

// "triad 4.12 TB/s (86%), copy 3.98 TB/s (83%)": a device's measured figures, short.
std::string SummarizeRows(std::string_view family, const std::vector<BenchmarkResult>& rows,
                          std::size_t first) {
  std::vector<std::string> parts;
  // The sustained clock beside each figure, or once at the end when every figure shares it.
  std::optional<std::int64_t> shared_clock;
  bool one_clock = true;
  for (std::size_t i = first; i < rows.size(); ++i) {
    const BenchmarkResult& r = rows[i];
    if (r.status != "ok" || !r.median) continue;
    if (!shared_clock) shared_clock = r.sustained_clock_mhz;
    one_clock &= r.sustained_clock_mhz == shared_clock;
  }
  for (std::size_t i = first; i < rows.size(); ++i) {
    const BenchmarkResult& r = rows[i];
    if (r.status != "ok" || !r.median) continue;
    std::string name = r.name.substr(std::min(r.name.size(), family.size() + 1));
    std::string part = name + " " + FormatBenchFigure(*r.median, r.unit);
    if (r.percent_of_peak) part += fmt::format(" ({:.0f}%)", *r.percent_of_peak);
    if (r.sustained_clock_mhz && !one_clock) {
      part += fmt::format(" at {} MHz", *r.sustained_clock_mhz);
    }
    parts.push_back(std::move(part));
  }
  std::string text = fmt::format("{}", fmt::join(parts, ", "));
  if (one_clock && shared_clock && !parts.empty()) {
    text += fmt::format(" (sustained clock {} MHz)", *shared_clock);
  }
  return text;
}

// The partition modes of the PCI function the run measured (sysfs, facts/partition.h), for a
// threshold row with a partition (a fleet baseline of CPX nodes). The runtime's device of a
// partitioned GPU is one of its logical GPUs at the function's address.
BenchGpu WithPartition(const CheckContext& ctx, const BenchRun& run, BenchGpu gpu) {
  if (!run.report.device || !run.report.device->pci_bus_id) return gpu;
  const knowledge::GpuPartitionModes modes =
      knowledge::PartitionModesOf(ctx.facts.Get<PartitionFacts>(), *run.report.device->pci_bus_id);
  gpu.compute_partition = modes.compute;
  gpu.memory_partition = modes.memory;
  return gpu;
}

}  // namespace

CheckOutcome JudgeFamily(const CheckContext& ctx, const FamilySpec& spec) {
  const BenchFacts& facts = Facts(ctx);
  const BenchThresholds& thresholds = Thresholds(ctx);
  FamilyJudgement out;
  std::string not_recorded;
  for (const BenchRun& run : facts.runs) {
    const bool interrupted_early = run.run.state == HelperRunState::kInterrupted;
    if (run.run.state != HelperRunState::kOk && !interrupted_early) {
      // bench.run reports why; a capture without this run is simply not judged.
      if (run.run.state == HelperRunState::kNotRecorded && not_recorded.empty()) {
        not_recorded = run.run.detail;
      }
      continue;
    }
    ++out.runs_seen;
    const BenchGpu gpu = WithPartition(ctx, run, Identify(ctx, run));
    const std::size_t first_row = out.rows.size();
    std::vector<std::string> missing;
    for (std::string_view name : spec.names) {
      if (!Asked(facts.only, spec.family, name)) continue;
      const Measurement* m = interrupted_early ? nullptr : run.report.Find(name);
      if (m == nullptr) {
        missing.emplace_back(name);
        continue;
      }
      JudgeOne(spec, run, gpu, thresholds, *m, out);
    }
    if (!out.misses.empty()) {
      out.findings.push_back(LimitFinding(spec, run, gpu, out.misses));
      out.misses.clear();
    }
    if (out.no_blas != nullptr) {
      out.findings.push_back(MatrixBlasMissing(run, *out.no_blas, out.no_blas_skipped));
      out.no_blas = nullptr;
      out.no_blas_skipped = 0;
    }
    if (!out.unjudged.empty()) {
      out.findings.push_back(MatrixNoFloor(run, gpu, out.unjudged));
      out.unjudged.clear();
    }
    // A helper from before the matrix family (issue 17) prints none of its names: the family is
    // not measured, which bench.run's helper version explains, not a missing result.
    std::size_t asked = 0;
    for (std::string_view name : spec.names) asked += Asked(facts.only, spec.family, name);
    const bool interrupted_any = interrupted_early || run.report.interrupted;
    if (spec.family == "matrix" && !interrupted_any && !missing.empty() &&
        missing.size() == asked) {
      if (out.skip_reason.empty()) {
        out.skip_reason = "the helper's output has no matrix.* results (a rocm-doctor-hip from "
                          "before the matrix family)";
      }
      missing.clear();
    }
    if (!missing.empty()) {
      const bool interrupted = interrupted_any;
      const std::string names = fmt::format("{}", fmt::join(missing, ", "));
      out.findings.push_back(
          MakeFinding("bench.result.missing",
                      DescribeDevice(run) + ": not measured: " + names +
                          (interrupted ? " (the run was interrupted)"
                                       : " (the helper's output has no result for it)"),
                      {{run.run.source, interrupted ? "interrupted" : "no result for " + names,
                        "a result for every benchmark asked for"}},
                      Params(run)));
    }
    std::string summary = SummarizeRows(spec.family, out.rows, first_row);
    if (facts.runs.size() > 1 && !summary.empty()) {
      summary = "device " + std::to_string(run.device.value_or(0)) + ": " + summary;
    }
    if (!summary.empty()) out.summaries.push_back(std::move(summary));
  }
  CheckOutcome outcome;
  if (out.runs_seen == 0) {
    return CheckOutcome::Skip(not_recorded.empty() ? "no benchmark run to judge" : not_recorded);
  }
  if (out.measured == 0 && out.findings.empty()) {
    outcome =
        CheckOutcome::Skip(out.skip_reason.empty() ? "not asked for (--only)" : out.skip_reason);
    outcome.benchmarks = std::move(out.rows);
    return outcome;
  }
  std::string summary = fmt::format("{}", fmt::join(out.summaries, "; "));
  bool any_judged = false;
  for (const BenchmarkResult& r : out.rows) any_judged |= r.verdict != Status::kInfo;
  if (!any_judged && !summary.empty()) summary += " (not judged: no threshold)";
  Status worst = Status::kPass;
  for (const Finding& f : out.findings) worst = Worse(worst, f.status);
  if (worst == Status::kPass || worst == Status::kInfo) {
    outcome = CheckOutcome::Pass(summary, std::move(out.findings));
  } else {
    outcome = CheckOutcome::FromFindings(std::move(out.findings));
  }
  outcome.benchmarks = std::move(out.rows);
  return outcome;
}

}  // namespace rocm_doctor::bench
