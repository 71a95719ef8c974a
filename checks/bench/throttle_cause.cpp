// SPDX-License-Identifier: MIT
// The cause of a shortfall named from the helper's telemetry samples (throttle_cause.h).
#include "throttle_cause.h"

#include <fmt/format.h>

#include <map>
#include <vector>

namespace rocm_doctor::bench {
namespace {

// The helper's reason words (docs/hip-helper.md's mapping of NVML's clock event reasons and
// amdgpu's SMU_THROTTLER_* bits) grouped into the three causes a report names.
std::string CauseOf(const std::string& reason) {
  if (reason == "power_cap" || reason == "sw_power") return "power cap";
  if (reason == "thermal") return "thermal limit";
  if (reason == "memory_thermal" || reason == "hbm") return "memory (HBM) limit";
  return {};
}

std::string Range(const std::optional<TelemetryRange>& r, std::string_view unit) {
  if (!r || !r->median) return {};
  std::string text = fmt::format("{:.0f} {}", *r->median, unit);
  if (r->min && r->max && *r->min != *r->max) {
    text += fmt::format(" ({:.0f}–{:.0f})", *r->min, *r->max);
  }
  return text;
}

}  // namespace

std::string DescribeTelemetry(const BenchTelemetry& t) {
  std::vector<std::string> parts;
  if (std::string p = Range(t.power_w, "W"); !p.empty()) {
    if (t.power_limit_w) p += fmt::format(", limit {:.0f} W", *t.power_limit_w);
    parts.push_back("power " + p);
  }
  if (std::string c = Range(t.temperature_c, "°C"); !c.empty()) parts.push_back("GPU " + c);
  if (std::string c = Range(t.memory_temperature_c, "°C"); !c.empty()) parts.push_back("HBM " + c);
  if (std::string c = Range(t.sclk_mhz, "MHz"); !c.empty()) parts.push_back("shader clock " + c);
  if (std::string c = Range(t.mclk_mhz, "MHz"); !c.empty()) parts.push_back("memory clock " + c);
  std::vector<std::string> reasons;
  for (const ThrottleShare& s : t.throttle) {
    reasons.push_back(fmt::format("{} {:.0f}%", s.raw.empty() ? s.reason : s.raw, s.fraction * 100));
  }
  parts.push_back(reasons.empty() ? std::string("no throttle reason active")
                                  : "throttle " + fmt::format("{}", fmt::join(reasons, ", ")));
  std::string text = fmt::format("{}", fmt::join(parts, ", "));
  if (t.count) {
    text += fmt::format("; {} samples", *t.count);
    if (t.interval_ms) text += fmt::format(" every {} ms", *t.interval_ms);
  }
  if (t.source) text += " (" + *t.source + ")";
  if (t.error) text += "; missing readings: " + *t.error;
  return text;
}

ThrottleCause NameThrottleCause(const Measurement& m, const std::string& source) {
  ThrottleCause cause;
  if (!m.telemetry || !m.telemetry->count || *m.telemetry->count == 0) {
    cause.name = "unknown";
    cause.text = "unknown, no telemetry samples";
    if (m.telemetry && m.telemetry->error) cause.text += " (" + *m.telemetry->error + ")";
    return cause;
  }
  const BenchTelemetry& t = *m.telemetry;
  cause.evidence = Evidence{source + " (" + m.name + " telemetry)", DescribeTelemetry(t),
                            "no power, thermal or memory limit active"};
  // The cause whose reasons were active in the largest share of the samples; the raw names that
  // made it, for the text.
  std::map<std::string, double> share;
  std::map<std::string, std::vector<std::string>> raws;
  for (const ThrottleShare& s : t.throttle) {
    const std::string c = CauseOf(s.reason);
    if (c.empty() || s.fraction < kThrottleShareCounted) continue;
    share[c] = std::max(share[c], s.fraction);
    raws[c].push_back(
        fmt::format("{} active in {:.0f}%", s.raw.empty() ? s.reason : s.raw, s.fraction * 100));
  }
  std::string best;
  for (const auto& [c, f] : share) {
    if (best.empty() || f > share[best]) best = c;
  }
  const std::string samples = fmt::format(" of {} samples", *t.count);
  if (!best.empty()) {
    cause.name = best;
    cause.text = best + ": " + fmt::format("{}", fmt::join(raws[best], ", ")) + samples;
  } else if (t.power_w && t.power_w->median && t.power_limit_w && *t.power_limit_w > 0 &&
             *t.power_w->median >= kPowerAtLimit * *t.power_limit_w) {
    cause.name = "power cap";
    cause.text = fmt::format("power cap: {:.0f} W median against its {:.0f} W limit{}",
                             *t.power_w->median, *t.power_limit_w, samples);
  } else {
    cause.name = "none seen";
    cause.text = "no power, thermal or memory limit seen in " + std::to_string(*t.count) +
                 " samples (a GPU with compute units fenced off, another process on it, or a "
                 "slow BLAS kernel for this shape)";
    return cause;
  }
  if (t.power_w && t.power_w->median) {
    cause.text += fmt::format(", power {:.0f} W median", *t.power_w->median);
    if (t.power_limit_w) cause.text += fmt::format(" of its {:.0f} W limit", *t.power_limit_w);
    // NVML reports SwPowerCap on the H200 with the board reading a fraction of its limit
    // (tests/fixtures/bench/matrix/: 336 W of 700 W): the source's reason, said as it is.
    if (best == "power cap" && t.power_limit_w && *t.power_limit_w > 0 &&
        *t.power_w->median < kPowerFarBelowLimit * *t.power_limit_w) {
      cause.text += fmt::format(" ({:.0f}% of it: the cap is the source's own reason, not seen in "
                                "the power reading)",
                                100 * *t.power_w->median / *t.power_limit_w);
    }
  }
  if (cause.name == "thermal limit" && t.temperature_c && t.temperature_c->max) {
    cause.text += fmt::format(", GPU up to {:.0f} °C", *t.temperature_c->max);
  }
  if (cause.name == "memory (HBM) limit" && t.memory_temperature_c &&
      t.memory_temperature_c->max) {
    cause.text += fmt::format(", HBM up to {:.0f} °C", *t.memory_temperature_c->max);
  }
  if (t.sclk_mhz && t.sclk_mhz->median) {
    cause.text += fmt::format(", shader clock {:.0f} MHz median", *t.sclk_mhz->median);
  }
  return cause;
}

}  // namespace rocm_doctor::bench
