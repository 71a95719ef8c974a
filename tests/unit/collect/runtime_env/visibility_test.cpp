// SPDX-License-Identifier: MIT
// Device visibility: ROCr's RvdFilter, HIP's list, and the layering of ROCR_VISIBLE_DEVICES,
// HIP_VISIBLE_DEVICES / CUDA_VISIBLE_DEVICES and GPU_DEVICE_ORDINAL. Hostile input.
#include <gtest/gtest.h>

#include "knowledge/env_parse.h"

namespace rocm_doctor::env_parse {
namespace {

using Positions = std::vector<std::size_t>;

// Three GPUs; the second reports no unique_id (consumer cards often do).
constexpr std::uint64_t kIds[] = {0x1234567890abcdefULL, 0, 0xfedcba0987654321ULL};

struct Case {
  std::string_view value;
  Positions selected;
  std::string_view stopped_at;
};

TEST(SelectRocr, Table) {
  const Case cases[] = {
      {"", {}, ""},  // set but empty: zero devices
      {"0", {0}, ""},
      {"2,0", {2, 0}, ""},
      {" 1 , 2", {1, 2}, ""},  // tokens are trimmed
      {"0x2", {2}, ""},        // strtol base 0
      {"01", {1}, ""},
      {"010", {}, "010"},  // octal 8: out of range
      {"-1", {}, "-1"},
      {"3", {}, "3"},
      {"0,3,1", {0}, "3"},  // the list ends at the bad token
      {"0,0,1", {0}, "0"},  // a repeat ends it too
      {"1a", {}, "1a"},
      {"0,,1", {0}, ""},  // empty token
      {"GPU-1234567890ABCDEF", {0}, ""},
      {"gpu-fedcba", {2}, ""},                                 // upper-cased, prefix match
      {"GPU-", {}, "GPU-"},                                    // shorter than 5
      {"GPU-1234567890ABCDEF0", {}, "GPU-1234567890ABCDEF0"},  // longer than 20
      {"GPU-0000", {}, "GPU-0000"},
      {"0,1,2,0", {0, 1, 2}, "0"},  // more tokens than GPUs: the fourth is never read
      {"\xff", {}, "\xff"},
  };
  for (const Case& c : cases) {
    Selection s = SelectRocr(c.value, kIds);
    EXPECT_EQ(s.selected, c.selected) << "'" << c.value << "'";
    if (c.value != "0,,1") EXPECT_EQ(s.stopped_at, c.stopped_at) << "'" << c.value << "'";
  }
}

TEST(SelectRocr, Reasons) {
  EXPECT_EQ(SelectRocr("5", kIds).why, "index out of range (3 GPUs)");
  EXPECT_EQ(SelectRocr("0,0", kIds).why, "repeats an earlier device (ROCr ends the list there)");
  EXPECT_EQ(SelectRocr("0,,1", kIds).why, "empty token");
  EXPECT_EQ(SelectRocr("0,1,2,0", kIds).why, "more tokens than GPUs (ROCr reads only the first 3)");
  constexpr std::uint64_t kNoIds[] = {0, 0};
  EXPECT_EQ(SelectRocr("GPU-1234", kNoIds).why,
            "matches no GPU's UUID (these GPUs report unique_id 0: UUIDs cannot select them)");
  Selection s = SelectRocr("0,7,1", kIds);
  EXPECT_EQ(s.tokens, 3u);
  EXPECT_EQ(s.unused, 2u);
}

TEST(SelectRocr, AmbiguousUuidPrefix) {
  constexpr std::uint64_t kTwins[] = {0x1111000000000000ULL, 0x1111000000000001ULL};
  Selection s = SelectRocr("GPU-1111", kTwins);
  EXPECT_TRUE(s.selected.empty());
  EXPECT_EQ(s.why, "matches more than one GPU's UUID");
}

TEST(SelectHip, Table) {
  const Case cases[] = {
      {"0", {0}, ""},
      {"-1", {}, "-1"},  // ollama's "use the CPU"
      {"1,0", {1, 0}, ""},
      {"0,5,1", {0}, "5"},    // HIP stops at the first invalid token
      {"0,0,1", {0, 1}, ""},  // a repeated index is skipped
      {"a", {}, "a"},
      {"0 ", {}, "0 "},
      {"+1", {}, "+1"},
      {"99999999999", {}, "99999999999"},
      {"GPU-FEDCBA0987654321", {2}, ""},
      {"0,", {0}, ""},
  };
  for (const Case& c : cases) {
    Selection s = SelectHip(c.value, kIds);
    EXPECT_EQ(s.selected, c.selected) << "'" << c.value << "'";
    if (c.value != "0,") EXPECT_EQ(s.stopped_at, c.stopped_at) << "'" << c.value << "'";
  }
  EXPECT_EQ(SelectHip("-1", kIds).why, "negative index");
  EXPECT_EQ(SelectHip("4", kIds).why, "index out of range (3 GPUs visible to HIP)");
}

RuntimeEnvFacts Env(std::initializer_list<std::pair<const char*, const char*>> vars) {
  RuntimeEnvFacts env;
  for (const auto& [name, value] : vars) {
    EnvSetting s{name, value};
    std::string n = name;
    if (n == "ROCR_VISIBLE_DEVICES") env.rocr_visible_devices = s;
    if (n == "HIP_VISIBLE_DEVICES") env.hip_visible_devices = s;
    if (n == "CUDA_VISIBLE_DEVICES") env.cuda_visible_devices = s;
    if (n == "GPU_DEVICE_ORDINAL") env.gpu_device_ordinal = s;
  }
  return env;
}

TEST(ResolveVisibility, NothingSet) {
  Visibility v = ResolveVisibility(Env({}), kIds);
  EXPECT_FALSE(v.AnyVariableSet());
  EXPECT_EQ(v.hip, (Positions{0, 1, 2}));
}

TEST(ResolveVisibility, HipIndexesTheRocrFilteredList) {
  // Parsl#3858: ROCR_VISIBLE_DEVICES=1 CUDA_VISIBLE_DEVICES=1 -> no device.
  Visibility v =
      ResolveVisibility(Env({{"ROCR_VISIBLE_DEVICES", "1"}, {"CUDA_VISIBLE_DEVICES", "1"}}), kIds);
  EXPECT_EQ(v.rocr, (Positions{1}));
  EXPECT_EQ(v.hip_variable, "CUDA_VISIBLE_DEVICES");
  EXPECT_TRUE(v.hip.empty());
  v = ResolveVisibility(Env({{"ROCR_VISIBLE_DEVICES", "2,1"}, {"HIP_VISIBLE_DEVICES", "1"}}), kIds);
  EXPECT_EQ(v.hip, (Positions{1}));
}

TEST(ResolveVisibility, EmptyHipFallsBackToCuda) {
  Visibility v =
      ResolveVisibility(Env({{"HIP_VISIBLE_DEVICES", ""}, {"CUDA_VISIBLE_DEVICES", "2"}}), kIds);
  EXPECT_EQ(v.hip_variable, "CUDA_VISIBLE_DEVICES");
  EXPECT_EQ(v.hip, (Positions{2}));
  v = ResolveVisibility(Env({{"HIP_VISIBLE_DEVICES", "0"}, {"CUDA_VISIBLE_DEVICES", "2"}}), kIds);
  EXPECT_EQ(v.hip_variable, "HIP_VISIBLE_DEVICES");
  EXPECT_EQ(v.hip, (Positions{0}));
  v = ResolveVisibility(Env({{"HIP_VISIBLE_DEVICES", ""}}), kIds);
  EXPECT_FALSE(v.AnyVariableSet());
  EXPECT_EQ(v.hip.size(), 3u);
}

TEST(ResolveVisibility, RocrEmptyHidesEverything) {
  Visibility v = ResolveVisibility(Env({{"ROCR_VISIBLE_DEVICES", ""}}), kIds);
  EXPECT_TRUE(v.rocr.empty());
  EXPECT_TRUE(v.hip.empty());
}

TEST(ResolveVisibility, OrdinalIsItsOwnLayer) {
  Visibility v = ResolveVisibility(Env({{"GPU_DEVICE_ORDINAL", "7"}}), kIds);
  EXPECT_EQ(v.hip.size(), 3u);
  ASSERT_TRUE(v.ordinal.has_value());
  EXPECT_TRUE(v.ordinal->empty());
}

TEST(ResolveVisibility, NoGpus) {
  Visibility v = ResolveVisibility(Env({{"HIP_VISIBLE_DEVICES", "0"}}), {});
  EXPECT_TRUE(v.hip.empty());
}

}  // namespace
}  // namespace rocm_doctor::env_parse
