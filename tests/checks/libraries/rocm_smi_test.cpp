// SPDX-License-Identifier: MIT
// libraries.rocm_smi: devices agreeing with KFD pass; more or fewer warn naming the addresses;
// rsmi_init failures name the status and the likely cause (stale /dev/shm mutex, a KFD older than
// the library, no AMD GPU); a library that does not load, a probe that crashed, no library.
#include <gtest/gtest.h>

#include "checks/platform/platform_fixture.h"
#include "collect/rocm_smi/rocm_smi_abi.h"
#include "collect/rocm_smi/rocm_smi_json.h"
#include "support/check_harness.h"
#include "unit/collect/rocm/rocm_fixture.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kCheck[] = "libraries.rocm_smi";
constexpr char kLib[] = "/opt/rocm-6.2.0/lib/librocm_smi64.so.7";

RsmiDevice Device(int index, std::uint64_t bdfid, std::int64_t device_id) {
  RsmiDevice d;
  d.index = index;
  d.bdfid = bdfid;
  d.pci_bdf = rsmi_abi::BdfFromBdfid(bdfid);
  d.device_id = device_id;
  return d;
}

RocmSmiReport Report(std::vector<RsmiDevice> devices) {
  RocmSmiReport r;
  r.format_version = kRocmSmiFormat;
  r.attempts = {{kLib, ""}};
  r.library = kLib;
  r.library_version = "7.3.0";
  r.init = RsmiStatus{0, "RSMI_STATUS_SUCCESS", "The function has been executed successfully."};
  r.device_count = static_cast<std::int64_t>(devices.size());
  r.devices = std::move(devices);
  return r;
}

RocmSmiReport InitFailed() {
  RocmSmiReport r = Report({});
  r.device_count.reset();
  r.init = RsmiStatus{8, "RSMI_STATUS_INIT_ERROR",
                      "An error occurred during initialization, during monitor discovery or when "
                      "when initializing internal data structures"};
  return r;
}

// ROCm 6.2.0 with librocm_smi64, KFD with one GPU node per `kfd_bdfs` entry (location_id), and
// the probe's answer.
std::shared_ptr<FakeSystemView> Host(const RocmSmiReport& report,
                                     std::vector<std::uint64_t> kfd_locations = {0x0300},
                                     const std::string& err = "") {
  auto view = std::make_shared<FakeSystemView>();
  AddRocm620(*view);
  view->File(kLib, "");
  AddAmdGpu(*view, "0000:03:00.0", "0x744c");
  view->Dir("/sys/class/kfd/kfd");
  AddKfdCpuNode(*view, 0);
  int node = 1;
  for (std::uint64_t location : kfd_locations) {
    AddKfdNode(*view, node, GpuProperties(110000, 0x744c, location, 127 + node));
    ++node;
  }
  CommandOutcome out = Exited(rocm_smi::ReportJson(report) + "\n");
  out.err = err;
  view->Command(kRocmSmiProbe, out);
  return view;
}

TEST(RocmSmiCheck, DevicesMatchingKfdPass) {
  RsmiDevice d = Device(0, 0x0300, 0x744c);
  d.vbios_version = "113-D70401-00";
  d.power_cap_uw = 327000000;
  CheckOutcome out = RunCheck(kCheck, Host(Report({d})));
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_EQ(out.summary,
            "rocm-smi-lib 7.3.0 (/opt/rocm-6.2.0/lib/librocm_smi64.so.7): 1 device: 0000:03:00.0 "
            "(0x744c, VBIOS 113-D70401-00, power cap 327 W)");
}

TEST(RocmSmiCheck, MoreDevicesThanKfdWarns) {
  CheckOutcome out = RunCheck(kCheck, Host(Report({Device(0, 0x0400, 0x7340)}), {}));
  EXPECT_EQ(out.status, Status::kWarn);
  const Finding* f = FindFinding(out, "libraries.rocm_smi.device_count_mismatch");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "rocm-smi-lib reports 1 device, KFD has 0 GPU nodes; not in KFD: 0000:04:00.0");
  EXPECT_EQ(f->evidence[1].observed, "no GPU node");
}

TEST(RocmSmiCheck, FewerDevicesThanKfdWarns) {
  CheckOutcome out = RunCheck(kCheck, Host(Report({Device(0, 0x0300, 0x744c)}), {0x0300, 0x2300}));
  const Finding* f = FindFinding(out, "libraries.rocm_smi.device_count_mismatch");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "rocm-smi-lib reports 1 device, KFD has 2 GPU nodes; not in rocm-smi-lib: "
            "0000:23:00.0");
}

