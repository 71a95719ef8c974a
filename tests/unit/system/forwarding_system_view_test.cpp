// SPDX-License-Identifier: MIT
// ForwardingSystemView (include/rocm_doctor/forwarding_system_view.h): a decorator that overrides
// one primitive answers every other one from its inner view, unchanged.
#include "rocm_doctor/forwarding_system_view.h"

#include <gtest/gtest.h>

#include <memory>

#include "support/fake_system_view.h"

namespace rocm_doctor {
namespace {

class OnlyRunDiffers : public ForwardingSystemView {
 public:
  using ForwardingSystemView::ForwardingSystemView;
  CommandOutcome Run(const CommandSpec& spec) const override {
    CommandOutcome out = inner().Run(spec);
    out.out += " (decorated)";
    return out;
  }
};

TEST(ForwardingSystemView, EveryPrimitiveButTheOverriddenOneIsTheInnerViewsAnswer) {
  auto fake = std::make_shared<testing::FakeSystemView>();
  CommandOutcome probe;
  probe.state = CommandOutcome::State::kExited;
  probe.exit_code = 0;
  probe.out = "probe output";
  FsSpace space;
  space.status = FsStatus::kOk;
  space.size_bytes = 1000;
  fake->File("/etc/os-release", "ID=debian\n")
      .Link("/sys/class/drm/card0", "../../devices/pci0000:00/card0")
      .Unreadable("/dev/kfd")
      .Env("HIP_VISIBLE_DEVICES", "0")
      .Command("rocminfo", probe)
      .Space("/home", space)
      .Replay(true);
  OnlyRunDiffers view(fake);
  const SystemView& as_view = view;

  EXPECT_EQ(view.ReadFile("/etc/os-release").data, "ID=debian\n");  // the default limit
  EXPECT_EQ(as_view.ReadFile("/etc/os-release", 3).data, fake->ReadFile("/etc/os-release", 3).data);
  EXPECT_EQ(view.ListDir("/etc").names, fake->ListDir("/etc").names);
  EXPECT_EQ(view.ReadLink("/sys/class/drm/card0").target, "../../devices/pci0000:00/card0");
  EXPECT_EQ(view.ReadFile("/dev/kfd").status, FsStatus::kPermissionDenied);
  EXPECT_EQ(view.Stat("/etc/os-release").type, fake->Stat("/etc/os-release").type);
  EXPECT_EQ(view.GetEnv("HIP_VISIBLE_DEVICES"), std::optional<std::string>("0"));
  EXPECT_EQ(view.Environment(), fake->Environment());
  EXPECT_EQ(view.CurrentUser().name, fake->CurrentUser().name);
  EXPECT_EQ(view.StatFs("/home").size_bytes, 1000u);
  EXPECT_TRUE(view.IsReplay());
  EXPECT_EQ(view.Describe(), "fake system");
  CommandSpec spec;
  spec.name = "rocminfo";
  spec.argv = {"rocminfo"};
  EXPECT_EQ(view.Run(spec).out, "probe output (decorated)");
}

}  // namespace
}  // namespace rocm_doctor
