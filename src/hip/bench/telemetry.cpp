// SPDX-License-Identifier: MIT
// The sampler thread, the summary of its samples and its JSON.
#include "hip/bench/telemetry.h"

#include <algorithm>
#include <chrono>
#include <map>

#include "hip/bench/bench_stats.h"
#include "hip/json_writer.h"

namespace rocm_doctor::hip_helper {
namespace {

std::optional<MinMedMax> Spread(const std::vector<TelemetrySample>& samples,
                                std::optional<double> TelemetrySample::*field) {
  std::vector<double> values;
  for (const TelemetrySample& s : samples) {
    if (s.*field) values.push_back(*(s.*field));
  }
  if (values.empty()) return std::nullopt;
  MinMedMax out;
  out.min = *std::min_element(values.begin(), values.end());
  out.max = *std::max_element(values.begin(), values.end());
  out.median = Median(values).value_or(out.min);
  return out;
}

void WriteSpread(JsonWriter& json, const char* key, const std::optional<MinMedMax>& spread) {
  json.Key(key);
  if (!spread) {
    json.Null();
    return;
  }
  json.BeginObject();
  json.Key("min").Double(spread->min);
  json.Key("median").Double(spread->median);
  json.Key("max").Double(spread->max);
  json.EndObject();
}

}  // namespace

TelemetrySummary SummarizeTelemetry(const std::optional<std::string>& source, int interval_ms,
                                    const std::vector<TelemetrySample>& samples,
                                    std::optional<double> power_limit_w,
                                    std::optional<std::string> error) {
  TelemetrySummary s;
  s.source = source;
  s.interval_ms = interval_ms;
  s.count = static_cast<std::int64_t>(samples.size());
  s.power_w = Spread(samples, &TelemetrySample::power_w);
  s.power_limit_w = power_limit_w;
  s.temperature_c = Spread(samples, &TelemetrySample::temperature_c);
  s.memory_temperature_c = Spread(samples, &TelemetrySample::memory_temperature_c);
  s.sclk_mhz = Spread(samples, &TelemetrySample::sclk_mhz);
  s.mclk_mhz = Spread(samples, &TelemetrySample::mclk_mhz);
  std::map<std::string, std::int64_t> seen;  // raw name -> samples it was active in
  for (const TelemetrySample& sample : samples) {
    for (const std::string& raw : sample.raw_reasons) ++seen[raw];
  }
  for (const auto& [raw, count] : seen) {
    s.throttle.push_back({ThrottleReasonOf(raw),
                          static_cast<double>(count) / static_cast<double>(samples.size()), raw});
  }
  std::stable_sort(s.throttle.begin(), s.throttle.end(),
                   [](const ThrottleShare& a, const ThrottleShare& b) {
                     return a.fraction > b.fraction;
                   });
  if (samples.empty() && !error) error = "no samples taken";
  s.error = std::move(error);
  return s;
}

std::string TelemetryJson(const TelemetrySummary& s) {
  JsonWriter json;
  json.BeginObject();
  json.Key("source").NullableString(s.source);
  json.Key("interval_ms").Int(s.interval_ms);
  json.Key("count").Int(s.count);
  WriteSpread(json, "power_w", s.power_w);
  json.Key("power_limit_w");
  if (s.power_limit_w) {
    json.Double(*s.power_limit_w);
  } else {
    json.Null();
  }
  WriteSpread(json, "temperature_c", s.temperature_c);
  WriteSpread(json, "memory_temperature_c", s.memory_temperature_c);
  WriteSpread(json, "sclk_mhz", s.sclk_mhz);
  WriteSpread(json, "mclk_mhz", s.mclk_mhz);
  json.Key("throttle").BeginArray();
  for (const ThrottleShare& t : s.throttle) {
    json.BeginObject();
    json.Key("reason").String(t.reason);
    json.Key("fraction").Double(t.fraction);
    json.Key("raw").String(t.raw);
    json.EndObject();
  }
  json.EndArray();
  json.Key("error").NullableString(s.error);
  json.EndObject();
  return json.str();
}

TelemetrySampler::TelemetrySampler(TelemetrySource* source, int interval_ms)
    : source_(source), interval_ms_(interval_ms) {}

TelemetrySampler::~TelemetrySampler() {
  if (thread_.joinable()) Stop();
}

void TelemetrySampler::Start() {
  if (source_ == nullptr || !source_->started() || thread_.joinable()) return;
  stop_ = false;
  samples_.clear();
  thread_ = std::thread([this] {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!stop_) {
      lock.unlock();
      TelemetrySample sample = source_->Read();  // file reads / NVML calls outside the lock
      lock.lock();
      samples_.push_back(std::move(sample));
      wake_.wait_for(lock, std::chrono::milliseconds(interval_ms_), [this] { return stop_; });
    }
  });
}

TelemetrySummary TelemetrySampler::Stop() {
  if (thread_.joinable()) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }
  if (source_ == nullptr) {
    return SummarizeTelemetry(std::nullopt, interval_ms_, {}, std::nullopt,
                              std::string("no telemetry source"));
  }
  std::optional<std::string> source;
  if (source_->started()) source = source_->name();
  return SummarizeTelemetry(source, interval_ms_, samples_, source_->PowerLimitW(),
                            source_->error());
}

}  // namespace rocm_doctor::hip_helper
