// SPDX-License-Identifier: MIT
// Which root cause HIP's "no device" is shown under: only one whose mechanism can remove devices
// (FindingSpec::explained_by). A gfx target no release supports still enumerates in HIP and fails
// at its first kernel (hipErrorNoBinaryForGpu), so runtime.gfx.unsupported never explains it;
// rebuilt from ROCm/ROCm#5433 (tests/machines/dkms-shadows-gfx1150), where it did.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "checks/driver/driver_fake.h"
#include "core/engine.h"
#include "core/report_summary.h"
#include "support/check_harness.h"

namespace rocm_doctor::testing {
namespace {

CheckRecord Rec(const std::string& id, const std::string& code, Status status = Status::kFail) {
  CheckRecord r;
  r.id = id;
  const RegisteredCheck* check = CheckRegistry::Instance().Find(id);
  if (check != nullptr) {
    for (std::string_view p : check->info->prerequisites) r.prerequisites.emplace_back(p);
  }
  r.outcome.status = status;
  Finding f;
  f.code = code;
  f.status = status;
  f.message = code;
  r.outcome.findings.push_back(f);
  return r;
}

// runtime.hip_devices as the engine decides it: blocked by its first failed prerequisite.
CheckRecord HipDevices(const std::string& code, const std::vector<CheckRecord>& before) {
  CheckRecord r = Rec("runtime.hip_devices", code);
  for (const std::string& p : r.prerequisites) {
    for (const CheckRecord& b : before) {
      if (r.blocked_by.empty() && b.id == p && b.outcome.status == Status::kFail) r.blocked_by = p;
    }
  }
  return r;
}

const RootCause* CauseOf(const std::vector<RootCause>& causes, const std::string& check) {
  for (const RootCause& c : causes) {
    if (c.check_id == check) return &c;
  }
  return nullptr;
}

TEST(HipNoDeviceAttribution, TheRegisteredCheckKnowsItsMechanism) {
  const RegisteredCheck* check = CheckRegistry::Instance().Find("runtime.hip_devices");
  ASSERT_NE(check, nullptr);
  for (const char* code : {"runtime.hip.no_devices", "runtime.hip.no_devices_unexplained"}) {
    const FindingSpec* spec = Catalog::Instance().Find(code);
    ASSERT_NE(spec, nullptr) << code;
    ASSERT_FALSE(spec->explained_by.empty()) << code;
    // Every mechanism is a prerequisite (else it could never be found), gfx support is none.
    for (std::string_view m : spec->explained_by) {
      EXPECT_NE(std::find(check->info->prerequisites.begin(), check->info->prerequisites.end(), m),
                check->info->prerequisites.end())
          << m;
      EXPECT_NE(m, "runtime.gfx_support");
    }
  }
}

TEST(HipNoDeviceAttribution, AnUnsupportedGfxDoesNotExplainNoDevice) {
  std::vector<CheckRecord> records{Rec("runtime.gfx_support", "runtime.gfx.unsupported")};
  records.push_back(HipDevices("runtime.hip.no_devices_unexplained", records));
  ASSERT_EQ(records.back().blocked_by, "runtime.gfx_support");  // the engine's first failure
  const std::vector<RootCause> causes = DeriveRootCauses(records);
  ASSERT_EQ(causes.size(), 2u);
  const RootCause* gfx = CauseOf(causes, "runtime.gfx_support");
  ASSERT_NE(gfx, nullptr);
  EXPECT_TRUE(gfx->symptoms.empty());  // before: "This is why HIP devices says: ... no GPU"
  const RootCause* hip = CauseOf(causes, "runtime.hip_devices");
  ASSERT_NE(hip, nullptr);
  EXPECT_EQ(hip->finding.code, "runtime.hip.no_devices_unexplained");
  EXPECT_EQ(CountChecks(records, causes).root_causes, 2u);
  EXPECT_EQ(CountChecks(records, causes).symptoms, 0u);
}

TEST(HipNoDeviceAttribution, ADkmsDriverShadowingTheInTreeOneExplainsIt) {
  // ROCm/ROCm#5433: both failed; the gfx check comes first in the prerequisite order.
  std::vector<CheckRecord> records{Rec("runtime.gfx_support", "runtime.gfx.unsupported"),
                                   Rec("driver.amdgpu_module", "driver.dkms.shadows_in_tree")};
  records.push_back(HipDevices("runtime.hip.no_devices", records));
  const std::vector<RootCause> causes = DeriveRootCauses(records);
  ASSERT_EQ(causes.size(), 2u);
  EXPECT_EQ(CauseOf(causes, "runtime.hip_devices"), nullptr);
  EXPECT_TRUE(CauseOf(causes, "runtime.gfx_support")->symptoms.empty());
  const RootCause* dkms = CauseOf(causes, "driver.amdgpu_module");
  ASSERT_NE(dkms, nullptr);
  ASSERT_EQ(dkms->symptoms.size(), 1u);
  EXPECT_EQ(dkms->symptoms[0].finding.code, "runtime.hip.no_devices");
  EXPECT_EQ(CountChecks(records, causes).symptoms, 1u);
}

TEST(HipNoDeviceAttribution, AFailedResumeAndAHiddenGpuExplainIt) {
  for (const auto& [check, code] :
       std::vector<std::pair<std::string, std::string>>{
           {"driver.gpu_health", "driver.gpu.resume_failed"},
           {"runtime.visible_devices", "runtime.env.devices_hidden"},
           {"driver.kfd_access", "driver.kfd.permission_denied"}}) {
    std::vector<CheckRecord> records{Rec("runtime.gfx_support", "runtime.gfx.unsupported"),
                                     Rec(check, code)};
    records.push_back(HipDevices("runtime.hip.no_devices", records));
    const std::vector<RootCause> causes = DeriveRootCauses(records);
    const RootCause* cause = CauseOf(causes, check);
    ASSERT_NE(cause, nullptr) << check;
    ASSERT_EQ(cause->symptoms.size(), 1u) << check;
    EXPECT_TRUE(CauseOf(causes, "runtime.gfx_support")->symptoms.empty()) << check;
  }
}

TEST(HipNoDeviceAttribution, AKernelWithoutCodeForTheGfxIsStillItsSymptom) {
  // The unsupported target's own mechanism: the device enumerates, its kernel has no code object.
  std::vector<CheckRecord> records{Rec("runtime.gfx_support", "runtime.gfx.unsupported")};
  records.push_back(HipDevices("runtime.hip.smoke_failed", records));
  const std::vector<RootCause> causes = DeriveRootCauses(records);
  ASSERT_EQ(causes.size(), 1u);
  ASSERT_EQ(causes[0].symptoms.size(), 1u);
  EXPECT_EQ(causes[0].symptoms[0].finding.code, "runtime.hip.smoke_failed");
}

CommandOutcome NoDeviceProbe() {
  CommandOutcome o;
  o.state = CommandOutcome::State::kExited;
  o.exit_code = 0;
  o.out = R"({"helper":"rocm-doctor-hip","version":1,"backend":"hip","targets":["gfx1100"],)"
          R"("runtime_version":70051831,"driver_version":70051831,"device_count":0,"error":)"
          R"({"code":100,"name":"hipErrorNoDevice","message":"no ROCm-capable device is )"
          R"(detected","call":"hipGetDeviceCount"},"devices":[]})";
  return o;
}

