// SPDX-License-Identifier: MIT
// gpu_metrics::Parse: table-driven, real layouts and hostile bytes.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>

#include "collect/gpu_metrics/gpu_metrics_parse.h"

namespace rocm_doctor {
namespace {

// A table of `size` bytes filled with 0xFF (as smu_cmn_init_soft_gpu_metrics leaves it) with the
// header written; Put writes a little-endian value.
std::string Table(std::size_t size, std::uint8_t format, std::uint8_t content,
                  std::optional<std::uint16_t> header_size = std::nullopt) {
  std::string t(size, '\xff');
  std::uint16_t s = header_size.value_or(static_cast<std::uint16_t>(size));
  t[0] = static_cast<char>(s & 0xff);
  t[1] = static_cast<char>(s >> 8);
  t[2] = static_cast<char>(format);
  t[3] = static_cast<char>(content);
  return t;
}

template <class T>
std::string Put(std::string t, std::size_t offset, T value) {
  for (std::size_t i = 0; i < sizeof(T); ++i) {
    t[offset + i] = static_cast<char>((static_cast<std::uint64_t>(value) >> (8 * i)) & 0xff);
  }
  return t;
}

TEST(GpuMetricsParse, KnownLayoutsReadTheirFields) {
  struct Case {
    std::string name;
    std::string bytes;
    std::optional<std::uint32_t> throttle;
    std::optional<std::uint64_t> indep;
    std::optional<std::uint16_t> activity;
  };
  const Case cases[] = {
      {"v1.0", Put<std::uint16_t>(Put<std::uint32_t>(Table(80, 1, 0), 68, 0x10), 28, 3), 0x10,
       std::nullopt, 3},
      {"v1.1", Put<std::uint32_t>(Table(96, 1, 1), 68, 0), 0, std::nullopt, std::nullopt},
      {"v1.2", Put<std::uint32_t>(Table(104, 1, 2), 68, 5), 5, std::nullopt, std::nullopt},
      {"v1.3",
       Put<std::uint64_t>(Put<std::uint32_t>(Table(120, 1, 3), 68, 0), 112, 0x100000000ULL), 0,
       0x100000000ULL, std::nullopt},
      {"v1.4", Put<std::uint16_t>(Put<std::uint32_t>(Table(288, 1, 4), 40, 0), 12, 0), 0,
       std::nullopt, 0},
      {"v1.5", Put<std::uint32_t>(Table(360, 1, 5), 104, 0x2), 0x2, std::nullopt, std::nullopt},
      {"v1.6", Put<std::uint32_t>(Table(384, 1, 6), 128, 0), 0, std::nullopt, std::nullopt},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Result<GpuMetrics> m = gpu_metrics::Parse(c.bytes);
    ASSERT_TRUE(m.ok()) << m.error();
    EXPECT_EQ(m->Revision(), c.name.substr(1));
    EXPECT_EQ(m->throttle_status, c.throttle);
    EXPECT_EQ(m->indep_throttle_status, c.indep);
    EXPECT_EQ(m->gfx_activity_percent, c.activity);
  }
}

TEST(GpuMetricsParse, V16ResidenciesAtTheirOffsets) {
  std::string t = Table(384, 1, 6);
  t = Put<std::uint32_t>(t, 104, 1000);  // accumulation_counter
  t = Put<std::uint32_t>(t, 108, 0);     // prochot
  t = Put<std::uint32_t>(t, 112, 700);   // ppt
  t = Put<std::uint32_t>(t, 116, 25);    // socket thermal
  t = Put<std::uint32_t>(t, 120, 0);     // VR thermal
  t = Put<std::uint32_t>(t, 124, 3);     // HBM thermal
  Result<GpuMetrics> m = gpu_metrics::Parse(t);
  ASSERT_TRUE(m.ok()) << m.error();
  EXPECT_EQ(m->accumulation_counter, 1000u);
  EXPECT_EQ(m->prochot_residency, 0u);
  EXPECT_EQ(m->ppt_residency, 700u);
  EXPECT_EQ(m->socket_thermal_residency, 25u);
  EXPECT_EQ(m->vr_thermal_residency, 0u);
  EXPECT_EQ(m->hbm_thermal_residency, 3u);
  EXPECT_EQ(m->throttle_status, std::nullopt);  // left 0xFF..: not provided
}

TEST(GpuMetricsParse, NulPaddingOfACaptureIsDropped) {
  // The rx6900xt capture: a 120-byte v1.3 table in a 4096-byte file of NULs.
  std::string t = Put<std::uint32_t>(Table(120, 1, 3), 68, 0) + std::string(4096 - 120, '\0');
  Result<GpuMetrics> m = gpu_metrics::Parse(t);
  ASSERT_TRUE(m.ok()) << m.error();
  EXPECT_EQ(m->throttle_status, 0u);
  // Anything but NULs past the header's size is not padding.
  std::string bad = t;
  bad[2000] = 'x';
  EXPECT_FALSE(gpu_metrics::Parse(bad).ok());
}

TEST(GpuMetricsParse, HostileInputIsAnErrorNeverAGuess) {
  struct Case {
    std::string name;
    std::string bytes;
    std::string error_part;
  };
  const Case cases[] = {
      {"empty", "", "shorter than its 4-byte header"},
      {"three bytes", std::string("\x04\x00\x01", 3), "shorter than its 4-byte header"},
      {"header larger than the read", Table(80, 1, 0, 120), "header says 120 bytes, 80"},
      {"header smaller than the read", Table(96, 1, 1, 80), "header says 80 bytes, 96"},
      {"size of another revision", Table(96, 1, 0), "1.0 is 80 bytes"},
      {"newer revision", Table(400, 1, 7), "newer than the layouts"},
      {"APU format 2", Table(120, 2, 1), "format 2.1 is not read"},
      {"APU format 3", Table(264, 3, 0), "format 3.0 is not read"},
      {"format 0", Table(80, 0, 0), "format 0.0 is not read"},
      {"all NUL", std::string(80, '\0'), "header says 0 bytes"},
      {"all 0xFF", std::string(384, '\xff'), "header says 65535 bytes"},
      {"truncated v1.6", Table(384, 1, 6).substr(0, 200), "header says 384 bytes, 200"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Result<GpuMetrics> m = gpu_metrics::Parse(c.bytes);
    ASSERT_FALSE(m.ok());
    EXPECT_NE(m.error().find(c.error_part), std::string::npos) << m.error();
  }
}

}  // namespace
}  // namespace rocm_doctor
