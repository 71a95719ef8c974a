// SPDX-License-Identifier: MIT
#include "rocm_doctor/status.h"

#include <gtest/gtest.h>

namespace rocm_doctor {
namespace {

TEST(Status, RoundTripsThroughItsName) {
  for (Status s : {Status::kPass, Status::kSkip, Status::kInfo, Status::kWarn, Status::kUnknown,
                   Status::kTimeout, Status::kError, Status::kFail}) {
    EXPECT_EQ(StatusFromString(ToString(s)), s);
  }
  EXPECT_FALSE(StatusFromString("PASS").has_value());
}

TEST(Status, WorseRanksFailAboveIndeterminateAboveWarn) {
  EXPECT_EQ(Worse(Status::kWarn, Status::kFail), Status::kFail);
  EXPECT_EQ(Worse(Status::kUnknown, Status::kWarn), Status::kUnknown);
  EXPECT_EQ(Worse(Status::kPass, Status::kInfo), Status::kInfo);
  EXPECT_TRUE(IsIndeterminate(Status::kTimeout));
  EXPECT_FALSE(IsIndeterminate(Status::kSkip));
}

TEST(Layer, NamesAndTitles) {
  EXPECT_EQ(ToString(Layer::kDriver), "driver");
  EXPECT_EQ(LayerTitle(Layer::kRuntime), "HIP runtime");
  EXPECT_EQ(LayerFromString("libraries"), Layer::kLibraries);
  EXPECT_FALSE(LayerFromString("firmware").has_value());
}

}  // namespace
}  // namespace rocm_doctor
