// SPDX-License-Identifier: MIT
// AMD telemetry from amdgpu's sysfs files (kernel ABI: Documentation/gpu/amdgpu/thermal.rst,
// "hwmon interfaces" and "GPU sysfs Power State Interfaces"; gpu_metrics layouts in
// drivers/gpu/drm/amd/include/kgd_pp_interface.h): hwmon power1_average / power1_input and
// power1_cap in microwatts, temp1_input (edge), temp2_input (junction), temp3_input (mem) in
// millidegrees Celsius; pp_dpm_sclk / pp_dpm_mclk with the current level marked '*'.
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <system_error>

#include "hip/bench/amd_clock.h"
#include "hip/bench/telemetry.h"

namespace rocm_doctor::hip_helper {

std::optional<double> ParseSysfsNumber(std::string_view text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.remove_suffix(1);
  if (text.empty()) return std::nullopt;
  long long value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return static_cast<double>(value);
}

namespace {

template <class T>
T At(const std::vector<std::uint8_t>& bytes, std::size_t offset) {
  T value;
  std::memcpy(&value, bytes.data() + offset, sizeof(T));
  return value;
}

}  // namespace

GpuMetricsThrottle ParseGpuMetricsThrottle(const std::vector<std::uint8_t>& bytes) {
  GpuMetricsThrottle out;
  if (bytes.size() < 4) {
    out.error = "gpu_metrics: shorter than its header";
    return out;
  }
  // struct metrics_table_header { u16 structure_size; u8 format_revision; u8 content_revision; }
  const int format = bytes[2];
  const int content = bytes[3];
  const std::string version = std::to_string(format) + "." + std::to_string(content);
  // gpu_metrics_v1_3 (MI200, RDNA2/3): u64 indep_throttle_status at byte 112, after the
  // voltages; v1_4 / v1_5 (MI300, SMU 13.0.6): u32 throttle_status at 40 / 104, in SMU 13.0.6's
  // own bits.
  std::size_t offset = 0;
  std::size_t width = 0;
  if (format == 1 && content == 3) offset = 112, width = 8;
  if (format == 1 && content == 4) offset = 40, width = 4;
  if (format == 1 && content == 5) offset = 104, width = 4;
  if (width == 0) {
    out.error = "gpu_metrics format " + version + ": throttle status not read by this helper";
    return out;
  }
  if (bytes.size() < offset + width) {
    out.error = "gpu_metrics " + version + ": " + std::to_string(bytes.size()) +
                " bytes, too short for its throttle status";
    return out;
  }
  out.present = true;
  out.raw = width == 8 ? SmuIndependentThrottlerNames(At<std::uint64_t>(bytes, offset))
                       : Smu1306ThrottlerNames(At<std::uint32_t>(bytes, offset));
  return out;
}

namespace {

std::optional<std::string> ReadText(const std::string& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

class SysfsTelemetry final : public TelemetrySource {
 public:
  explicit SysfsTelemetry(std::string dir) : dir_(std::move(dir)) { Find(); }
  const char* name() const override { return "sysfs"; }
  bool started() const override { return started_; }
  std::optional<std::string> error() const override {
    if (notes_.empty()) return std::nullopt;
    return notes_;
  }

  std::optional<double> PowerLimitW() override {
    if (hwmon_.empty()) return std::nullopt;
    const auto text = ReadText(hwmon_ + "/power1_cap");
    const auto uw = text ? ParseSysfsNumber(*text) : std::nullopt;
    if (!uw) return std::nullopt;
    return *uw / 1e6;
  }

  TelemetrySample Read() override {
    TelemetrySample s;
    if (!power_file_.empty()) s.power_w = Micro(power_file_, 1e6);
    if (!hwmon_.empty()) {
      s.temperature_c = Micro(hwmon_ + "/temp2_input", 1e3);
      if (!s.temperature_c) s.temperature_c = Micro(hwmon_ + "/temp1_input", 1e3);
      s.memory_temperature_c = Micro(hwmon_ + "/temp3_input", 1e3);
    }
    if (const auto text = ReadText(dir_ + "/pp_dpm_sclk")) {
      if (const auto mhz = ParseCurrentDpmClockMhz(*text)) s.sclk_mhz = *mhz;
    }
    if (const auto text = ReadText(dir_ + "/pp_dpm_mclk")) {
      if (const auto mhz = ParseCurrentDpmClockMhz(*text)) s.mclk_mhz = *mhz;
    }
    if (metrics_) {
      std::ifstream in(dir_ + "/gpu_metrics", std::ios::binary);
      const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                            std::istreambuf_iterator<char>());
      s.raw_reasons = ParseGpuMetricsThrottle(bytes).raw;
    }
    return s;
  }

 private:
  static std::optional<double> Micro(const std::string& path, double per_unit) {
    const auto text = ReadText(path);
    const auto value = text ? ParseSysfsNumber(*text) : std::nullopt;
    if (!value) return std::nullopt;
    return *value / per_unit;
  }

  void Note(const std::string& note) { notes_ += (notes_.empty() ? "" : "; ") + note; }

  void Find() {
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(dir_ + "/hwmon", ec)) {
      if (entry.path().filename().string().rfind("hwmon", 0) == 0) {
        hwmon_ = entry.path().string();
        break;
      }
    }
    if (hwmon_.empty()) {
      Note(dir_ + "/hwmon: no hwmon directory");
    } else if (std::filesystem::exists(hwmon_ + "/power1_average", ec)) {
      power_file_ = hwmon_ + "/power1_average";
    } else if (std::filesystem::exists(hwmon_ + "/power1_input", ec)) {
      power_file_ = hwmon_ + "/power1_input";
    } else {
      Note("hwmon: no power1_average or power1_input");
    }
    if (!std::filesystem::exists(dir_ + "/pp_dpm_sclk", ec)) Note("no pp_dpm_sclk");
    std::ifstream in(dir_ + "/gpu_metrics", std::ios::binary);
    if (!in) {
      Note("no gpu_metrics: throttle status not available");
    } else {
      const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                            std::istreambuf_iterator<char>());
      const GpuMetricsThrottle parsed = ParseGpuMetricsThrottle(bytes);
      metrics_ = parsed.present;
      if (parsed.error) Note(*parsed.error);
    }
    started_ = !hwmon_.empty() || std::filesystem::exists(dir_ + "/pp_dpm_sclk", ec);
  }

  std::string dir_;
  std::string hwmon_;
  std::string power_file_;
  bool metrics_ = false;
  bool started_ = false;
  std::string notes_;
};

}  // namespace

std::unique_ptr<TelemetrySource> OpenSysfsTelemetry(const std::string& device_dir) {
  return std::make_unique<SysfsTelemetry>(device_dir);
}

}  // namespace rocm_doctor::hip_helper
