// SPDX-License-Identifier: MIT
// The bench.* checks' shared reading of a run: the request, the facts, the GPU it measured and
// the words and rows for its figures (bench_support.h).
#include "bench_support.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "rocm_doctor/facts/hip_probe.h"

namespace rocm_doctor::bench {

std::chrono::seconds LevelBudget(BenchLevel level) {
  switch (level) {
    case BenchLevel::kStandard:
      return std::chrono::seconds(15);
    case BenchLevel::kExtended:
      return std::chrono::minutes(3);
    case BenchLevel::kStress:
      return std::chrono::minutes(15);
  }
  return std::chrono::seconds(15);
}

BenchRequest RequestFor(const CheckContext& ctx) {
  const BenchOptions& options = ctx.options.bench;
  BenchRequest request;
  request.level = BenchLevelFromString(options.level).value_or(BenchLevel::kStandard);
  request.only = options.only;
  request.stress_seconds = options.stress_seconds;
  request.progress = options.progress;
  // Only collectives asked for (`--only collective`): they span every GPU in one run, which is
  // bench.collective's request too, so the helper runs once and not once per GPU.
  if (!options.only.empty() &&
      std::all_of(options.only.begin(), options.only.end(),
                  [](const std::string& name) { return name.starts_with("collective"); })) {
    return request;
  }
  if (options.device) {
    request.devices = {*options.device};
    return request;
  }
  // Every device the runtime lists, in its order; without a usable probe, the helper's default.
  const HipProbeFacts& probe = ctx.facts.Get<HipProbeFacts>();
  if (probe.state == HipProbeState::kParsed) {
    for (const HipDevice& d : probe.report.devices) {
      if (!d.error) request.devices.push_back(d.index);
    }
  }
  return request;
}

const BenchFacts& Facts(const CheckContext& ctx) {
  return ctx.facts.Get<BenchFacts>(RequestFor(ctx));
}

const BenchThresholds& Thresholds(const CheckContext& ctx) {
  return ctx.options.bench.thresholds ? *ctx.options.bench.thresholds : BenchThresholds::Builtin();
}

BenchGpu Identify(const CheckContext& ctx, const BenchRun& run) {
  if (!run.report.device) return {};
  return IdentifyBenchGpu(*run.report.device, ctx.facts.Pci(), ctx.facts.Table(), Thresholds(ctx));
}

// "device 0 (AMD Instinct MI300X, gfx942, 0000:c1:00.0)"
std::string DescribeDevice(const BenchRun& run) {
  std::vector<std::string> parts;
  std::optional<std::int64_t> index = run.device;
  if (const auto& d = run.report.device) {
    index = d->index;
    if (d->name) parts.push_back(*d->name);
    if (!d->BaseArch().empty()) parts.push_back(d->BaseArch());
    if (d->pci_bus_id) parts.push_back(*d->pci_bus_id);
  }
  std::string text = index ? "device " + std::to_string(*index) : std::string("the default device");
  if (!parts.empty()) text += " (" + fmt::format("{}", fmt::join(parts, ", ")) + ")";
  return text;
}

std::map<std::string, std::string> Params(const BenchRun& run, std::string_view benchmark) {
  std::map<std::string, std::string> params{{"helper", run.run.Helper()}};
  std::optional<std::int64_t> index = run.device;
  if (run.report.device) index = run.report.device->index;
  params["device"] = index ? std::to_string(*index) : "0";
  if (run.report.device && run.report.device->pci_bus_id) {
    params["bdf"] = *run.report.device->pci_bus_id;
  }
  if (!benchmark.empty()) params["benchmark"] = std::string(benchmark);
  return params;
}

std::string Fig(std::optional<double> value, std::string_view unit) {
  return value ? FormatBenchFigure(*value, unit) : std::string("unknown");
}

// "median 4.12 TB/s (best 4.15, worst 4.05 TB/s; 20 batches x 5 launches, 3.22 GB per launch,
// shader clock 1980 MHz)": the figure with what it rests on.
std::string DescribeFigures(const Measurement& m) {
  std::string text = "median " + Fig(m.median, m.unit);
  if (m.best && m.worst) {
    text += " (best " + Fig(m.best, m.unit) + ", worst " + Fig(m.worst, m.unit);
  } else {
    text += " (";
  }
  std::vector<std::string> sizes;
  if (m.samples) sizes.push_back(std::to_string(*m.samples) + " batches");
  if (m.iterations) sizes.push_back(std::to_string(*m.iterations) + " per batch");
  if (m.bytes)
    sizes.push_back(FormatBenchFigure(static_cast<double>(*m.bytes), "B") + " per launch");
  if (m.clock_mhz_seen)
    sizes.push_back("shader clock " + std::to_string(*m.clock_mhz_seen) + " MHz");
  if (!sizes.empty()) {
    text += (m.best && m.worst ? "; " : "") + fmt::format("{}", fmt::join(sizes, ", "));
  }
  return text + ")";
}

// The report's row for `m`, before judgement.
BenchmarkResult ResultRow(std::string_view check_id, const BenchRun& run, const Measurement& m) {
  BenchmarkResult row;
  row.check = std::string(check_id);
  if (const auto& d = run.report.device) {
    row.device = d->index;
    row.device_name = d->name;
    row.pci = d->pci_bus_id;
  } else {
    row.device = run.device;
  }
  row.name = m.name;
  row.status = std::string(ToString(m.status));
  row.reason = m.reason;
  row.unit = m.unit;
  row.best = m.best;
  row.median = m.median;
  row.worst = m.worst;
  row.spread = m.spread;
  row.samples = m.samples;
  row.iterations = m.iterations;
  row.bytes = m.bytes;
  row.clock_mhz_seen = m.clock_mhz_seen;
  row.sustained_clock_mhz = m.sustained_clock_mhz;
  row.verified = m.verified;
  std::string params = "{";
  for (const auto& [key, value] : m.params) {
    if (params.size() > 1) params += ",";
    // Values are JSON text already; keys are [a-z0-9_] in the helper's output, escaped anyway.
    std::string quoted_key = "\"";
    for (char c : key) {
      if (c == '"' || c == '\\') quoted_key += '\\';
      if (static_cast<unsigned char>(c) >= 0x20) quoted_key += c;
    }
    params += quoted_key + "\":" + (value.empty() ? std::string("null") : value);
  }
  row.params_json = params + "}";
  return row;
}

}  // namespace rocm_doctor::bench
