// SPDX-License-Identifier: MIT
// runtime.hip_devices: pass, no devices, hang, crash, failures, smoke, count mismatch, missing.
#include <gtest/gtest.h>

#include <string>

#include "checks/platform/platform_fixture.h"
#include "support/check_harness.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kCheck[] = "runtime.hip_devices";

constexpr char kNoDevice[] =
    R"({"helper":"rocm-doctor-hip","version":1,"backend":"hip","targets":["gfx90a","gfx1030"],)"
    R"("runtime_version":50221153,"driver_version":50221153,"device_count":0,"error":{"code":100,)"
    R"("name":"hipErrorNoDevice","message":"hipErrorNoDevice","call":"hipGetDeviceCount"},)"
    R"("devices":[]})";

std::string Device(int index, const std::string& arch, const std::string& bdf,
                   const std::string& smoke) {
  return R"({"index":)" + std::to_string(index) + R"(,"name":"AMD Instinct MI300X","arch":")" +
         arch + R"(","compute_units":304,"total_memory_bytes":205822885888,"pci_bdf":")" + bdf +
         R"(","large_bar":true,"error":null,"smoke":)" + smoke + "}";
}

constexpr char kSmokeOk[] =
    R"({"ok":true,"kernel_ms":0.05,"error":null,"mismatch":null,"checked_elements":4096})";

std::string Probe(const std::vector<std::string>& devices) {
  std::string list;
  for (const std::string& d : devices) list += (list.empty() ? "" : ",") + d;
  return R"({"helper":"rocm-doctor-hip","version":1,"backend":"hip","targets":["gfx942"],)"
         R"("runtime_version":60443483,"driver_version":60443483,"device_count":)" +
         std::to_string(devices.size()) + R"(,"error":null,"devices":[)" + list + "]}";
}

CommandOutcome Exited(std::string out, int code = 0) {
  CommandOutcome o;
  o.state = CommandOutcome::State::kExited;
  o.exit_code = code;
  o.out = std::move(out);
  return o;
}

// The healthy MI300X host of the platform tests plus a second GPU node at c2:00.0.
std::shared_ptr<FakeSystemView> TwoMi300x() {
  auto view = HealthyMi300xHost();
  AddKfdNode(*view, 2, GpuProperties(90402, 29857, 0xc200, 136, 7), {}, "ip discovery", 23456);
  return view;
}

TEST(RuntimeHipDevices, PassesWithTwoDevicesAndTheSmokeKernel) {
  auto view = TwoMi300x();
  view->Command("hip-probe",
                Exited(Probe({Device(0, "gfx942:sramecc+:xnack-", "0000:c1:00.0", kSmokeOk),
                              Device(1, "gfx942:sramecc+:xnack-", "0000:c2:00.0", kSmokeOk)})));
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary, "2 HIP devices: gfx942 ×2, smoke kernel ok");
  EXPECT_TRUE(out.findings.empty());
}

// Issue 16 rule 9: every link below HIP held, so "no device" is an unexplained symptom: the
// finding lists what was checked and what to capture next, not a cause.
TEST(RuntimeHipDevices, NoDevicesWithNothingBrokenBelowIsUnexplained) {
  auto view = HealthyMi300xHost();
  view->Command("hip-probe", Exited(kNoDevice));
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kFail);
  EXPECT_FALSE(HasFinding(out, "runtime.hip.no_devices"));
  const Finding* f = FindFinding(out, "runtime.hip.no_devices_unexplained");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message.rfind("the HIP runtime 5.2.21153 reports no GPU: hipGetDeviceCount "
                             "returned hipErrorNoDevice (100, \"hipErrorNoDevice\"); nothing "
                             "rocm-doctor reads below HIP explains it (checked: amdgpu bound to "
                             "1 GPU; ",
                             0),
            0u)
      << f->message;
  EXPECT_NE(f->message.find("KFD exposes 1 GPU node (node 1 gfx942 at 0000:c1:00.0)"),
            std::string::npos)
      << f->message;
  EXPECT_NE(f->message.find("AMD_LOG_LEVEL=4, HSAKMT_DEBUG_LEVEL=7"), std::string::npos);
  ASSERT_GE(f->evidence.size(), 2u);
  EXPECT_EQ(f->evidence[0].source, ".rocm-doctor/probes/hip-probe.json");
  EXPECT_EQ(f->evidence[1].source, "/sys/class/kfd/kfd/topology/nodes");
  Remediation fix = Catalog::Instance().RemediationFor(*f);
  ASSERT_EQ(fix.commands.size(), 3u);
  EXPECT_EQ(fix.commands[0],
            "AMD_LOG_LEVEL=4 HSAKMT_DEBUG_LEVEL=7 rocm-doctor-hip --probe 2>&1 | tail -60");
}