TEST(RocmSmiCheck, InitFailureNamesTheStaleMutex) {
  const std::string err =
      "pthread_mutex_timedlock() returned 110\nFailed to initialize RSMI device mutex after 5 "
      "seconds. Previous execution may not have shutdown cleanly. To fix problem, stop all "
      "rocm_smi programs, and then delete the rocm_smi* shared memory files in /dev/shm.: "
      "Success\n";
  CheckOutcome out = RunCheck(kCheck, Host(InitFailed(), {0x0300}, err));
  EXPECT_EQ(out.status, Status::kWarn);
  const Finding* f = FindFinding(out, "libraries.rocm_smi.init_failed");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message.rfind(std::string("rsmi_init of ") + kLib +
                                 " (rocm-smi-lib 7.3.0) returned RSMI_STATUS_INIT_ERROR (8), "
                                 "\"An error",
                             0),
            0u)
      << f->message;
  EXPECT_NE(f->message.find("left its mutex in /dev/shm (rocm_smi_lib#88)"), std::string::npos);
  ASSERT_EQ(f->evidence.size(), 2u);
  EXPECT_EQ(f->evidence[0].observed, "rsmi_init: RSMI_STATUS_INIT_ERROR (8)");
  EXPECT_NE(f->evidence[1].observed.find("Failed to initialize RSMI device mutex"),
            std::string::npos);
  Remediation fix = Catalog::Instance().RemediationFor(*f);
  EXPECT_EQ(fix.commands[0], std::string("rocm-doctor probe-smi ") + kLib);
}

TEST(RocmSmiCheck, InitFailureFromAnOlderKfd) {
  CheckOutcome out = RunCheck(
      kCheck, Host(InitFailed(), {0x0300},
                   "Failed to get \"domain\" properity from properties files for kfd node 1.\n"
                   "rsmi_init() failed\nException caught: rsmi_init.\n"));
  const Finding* f = FindFinding(out, "libraries.rocm_smi.init_failed");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("the library is newer than the kernel's KFD"), std::string::npos);
}

TEST(RocmSmiCheck, InitFailureWithoutAnAmdGpuIsExpected) {
  auto view = std::make_shared<FakeSystemView>();
  view->File("/usr/lib/librocm_smi64.so.1", "");
  RocmSmiReport r = InitFailed();
  r.library = "/usr/lib/librocm_smi64.so.1";
  CommandOutcome out = Exited(rocm_smi::ReportJson(r));
  out.err =
      "Failed to open drm root directory /sys/class/drm.: No such file or directory\n"
      "Exception caught: rsmi_init.\n";
  view->Command(kRocmSmiProbe, out);
  CheckOutcome result = RunCheck(kCheck, view);
  const Finding* f = FindFinding(result, "libraries.rocm_smi.init_failed");
  ASSERT_NE(f, nullptr) << result.summary;
  EXPECT_NE(f->message.find(": expected here: this host has no AMD GPU for it to monitor"),
            std::string::npos)
      << f->message;
}

TEST(RocmSmiCheck, LoadFailureQuotesTheLoader) {
  RocmSmiReport r;
  r.format_version = kRocmSmiFormat;
  r.attempts = {{kLib,
                 "libdrm_amdgpu.so.1: cannot open shared object file: No such file or "
                 "directory"}};
  CheckOutcome out = RunCheck(kCheck, Host(r));
  EXPECT_EQ(out.status, Status::kWarn);
  const Finding* f = FindFinding(out, "libraries.rocm_smi.load_failed");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message, std::string("dlopen(") + kLib +
                            ") failed: libdrm_amdgpu.so.1: cannot open shared object file: No "
                            "such file or directory");
  EXPECT_EQ(f->evidence[0].source, std::string("dlopen ") + kLib);

  RocmSmiReport wrong = Report({});
  wrong.init.reset();
  wrong.missing_symbols = {"rsmi_init", "rsmi_shut_down"};
  const CheckOutcome wrong_out = RunCheck(kCheck, Host(wrong));
  const Finding* g = FindFinding(wrong_out, "libraries.rocm_smi.load_failed");
  ASSERT_NE(g, nullptr);
  EXPECT_NE(g->message.find("loads but lacks rsmi_init, rsmi_shut_down"), std::string::npos);
}

TEST(RocmSmiCheck, ProbeThatCrashedIsUnknown) {
  auto view = Host(Report({}));
  CommandOutcome crashed;
  crashed.state = CommandOutcome::State::kSignaled;
  crashed.signal = 6;
  crashed.err = "terminate called after throwing an instance of 'std::runtime_error'\n";
  view->Command(kRocmSmiProbe, crashed);
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kUnknown);
  const Finding* f = FindFinding(out, "libraries.rocm_smi.probe_failed");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(
      f->message,
      "the rocm-smi probe failed: killed by SIGABRT; stderr: terminate called after throwing an "
      "instance of 'std::runtime_error'");
}

TEST(RocmSmiCheck, SkipsWithoutLibraryOrRecording) {
  auto none = std::make_shared<FakeSystemView>();
  AddRocm620(*none);
  CheckOutcome out = RunCheck(kCheck, none);
  EXPECT_EQ(out.status, Status::kSkip);
  EXPECT_EQ(out.summary.rfind("rocm-smi-lib (librocm_smi64) is not installed (looked in "
                              "/opt/rocm-6.2.0/lib, ",
                              0),
            0u)
      << out.summary;

  auto unrecorded = std::make_shared<FakeSystemView>();
  unrecorded->File("/usr/lib/librocm_smi64.so.1", "");
  CheckOutcome skipped = RunCheck(kCheck, unrecorded);
  EXPECT_EQ(skipped.status, Status::kSkip);
  EXPECT_EQ(skipped.summary, "not recorded in this capture");
}

}  // namespace
}  // namespace rocm_doctor::testing
