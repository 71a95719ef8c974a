// SPDX-License-Identifier: MIT
// The ABI the probe declares for itself (src/collect/rocm_smi/rocm_smi_abi.h): status names, BDFID
// decoding and, where rocm-smi-lib's own header is installed (Debian librocm-smi-dev), every
// value and size the probe relies on, compared with that header.
#include "collect/rocm_smi/rocm_smi_abi.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <string>

#if __has_include(<rocm_smi/rocm_smi.h>)
#include <rocm_smi/rocm_smi.h>
#define ROCMDOC_HAVE_RSMI_HEADER 1
#endif

namespace rocm_doctor::rsmi_abi {
namespace {

TEST(RocmSmiAbi, StatusNames) {
  EXPECT_EQ(StatusName(0), "RSMI_STATUS_SUCCESS");
  EXPECT_EQ(StatusName(2), "RSMI_STATUS_NOT_SUPPORTED");
  EXPECT_EQ(StatusName(8), "RSMI_STATUS_INIT_ERROR");
  EXPECT_EQ(StatusName(17), "RSMI_STATUS_REFCOUNT_OVERFLOW");
  EXPECT_EQ(StatusName(0xFFFFFFFFu), "RSMI_STATUS_UNKNOWN_ERROR");
  EXPECT_EQ(StatusName(4660), "rsmi_status_t 4660");
}

TEST(RocmSmiAbi, BdfidDecoding) {
  EXPECT_EQ(BdfFromBdfid(0x0300), "0000:03:00.0");
  EXPECT_EQ(BdfFromBdfid(12032), "0000:2f:00.0");  // rocminfo BDFID of a Radeon VII
  EXPECT_EQ(BdfFromBdfid((0x1ull << 32) | 0xc10b), "0001:c1:01.3");
  // ROCm 6 keeps a partition id in bits 31..28: not part of the address.
  EXPECT_EQ(BdfFromBdfid(0x30000000u | 0xc100), "0000:c1:00.0");
}

#ifdef ROCMDOC_HAVE_RSMI_HEADER
TEST(RocmSmiAbi, MatchesTheInstalledHeader) {
  EXPECT_EQ(sizeof(rsmi_status_t), sizeof(Status));
  EXPECT_EQ(kSuccess, static_cast<Status>(RSMI_STATUS_SUCCESS));
  EXPECT_EQ(kNotSupported, static_cast<Status>(RSMI_STATUS_NOT_SUPPORTED));
  const std::pair<rsmi_status_t, const char*> names[] = {
      {RSMI_STATUS_INVALID_ARGS, "RSMI_STATUS_INVALID_ARGS"},
      {RSMI_STATUS_PERMISSION, "RSMI_STATUS_PERMISSION"},
      {RSMI_STATUS_INIT_ERROR, "RSMI_STATUS_INIT_ERROR"},
      {RSMI_STATUS_NOT_FOUND, "RSMI_STATUS_NOT_FOUND"},
      {RSMI_STATUS_BUSY, "RSMI_STATUS_BUSY"},
      {RSMI_STATUS_REFCOUNT_OVERFLOW, "RSMI_STATUS_REFCOUNT_OVERFLOW"},
      {RSMI_STATUS_UNKNOWN_ERROR, "RSMI_STATUS_UNKNOWN_ERROR"},
  };
  for (const auto& [value, name] : names) EXPECT_EQ(StatusName(value), name);

  EXPECT_EQ(kSwCompDriver, static_cast<std::uint32_t>(RSMI_SW_COMP_DRIVER));
  EXPECT_EQ(kMemTypeVram, static_cast<std::uint32_t>(RSMI_MEM_TYPE_VRAM));
  EXPECT_EQ(kGpuBlockUmc, static_cast<std::uint64_t>(RSMI_GPU_BLOCK_UMC));
  EXPECT_EQ(sizeof(rsmi_gpu_block_t), sizeof(GpuBlock));
  EXPECT_EQ(sizeof(rsmi_fw_block_t), sizeof(std::uint32_t));
  EXPECT_EQ(sizeof(rsmi_memory_type_t), sizeof(std::uint32_t));
  EXPECT_EQ(sizeof(rsmi_sw_component_t), sizeof(std::uint32_t));
  const std::pair<rsmi_fw_block_t, const char*> blocks[] = {{RSMI_FW_BLOCK_ASD, "asd"},
                                                            {RSMI_FW_BLOCK_CE, "ce"},
                                                            {RSMI_FW_BLOCK_ME, "me"},
                                                            {RSMI_FW_BLOCK_MEC, "mec"},
                                                            {RSMI_FW_BLOCK_MEC2, "mec2"}};
  ASSERT_EQ(std::size(kFwBlocks), std::size(blocks));
  for (std::size_t i = 0; i < std::size(blocks); ++i) {
    EXPECT_EQ(kFwBlocks[i].value, static_cast<std::uint32_t>(blocks[i].first));
    EXPECT_STREQ(kFwBlocks[i].name, blocks[i].second);
  }

  EXPECT_EQ(sizeof(rsmi_version_t), sizeof(Version));
  EXPECT_EQ(offsetof(rsmi_version_t, patch), offsetof(Version, patch));
  EXPECT_EQ(offsetof(rsmi_version_t, build), offsetof(Version, build));
  EXPECT_EQ(sizeof(rsmi_error_count_t), sizeof(ErrorCount));
  EXPECT_EQ(offsetof(rsmi_error_count_t, uncorrectable_err),
            offsetof(ErrorCount, uncorrectable_err));
}
#endif

}  // namespace
}  // namespace rocm_doctor::rsmi_abi