// Issue 16 rule 8: the GPU failed a runtime resume after init (power/runtime_status "error",
// ROCm/ROCm#6101; the lines of ROCm/amdgpu#183): HIP's "no device" is named as its consequence.
TEST(RuntimeHipDevices, NoDevicesAfterAFailedRuntimeResumeNamesIt) {
  auto view = HealthyMi300xHost();
  view->File("/sys/bus/pci/devices/0000:c1:00.0/power/runtime_status", "error\n");
  KernelLog log;
  log.state = KernelLog::State::kOk;
  log.source = "/dev/kmsg";
  log.lines = {"amdgpu 0000:c1:00.0: amdgpu: SMC is not ready",
               "amdgpu 0000:c1:00.0: amdgpu: resume of IP block <smu> failed -5"};
  view->Log(log);
  view->Command("hip-probe", Exited(kNoDevice));
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "runtime.hip.no_devices");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("0000:c1:00.0 failed after initialisation (power/runtime_status "
                            "'error': amdgpu 0000:c1:00.0: amdgpu: resume of IP block <smu> "
                            "failed -5)"),
            std::string::npos)
      << f->message;
  bool has_line = false;
  for (const Evidence& e : f->evidence) {
    has_line |= e.observed == "amdgpu 0000:c1:00.0: amdgpu: resume of IP block <smu> failed -5";
  }
  EXPECT_TRUE(has_line);
}

TEST(RuntimeHipDevices, NoDevicesMentionsAVisibilityMask) {
  auto view = HealthyMi300xHost();
  view->Env("HIP_VISIBLE_DEVICES", "");
  view->Command("hip-probe", Exited(kNoDevice));
  const CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "runtime.hip.no_devices");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("HIP_VISIBLE_DEVICES=\"\" is set"), std::string::npos) << f->message;
}

TEST(RuntimeHipDevices, ProbeHangIsAKernelTimeout) {
  auto view = HealthyMi300xHost();
  CommandOutcome o;
  o.state = CommandOutcome::State::kTimedOut;
  o.signal = 9;
  o.error = "timed out after 20000 ms";
  view->Command("hip-probe", o);
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "bench.kernel.timeout");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("did not finish within 20 s"), std::string::npos) << f->message;
  EXPECT_EQ(f->evidence[0].observed, "timed out after 20000 ms");
}

TEST(RuntimeHipDevices, CrashNamesTheSignal) {
  auto view = HealthyMi300xHost();
  CommandOutcome o;
  o.state = CommandOutcome::State::kSignaled;
  o.signal = 6;
  o.err = ":0:hip_code_object.cpp:516 : Cannot retrieve Static function\n";
  view->Command("hip-probe", o);
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kError);
  const Finding* f = FindFinding(out, "runtime.hip.probe_crashed");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("killed by SIGABRT"), std::string::npos) << f->message;
  EXPECT_NE(f->message.find("HIP_ENABLE_DEFERRED_LOADING=0"), std::string::npos) << f->message;
}

TEST(RuntimeHipDevices, LoaderFailureIsAProbeFailure) {
  auto view = HealthyMi300xHost();
  CommandOutcome o = Exited("", 127);
  o.err =
      "rocm-doctor-hip: error while loading shared libraries: libamdhip64.so.5: cannot open "
      "shared object file: No such file or directory\n";
  view->Command("hip-probe", o);
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kError);
  const Finding* f = FindFinding(out, "runtime.hip.probe_failed");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("exited with status 127"), std::string::npos) << f->message;
  EXPECT_NE(f->message.find("libamdhip64.so.5"), std::string::npos) << f->message;
}

TEST(RuntimeHipDevices, GarbageIsAProbeFailureWithTheOutput) {
  auto view = HealthyMi300xHost();
  view->Command("hip-probe", Exited("hello\n"));
  const CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "runtime.hip.probe_failed");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("printed no usable JSON"), std::string::npos) << f->message;
  EXPECT_NE(f->message.find("stdout began: hello\\n"), std::string::npos) << f->message;
}

TEST(RuntimeHipDevices, SmokeFaultNamesTheDeviceAndTheError) {
  auto view = HealthyMi300xHost();
  view->Command(
      "hip-probe",
      Exited(Probe({Device(0, "gfx942:sramecc+:xnack-", "0000:c1:00.0",
                           R"({"ok":false,"kernel_ms":null,"error":{"code":719,)"
                           R"("name":"hipErrorLaunchFailure","message":"unspecified launch )"
                           R"(failure","call":"hipEventSynchronize"},"mismatch":null,)"
                           R"("checked_elements":0})")})));
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "runtime.hip.smoke_failed");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "device 0 (AMD Instinct MI300X, gfx942, 0000:c1:00.0): the smoke kernel failed: "
            "hipEventSynchronize returned hipErrorLaunchFailure (719, \"unspecified launch "
            "failure\")");
  EXPECT_EQ(Catalog::Instance().RemediationFor(*f).commands[1],
            "AMD_LOG_LEVEL=4 rocm-doctor-hip --probe --device 0");
}

