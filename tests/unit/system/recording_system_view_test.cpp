// SPDX-License-Identifier: MIT
#include "system/recording_system_view.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include "support/fake_system_view.h"
#include "system/machine_dir_view.h"
#include "system/open_system_view.h"
#include "temp_tree.h"

namespace rocm_doctor {
namespace {

using testing::FakeSystemView;
using testing::TempTree;

std::shared_ptr<FakeSystemView> Host() {
  auto fake = std::make_shared<FakeSystemView>();
  NodeInfo kfd;
  kfd.type = NodeType::kCharDevice;
  kfd.major = 234;
  kfd.mode = 0660;
  kfd.uid = 0;
  kfd.gid = 110;
  kfd.owner = "root";
  kfd.group = "render";
  fake->File("/sys/devices/pci0000:00/0000:03:00.0/vendor", "0x1002\n")
      .File("/sys/devices/pci0000:00/0000:03:00.0/device", "0x744c\n")
      .Link("/sys/bus/pci/devices/0000:03:00.0", "../../../devices/pci0000:00/0000:03:00.0")
      // The fake does not follow links; a live host serves the same file through the link.
      .File("/sys/bus/pci/devices/0000:03:00.0/vendor", "0x1002\n")
      .Link("/sys/bus/pci/devices/0000:00:01.0", "../../../devices/pci0000:00/0000:00:01.0")
      .File("/proc/version", "Linux version 6.8.0\n")
      .File("/sys/big", std::string(5000, 'x'))
      .File("/sys/unasked", "not read")
      .Unreadable("/sys/kernel/debug/dri/0/amdgpu_firmware_info")
      .Node("/dev/kfd", kfd)
      .Env("HSA_OVERRIDE_GFX_VERSION", "11.0.0")
      .Env("AWS_SECRET_ACCESS_KEY", "hunter2")
      .Env("HOME", "/home/alice")
      .Env("PATH", "/usr/bin")
      .User(UserInfo{.name = "alice", .uid = 1000, .gid = 1000,
                     .groups = {{"alice", 1000}, {"video", 44}}, .source = "fake"})
      .Kernel(UnameInfo{"Linux", "6.8.0-45-generic", "#45", "x86_64"});
  CommandOutcome hip;
  hip.state = CommandOutcome::State::kExited;
  hip.exit_code = 0;
  hip.out = "{\"devices\": []}\n";
  hip.err = "bad \xff byte";
  fake->Command("hip-probe", hip);
  KernelLog log;
  log.state = KernelLog::State::kOk;
  log.source = "/dev/kmsg";
  log.lines = {"amdgpu 0000:03:00.0: amdgpu: SMU is initialized successfully!"};
  fake->Log(log);
  return fake;
}

// What a run of the checks might ask; the same calls are made again on the replay.
void Exercise(const SystemView& view) {
  view.ReadFile("/sys/bus/pci/devices/0000:03:00.0/vendor", 4096);
  view.ReadFile("/proc/version", 4096);
  view.ReadFile("/sys/big", 100);
  view.ReadFile("/sys/kernel/debug/dri/0/amdgpu_firmware_info", 4096);
  view.ReadFile("/sys/never/there", 4096);
  view.ListDir("/sys/bus/pci/devices");
  view.ReadLink("/sys/bus/pci/devices/0000:03:00.0");
  view.Stat("/dev/kfd");
  view.GetEnv("HOME");
  view.GetEnv("ROCR_VISIBLE_DEVICES");
  view.Environment();
  view.Uname();
  view.CurrentUser();
  CommandSpec spec;
  spec.name = "hip-probe";
  spec.argv = {"rocm-doctor-hip", "probe"};
  view.Run(spec);
  view.ReadKernelLog();
}

void ExpectSameAnswers(const SystemView& host, const SystemView& replay) {
  for (const char* path : {"/sys/bus/pci/devices/0000:03:00.0/vendor", "/proc/version",
                           "/sys/never/there", "/sys/kernel/debug/dri/0/amdgpu_firmware_info"}) {
    const FileContent a = host.ReadFile(path, 4096);
    const FileContent b = replay.ReadFile(path, 4096);
    EXPECT_EQ(a.status, b.status) << path;
    EXPECT_EQ(a.data, b.data) << path;
  }
  EXPECT_EQ(replay.ReadFile("/sys/big", 100).data, std::string(100, 'x'));
  EXPECT_EQ(replay.ReadFile("/sys/unasked", 100).status, FsStatus::kNotFound);  // never read
  EXPECT_EQ(host.ListDir("/sys/bus/pci/devices").names,
            replay.ListDir("/sys/bus/pci/devices").names);
  EXPECT_EQ(host.ReadLink("/sys/bus/pci/devices/0000:03:00.0").target,
            replay.ReadLink("/sys/bus/pci/devices/0000:03:00.0").target);
  const NodeInfo a = host.Stat("/dev/kfd");
  const NodeInfo b = replay.Stat("/dev/kfd");
  EXPECT_EQ(b.type, NodeType::kCharDevice);
  EXPECT_EQ(a.major, b.major);
  EXPECT_EQ(a.mode, b.mode);
  EXPECT_EQ(a.gid, b.gid);
  EXPECT_EQ(a.group, b.group);
  EXPECT_EQ(replay.GetEnv("HOME"), std::optional<std::string>("/home/alice"));
  EXPECT_EQ(replay.GetEnv("HSA_OVERRIDE_GFX_VERSION"), std::optional<std::string>("11.0.0"));
  EXPECT_EQ(replay.GetEnv("PATH"), std::optional<std::string>("/usr/bin"));
  EXPECT_EQ(replay.GetEnv("AWS_SECRET_ACCESS_KEY"), std::nullopt);  // not on the allowlist
  EXPECT_EQ(replay.Uname().release, host.Uname().release);
  EXPECT_EQ(replay.Uname().version, host.Uname().version);
  const UserInfo user = replay.CurrentUser();
  EXPECT_EQ(user.name, "alice");
  EXPECT_EQ(user.uid, 1000u);
  ASSERT_EQ(user.groups.size(), 2u);
  EXPECT_EQ(user.groups[1].name, "video");
  EXPECT_EQ(user.groups[1].gid, std::optional<std::uint32_t>(44));
  CommandSpec spec;
  spec.name = "hip-probe";
  const CommandOutcome probe = replay.Run(spec);
  EXPECT_EQ(probe.state, CommandOutcome::State::kExited);
  EXPECT_EQ(probe.out, host.Run(spec).out);
  EXPECT_EQ(probe.err, "bad \xef\xbf\xbd byte");  // invalid UTF-8 became U+FFFD
  const KernelLog log = replay.ReadKernelLog();
  EXPECT_EQ(log.state, KernelLog::State::kOk);
  EXPECT_EQ(log.lines, host.ReadKernelLog().lines);
}

TEST(RecordingSystemView, RoundTripThroughADirectory) {
  auto host = Host();
  RecordingSystemView recorder(host);
  Exercise(recorder);
  TempTree out;
  auto stats = recorder.WriteMachine(out.At("capture"), "round trip");
  ASSERT_TRUE(stats.ok()) << stats.error();
  for (const auto& warning : stats->warnings) ADD_FAILURE() << warning;
  EXPECT_EQ(stats->probes, 2u);
  EXPECT_EQ(stats->nodes, 1u);
  EXPECT_GE(stats->files, 3u);
  // The file read through a link lives at its physical path; the link is a link.
  struct stat st {};
  ASSERT_EQ(::lstat(out.At("capture/sys/bus/pci/devices/0000:03:00.0").c_str(), &st), 0);
  EXPECT_TRUE(S_ISLNK(st.st_mode));
  auto replay = OpenSystemView(out.At("capture"));
  ASSERT_TRUE(replay.ok()) << replay.error();
  ExpectSameAnswers(*host, *replay.value());
  auto machine = system::MachineDirSystemView::Open(out.At("capture"), "x");
  ASSERT_TRUE(machine.ok());
}

TEST(RecordingSystemView, RoundTripThroughAnArchive) {
  auto host = Host();
  RecordingSystemView recorder(host);
  Exercise(recorder);
  TempTree out;
  const std::string archive = out.At("capture.tar.gz");
  auto stats = recorder.WriteMachine(archive, "archive");
  ASSERT_TRUE(stats.ok()) << stats.error();
  auto replay = OpenSystemView(archive);
  ASSERT_TRUE(replay.ok()) << replay.error();
  ExpectSameAnswers(*host, *replay.value());
  EXPECT_FALSE(recorder.WriteMachine(archive, "again").ok());  // never overwritten
}

TEST(RecordingSystemView, RecordingAMachineDirectoryRoundTrips) {
  TempTree src;
  src.File("sys/devices/x/name", "gfx90a\n")
      .Link("sys/class/kfd/node1", "../../devices/x")
      .Link("sys/loop", "loop")
      .File("dev/kfd", "");
  src.MachineJson(R"({"nodes": {"/dev/kfd": {"type": "char", "major": 511, "minor": 0,
                     "mode": "0666", "owner": "root", "group": "root"}}})");
  auto inner = OpenSystemView(src.path());
  ASSERT_TRUE(inner.ok());
  RecordingSystemView recorder(inner.value());
  EXPECT_EQ(recorder.ReadFile("/sys/class/kfd/node1/name", 100).data, "gfx90a\n");
  EXPECT_EQ(recorder.ReadFile("/sys/loop", 100).status, FsStatus::kLoop);
  EXPECT_EQ(recorder.Stat("/dev/kfd").major, 511u);
  EXPECT_EQ(recorder.ListDir("/sys").names, (std::vector<std::string>{"class", "devices", "loop"}));
  TempTree out;
  auto stats = recorder.WriteMachine(out.At("again"), "re-recorded");
  ASSERT_TRUE(stats.ok()) << stats.error();
  auto replay = OpenSystemView(out.At("again"));
  ASSERT_TRUE(replay.ok()) << replay.error();
  EXPECT_EQ(replay.value()->ReadFile("/sys/class/kfd/node1/name", 100).data, "gfx90a\n");
  EXPECT_EQ(replay.value()->ReadFile("/sys/loop", 100).status, FsStatus::kLoop);
  EXPECT_EQ(replay.value()->Stat("/dev/kfd").major, 511u);
  EXPECT_EQ(replay.value()->ListDir("/sys").names,
            (std::vector<std::string>{"class", "devices", "loop"}));
}

TEST(RecordingSystemView, RefusesANonEmptyDirectory) {
  auto host = Host();
  RecordingSystemView recorder(host);
  TempTree out;
  out.File("existing/file", "x");
  auto stats = recorder.WriteMachine(out.At("existing"), "x");
  ASSERT_FALSE(stats.ok());
  EXPECT_NE(stats.error().find("not empty"), std::string::npos);
  out.Dir("empty");
  EXPECT_TRUE(recorder.WriteMachine(out.At("empty"), "x").ok());
}

TEST(RecordingSystemView, ServesWhatTheInnerViewServes) {
  auto host = Host();
  RecordingSystemView recorder(host);
  EXPECT_EQ(recorder.ReadFile("/proc/version", 100).data, "Linux version 6.8.0\n");
  EXPECT_EQ(recorder.Environment().count("AWS_SECRET_ACCESS_KEY"), 1u);  // served, not recorded
  EXPECT_EQ(recorder.Describe(), "fake system");
  EXPECT_TRUE(recorder.IsReplay());
}

}  // namespace
}  // namespace rocm_doctor