TEST(HipNoDeviceAttribution, TheCheckNamesADkmsAmdgpuShadowingTheInTreeOne) {
  auto view = NewView();
  view->File("/etc/depmod.d/ubuntu.conf", "search updates ubuntu built-in\n");
  const std::string root = std::string("/lib/modules/") + kRelease + "/";
  view->File(root + "kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.zst", "");
  view->File(root + "updates/dkms/amdgpu.ko.zst", "");
  view->File(root + "modules.dep", "updates/dkms/amdgpu.ko.zst:\n");
  Gpu().Install(*view);
  LoadAmdgpu(*view, "6.14.14");
  view->Command("hip-probe", NoDeviceProbe());
  const CheckOutcome out = RunCheck("runtime.hip_devices", view);
  const Finding* f = FindFinding(out, "runtime.hip.no_devices");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("the loaded amdgpu is the DKMS one (6.14.14), shadowing the "
                            "kernel's own kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.zst"),
            std::string::npos)
      << f->message;
  // The same host with the in-tree amdgpu loaded: not named.
  auto in_tree = NewView();
  in_tree->File(root + "kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.zst", "");
  Gpu().Install(*in_tree);
  LoadAmdgpu(*in_tree);
  in_tree->Command("hip-probe", NoDeviceProbe());
  const CheckOutcome plain = RunCheck("runtime.hip_devices", in_tree);
  for (const Finding& g : plain.findings) {
    EXPECT_EQ(g.message.find("DKMS"), std::string::npos) << g.message;
  }
}

}  // namespace
}  // namespace rocm_doctor::testing