TEST(RuntimeHipDevices, SmokeWrongDataSaysTheKernelDidNotRun) {
  auto view = HealthyMi300xHost();
  view->Command("hip-probe",
                Exited(Probe({Device(0, "gfx942", "0000:c1:00.0",
                                     R"({"ok":false,"error":null,"mismatch":{"index":0,)"
                                     R"("expected":1,"got":4294967295,"count":4096},)"
                                     R"("checked_elements":4096})")})));
  const CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "runtime.hip.smoke_failed");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("4096 of 4096 elements wrong, first at index 0: expected 1, got "
                            "4294967295 (the untouched fill: the kernel did not run)"),
            std::string::npos)
      << f->message;
}

TEST(RuntimeHipDevices, NoCodeObjectForTheIsaIsInfoNotFailure) {
  // Debian's clang 15 builds the helper for gfx90a/gfx1030 only; a gfx942 cannot run its kernel.
  auto view = HealthyMi300xHost();
  view->Command("hip-probe",
                Exited(Probe({Device(0, "gfx942:sramecc+:xnack-", "0000:c1:00.0",
                                     R"({"ok":false,"error":{"code":209,)"
                                     R"("name":"hipErrorNoBinaryForGpu","message":)"
                                     R"("hipErrorNoBinaryForGpu","call":"hipLaunchKernel"},)"
                                     R"("checked_elements":0})")})));
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary, "1 HIP device: gfx942, smoke kernel not built for this ISA");
  const Finding* f = FindFinding(out, "runtime.hip.smoke_unavailable");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->status, Status::kInfo);
  EXPECT_NE(f->message.find("helper targets: gfx942"), std::string::npos) << f->message;
  EXPECT_NE(Catalog::Instance().RemediationFor(*f).commands[0].find("'gfx942'"), std::string::npos);
}

TEST(RuntimeHipDevices, PropertiesQueryFailure) {
  auto view = HealthyMi300xHost();
  view->Command("hip-probe", Exited(R"({"helper":"rocm-doctor-hip","version":1,"device_count":1,)"
                                    R"("devices":[{"index":0,"error":{"code":101,"name":)"
                                    R"("hipErrorInvalidDevice","message":"invalid device ordinal",)"
                                    R"("call":"hipGetDeviceProperties"},"smoke":null}]})"));
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "runtime.hip.device_error");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "device 0: hipGetDeviceProperties returned hipErrorInvalidDevice (101, \"invalid "
            "device ordinal\")");
}

TEST(RuntimeHipDevices, FewerHipDevicesThanKfdNodesWarns) {
  auto view = TwoMi300x();
  view->Command("hip-probe", Exited(Probe({Device(0, "gfx942", "0000:c1:00.0", kSmokeOk)})));
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kWarn);
  const Finding* f = FindFinding(out, "runtime.hip.device_count_mismatch");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "the HIP runtime enumerates 1 of the 2 GPU nodes (node 1 gfx942 at 0000:c1:00.0, node "
            "2 gfx942 at 0000:c2:00.0) KFD exposes; missing: 0000:c2:00.0");
}

TEST(RuntimeHipDevices, AVisibilityMaskExplainsFewerDevices) {
  auto view = TwoMi300x();
  view->Env("ROCR_VISIBLE_DEVICES", "0");
  view->Command("hip-probe", Exited(Probe({Device(0, "gfx942", "0000:c1:00.0", kSmokeOk)})));
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_FALSE(HasFinding(out, "runtime.hip.device_count_mismatch"));
}

TEST(RuntimeHipDevices, MissingHelperIsUnknown) {
  // A live host where no helper is found: ROCMDOC_HIP_HELPER names a path that does not exist.
  auto view = HealthyMi300xHost();
  view->Replay(false);
  ASSERT_EQ(setenv("ROCMDOC_HIP_HELPER", "/nonexistent/rocm-doctor-hip", 1), 0);
  CheckOutcome out = RunCheck(kCheck, view);
  unsetenv("ROCMDOC_HIP_HELPER");
  EXPECT_EQ(out.status, Status::kUnknown);
  const Finding* f = FindFinding(out, "runtime.hip.probe_missing");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("/nonexistent/rocm-doctor-hip (ROCMDOC_HIP_HELPER: not found)"),
            std::string::npos)
      << f->message;
}

TEST(RuntimeHipDevices, NotRecordedIsSkipped) {
  CheckOutcome out = RunCheck(kCheck, HealthyMi300xHost());
  EXPECT_EQ(out.status, Status::kSkip);
  EXPECT_EQ(out.summary, "not recorded in this capture");
}

}  // namespace
}  // namespace rocm_doctor::testing
