// SPDX-License-Identifier: MIT
#include "collect/gpu_metrics/gpu_metrics_parse.h"

#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>

namespace rocm_doctor::gpu_metrics {
namespace {

// Byte offsets of the fields read, per revision of format 1 (dGPU), computed with offsetof() over
// the structs of drivers/gpu/drm/amd/include/kgd_pp_interface.h (torvalds/linux at
// 00dedab07b52ca16107e82ce5ca7caaaedf6a417; natural alignment, no packing):
//   struct metrics_table_header { u16 structure_size; u8 format_revision; u8 content_revision; }
//   v1_0  sizeof 80   average_gfx_activity 28  throttle_status 68
//   v1_1  sizeof 96   average_gfx_activity 16  throttle_status 68
//   v1_2  sizeof 104  average_gfx_activity 16  throttle_status 68
//   v1_3  sizeof 120  average_gfx_activity 16  throttle_status 68  indep_throttle_status 112
//   v1_4  sizeof 288  average_gfx_activity 12  throttle_status 40
//   v1_5  sizeof 360  average_gfx_activity 12  throttle_status 104
//   v1_6  sizeof 384  average_gfx_activity 12  throttle_status 128; accumulation_counter 104,
//         prochot_residency_acc 108, ppt_residency_acc 112, socket_thm_residency_acc 116,
//         vr_thm_residency_acc 120, hbm_thm_residency_acc 124
// 0 marks a field the revision does not have (no field sits at offset 0: the header does).
struct Layout {
  std::uint8_t content;
  std::uint16_t size;
  std::uint16_t gfx_activity;
  std::uint16_t throttle;
  std::uint16_t indep_throttle;
  std::uint16_t residency;  // v1.6: six u32 from accumulation_counter on
};

constexpr std::array<Layout, 7> kFormat1 = {{
    {0, 80, 28, 68, 0, 0},
    {1, 96, 16, 68, 0, 0},
    {2, 104, 16, 68, 0, 0},
    {3, 120, 16, 68, 112, 0},
    {4, 288, 12, 40, 0, 0},
    {5, 360, 12, 104, 0, 0},
    {6, 384, 12, 128, 0, 104},
}};

// Little-endian, as amdgpu writes it on the x86-64 and arm64 hosts it supports.
template <class T>
T Load(std::string_view bytes, std::size_t offset) {
  T v = 0;
  for (std::size_t i = 0; i < sizeof(T); ++i) {
    v |= static_cast<T>(static_cast<T>(static_cast<unsigned char>(bytes[offset + i])) << (8 * i));
  }
  return v;
}

// The kernel fills the table with 0xFF before the SMU code writes what it has
// (smu_cmn_init_soft_gpu_metrics): all ones is "not provided".
template <class T>
std::optional<T> Field(std::string_view bytes, std::uint16_t offset) {
  if (offset == 0) return std::nullopt;
  T v = Load<T>(bytes, offset);
  if (v == std::numeric_limits<T>::max()) return std::nullopt;
  return v;
}

}  // namespace

Result<GpuMetrics> Parse(std::string_view bytes) {
  if (bytes.size() < 4) {
    return Error{"shorter than its 4-byte header (" + std::to_string(bytes.size()) + " bytes)"};
  }
  GpuMetrics m;
  m.structure_size = Load<std::uint16_t>(bytes, 0);
  m.format_revision = static_cast<std::uint8_t>(bytes[2]);
  m.content_revision = static_cast<std::uint8_t>(bytes[3]);
  // A live read returns exactly structure_size bytes (amdgpu_get_gpu_metrics); a capture tool
  // that stores a whole page pads it with NULs (the rx6900xt capture of tests/data/captures:
  // 120 bytes of v1.3 in a 4096-byte file). NUL padding is dropped; any other excess is not.
  if (m.structure_size < bytes.size() && m.structure_size >= 4 &&
      bytes.find_first_not_of('\0', m.structure_size) == std::string_view::npos) {
    bytes = bytes.substr(0, m.structure_size);
  }
  if (m.structure_size != bytes.size()) {
    return Error{"the header says " + std::to_string(m.structure_size) + " bytes, " +
                 std::to_string(bytes.size()) + " were read"};
  }
  if (m.format_revision != 1) {
    return Error{"format " + m.Revision() +
                 " is not read (format 1 is the dGPU table; 2 and 3 are APU tables)"};
  }
  const Layout* layout = nullptr;
  for (const Layout& l : kFormat1) {
    if (l.content == m.content_revision) layout = &l;
  }
  if (layout == nullptr) {
    return Error{"revision " + m.Revision() +
                 " is newer than the layouts this build knows (1.0 to 1.6); not guessed"};
  }
  if (layout->size != m.structure_size) {
    return Error{"revision " + m.Revision() + " is " + std::to_string(layout->size) +
                 " bytes in kgd_pp_interface.h, the table has " +
                 std::to_string(m.structure_size)};
  }
  m.gfx_activity_percent = Field<std::uint16_t>(bytes, layout->gfx_activity);
  m.throttle_status = Field<std::uint32_t>(bytes, layout->throttle);
  m.indep_throttle_status = Field<std::uint64_t>(bytes, layout->indep_throttle);
  if (layout->residency != 0) {
    const std::uint16_t r = layout->residency;
    m.accumulation_counter = Field<std::uint32_t>(bytes, r);
    m.prochot_residency = Field<std::uint32_t>(bytes, static_cast<std::uint16_t>(r + 4));
    m.ppt_residency = Field<std::uint32_t>(bytes, static_cast<std::uint16_t>(r + 8));
    m.socket_thermal_residency = Field<std::uint32_t>(bytes, static_cast<std::uint16_t>(r + 12));
    m.vr_thermal_residency = Field<std::uint32_t>(bytes, static_cast<std::uint16_t>(r + 16));
    m.hbm_thermal_residency = Field<std::uint32_t>(bytes, static_cast<std::uint16_t>(r + 20));
  }
  return m;
}

}  // namespace rocm_doctor::gpu_metrics
