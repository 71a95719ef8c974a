// SPDX-License-Identifier: MIT
#include "system/machine_dir_view.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>

#include "temp_tree.h"

namespace rocm_doctor::system {
namespace {

using testing::TempTree;

std::shared_ptr<const SystemView> OpenOrDie(const TempTree& tree) {
  auto view = MachineDirSystemView::Open(tree.path(), tree.path());
  EXPECT_TRUE(view.ok()) << (view.ok() ? "" : view.error());
  return view.ok() ? view.value() : nullptr;
}

TEST(MachineDirView, FilesAreReadByteForByte) {
  TempTree tree;
  tree.File("sys/bus/pci/devices/0000:03:00.0/vendor", "0x1002\n");
  auto view = OpenOrDie(tree);
  const FileContent vendor = view->ReadFile("/sys/bus/pci/devices/0000:03:00.0/vendor", 100);
  ASSERT_TRUE(vendor.ok());
  EXPECT_EQ(vendor.data, "0x1002\n");
  EXPECT_EQ(view->ReadFile("//sys/bus/./pci/devices/0000:03:00.0/vendor", 100).data, "0x1002\n");
  EXPECT_EQ(view->ReadFile("/sys/absent", 100).status, FsStatus::kNotFound);
  EXPECT_TRUE(view->IsReplay());
  EXPECT_EQ(view->Describe(), "machine directory " + tree.path());
}

TEST(MachineDirView, SymlinksResolveInsideTheDirectory) {
  TempTree tree;
  tree.File("sys/devices/pci0000:00/0000:03:00.0/vendor", "0x1002\n")
      .Link("sys/bus/pci/devices/0000:03:00.0", "../../../devices/pci0000:00/0000:03:00.0")
      .Link("sys/class/drm/card0", "/sys/devices/pci0000:00/0000:03:00.0")
      .File("etc/passwd", "root:x:0:0::/root:/bin/sh\nmallory:x:666:666::/:/bin/sh\n")
      .Link("escape-relative", "../../../../../../../../etc/passwd")
      .Link("escape-absolute", "/etc/passwd")
      .Link("missing-escape", "../../../../../../../etc/shadow");
  auto view = OpenOrDie(tree);
  EXPECT_EQ(view->ReadFile("/sys/bus/pci/devices/0000:03:00.0/vendor", 100).data, "0x1002\n");
  EXPECT_EQ(view->ReadFile("/sys/class/drm/card0/vendor", 100).data, "0x1002\n");
  EXPECT_EQ(view->ReadLink("/sys/class/drm/card0").target, "/sys/devices/pci0000:00/0000:03:00.0");
  // Both escapes read DIR/etc/passwd (the tree's mallory), never the host's file.
  EXPECT_NE(view->ReadFile("/escape-relative", 4096).data.find("mallory"), std::string::npos);
  EXPECT_NE(view->ReadFile("/escape-absolute", 4096).data.find("mallory"), std::string::npos);
  EXPECT_NE(view->ReadFile("/../../../etc/passwd", 4096).data.find("mallory"), std::string::npos);
  EXPECT_EQ(view->ReadFile("/missing-escape", 4096).status, FsStatus::kNotFound);
  EXPECT_EQ(view->Stat("/sys/class/drm/card0").type, NodeType::kDirectory);
}

TEST(MachineDirView, SymlinkLoopIsKLoop) {
  TempTree tree;
  tree.Link("a", "b").Link("b", "a").Link("self", "self");
  auto view = OpenOrDie(tree);
  EXPECT_EQ(view->ReadFile("/a", 100).status, FsStatus::kLoop);
  EXPECT_EQ(view->Stat("/self").status, FsStatus::kLoop);
  EXPECT_EQ(view->ListDir("/a").status, FsStatus::kLoop);
  EXPECT_EQ(view->ReadLink("/a").target, "b");  // the link itself is fine
}

TEST(MachineDirView, SparseFileReadWithSmallLimitIsQuickAndTruncated) {
  TempTree tree;
  tree.File("sys/class/drm/card0/device/mem_info_vram_total", "");
  ASSERT_EQ(::truncate(tree.At("sys/class/drm/card0/device/mem_info_vram_total").c_str(),
                       2LL << 30), 0);
  auto view = OpenOrDie(tree);
  const auto start = std::chrono::steady_clock::now();
  const FileContent big = view->ReadFile("/sys/class/drm/card0/device/mem_info_vram_total", 64);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
  ASSERT_TRUE(big.ok());
  EXPECT_EQ(big.data.size(), 64u);
  EXPECT_TRUE(big.truncated);
}

TEST(MachineDirView, FifoDoesNotBlock) {
  TempTree tree;
  tree.Dir("sys");
  ASSERT_EQ(::mkfifo(tree.At("sys/fifo").c_str(), 0644), 0);
  auto view = OpenOrDie(tree);
  const auto start = std::chrono::steady_clock::now();
  const FileContent fifo = view->ReadFile("/sys/fifo", 100);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
  EXPECT_EQ(fifo.status, FsStatus::kError);
  EXPECT_NE(fifo.error.find("not a regular file"), std::string::npos);
  EXPECT_EQ(view->Stat("/sys/fifo").type, NodeType::kOther);
}

TEST(MachineDirView, UnreadableDirectoryIsPermissionDenied) {
  if (::geteuid() == 0) {
    GTEST_SKIP() << "root bypasses mode bits; the recorded-error test covers kPermissionDenied";
  }
  TempTree tree;
  tree.File("sys/kernel/debug/dri/0/amdgpu_gpu_recover", "");
  ::chmod(tree.At("sys/kernel/debug").c_str(), 0);
  auto view = OpenOrDie(tree);
  EXPECT_EQ(view->ListDir("/sys/kernel/debug").status, FsStatus::kPermissionDenied);
  EXPECT_EQ(view->ReadFile("/sys/kernel/debug/dri/0/amdgpu_gpu_recover", 10).status,
            FsStatus::kPermissionDenied);
  ::chmod(tree.At("sys/kernel/debug").c_str(), 0755);
}

TEST(MachineDirView, RecordedErrorsAreServedAgain) {
  TempTree tree;
  tree.File("sys/class/drm/card0/device/pp_dpm_sclk", "");
  tree.MachineJson(R"({"errors": {
      "read": {"/sys/class/drm/card0/device/pp_dpm_sclk":
                   {"status": "permission-denied", "error": "Permission denied"}},
      "list": {"/sys/kernel/debug": {"status": "permission-denied"}},
      "stat": {"/dev/dxg": {"status": "error", "error": "Input/output error"}}}})");
  auto view = OpenOrDie(tree);
  const FileContent sclk = view->ReadFile("/sys/class/drm/card0/device/pp_dpm_sclk", 100);
  EXPECT_EQ(sclk.status, FsStatus::kPermissionDenied);
  EXPECT_EQ(sclk.error, "Permission denied");
  EXPECT_EQ(view->ListDir("/sys/kernel/debug").status, FsStatus::kPermissionDenied);
  EXPECT_EQ(view->Stat("/dev/dxg").status, FsStatus::kError);
}

TEST(MachineDirView, NonUtf8NamesAreListed) {
  TempTree tree;
  const std::string odd = "caf\xe9\xff";
  tree.File("opt/" + odd, "x").File("opt/b", "y");
  auto view = OpenOrDie(tree);
  const DirListing listing = view->ListDir("/opt");
  ASSERT_TRUE(listing.ok());
  EXPECT_EQ(listing.names, (std::vector<std::string>{"b", odd}));
  EXPECT_EQ(view->ReadFile("/opt/" + odd, 10).data, "x");
}

TEST(MachineDirView, MetadataIsHidden) {
  TempTree tree;
  tree.File("etc/os-release", "ID=ubuntu\n").MachineJson("{}");
  auto view = OpenOrDie(tree);
  EXPECT_EQ(view->ListDir("/").names, (std::vector<std::string>{"etc"}));
  EXPECT_EQ(view->ReadFile("/.rocm-doctor/machine.json", 100).status, FsStatus::kNotFound);
}

TEST(MachineDirView, NodesFromMachineJson) {
  TempTree tree;
  tree.File("etc/group", "root:x:0:\nvideo:x:44:alice\nrender:x:110:\n")
      .File("etc/passwd", "root:x:0:0::/root:/bin/sh\nalice:x:1000:1000::/home/alice:/bin/sh\n")
      .File("dev/kfd", "")
      .File("dev/null", "")
      .Link("dev/dri/by-path/pci-0000:03:00.0-render", "../renderD128");
  tree.MachineJson(R"({
    "format": 1,
    "user": {"name": "alice", "uid": 1000, "gid": 1000, "groups": ["alice", "video"]},
    "nodes": {
      "/dev/kfd": {"type": "char", "major": 234, "minor": 0, "mode": "0660",
                   "owner": "root", "group": "render"},
      "/dev/dri/renderD128": {"type": "char", "major": 226, "minor": 128, "mode": "0660",
                              "owner": 0, "group": "110"},
      "/dev/dri/card0": {"type": "char", "major": 226, "minor": 0, "mode": 432,
                         "group": "nosuchgroup"}
    }})");
  auto view = OpenOrDie(tree);
  const NodeInfo kfd = view->Stat("/dev/kfd");
  ASSERT_TRUE(kfd.ok());
  EXPECT_EQ(kfd.type, NodeType::kCharDevice);
  EXPECT_EQ(kfd.major, 234u);
  EXPECT_EQ(kfd.mode, 0660u);
  EXPECT_EQ(kfd.owner, "root");
  EXPECT_EQ(kfd.group, "render");
  EXPECT_EQ(kfd.gid, 110u);
  // Listed in nodes without a file, and reached through a by-path link.
  const NodeInfo render = view->Stat("/dev/dri/by-path/pci-0000:03:00.0-render");
  ASSERT_TRUE(render.ok()) << render.error;
  EXPECT_EQ(render.minor, 128u);
  EXPECT_EQ(render.group, "render");
  EXPECT_EQ(render.owner, "root");
  const NodeInfo card = view->Stat("/dev/dri/card0");
  EXPECT_EQ(card.mode, 0660u);  // a JSON number is the mode's value
  EXPECT_EQ(card.group, "nosuchgroup");
  EXPECT_EQ(card.gid, kUnknownId);
  EXPECT_EQ(view->ListDir("/dev/dri").names,
            (std::vector<std::string>{"by-path", "card0", "renderD128"}));
  EXPECT_EQ(view->Stat("/dev/dri").type, NodeType::kDirectory);
  // A dev/ file without a nodes entry is a char device 0666 root:root.
  const NodeInfo null_dev = view->Stat("/dev/null");
  EXPECT_EQ(null_dev.type, NodeType::kCharDevice);
  EXPECT_EQ(null_dev.mode, 0666u);
  EXPECT_EQ(null_dev.owner, "root");
  // Device nodes are never read.
  EXPECT_EQ(view->ReadFile("/dev/kfd", 100).status, FsStatus::kError);
  EXPECT_NE(view->ReadFile("/dev/kfd", 100).error.find("device node"), std::string::npos);
  EXPECT_EQ(view->ReadFile("/dev/dri/renderD128", 100).status, FsStatus::kError);
  EXPECT_EQ(view->ReadFile("/dev/null", 100).status, FsStatus::kError);
  const UserInfo user = view->CurrentUser();
  EXPECT_EQ(user.name, "alice");
  // The primary gid 1000 is added (the kernel always grants it); "alice" has no number here.
  ASSERT_EQ(user.groups.size(), 3u);
  EXPECT_EQ(user.groups[0].gid, std::optional<std::uint32_t>(1000));
  EXPECT_EQ(user.groups[1].name, "alice");
  EXPECT_EQ(user.groups[1].gid, std::nullopt);
  EXPECT_EQ(user.groups[2].name, "video");
  EXPECT_EQ(user.groups[2].gid, std::optional<std::uint32_t>(44));
}

TEST(MachineDirView, MissingMachineJsonMeansRootAndEmptyEnv) {
  TempTree tree;
  tree.File("proc/version", "Linux version 6.8.0\n");
  auto view = OpenOrDie(tree);
  EXPECT_EQ(view->CurrentUser().uid, 0u);
  EXPECT_EQ(view->CurrentUser().name, "root");
  EXPECT_TRUE(view->Environment().empty());
  EXPECT_EQ(view->Uname().release, std::nullopt);
}

TEST(MachineDirView, UnameEnvAndUserFromMachineJson) {
  TempTree tree;
  tree.MachineJson(R"({"uname": {"sysname": "Linux", "release": "6.8.0-45-generic",
                                 "machine": "x86_64"},
                       "env": {"HSA_OVERRIDE_GFX_VERSION": "10.3.0"},
                       "user": {"name": "bob", "uid": 1001}})");
  auto view = OpenOrDie(tree);
  EXPECT_EQ(view->Uname().release, std::optional<std::string>("6.8.0-45-generic"));
  EXPECT_EQ(view->Uname().version, std::nullopt);
  EXPECT_EQ(view->GetEnv("HSA_OVERRIDE_GFX_VERSION"), std::optional<std::string>("10.3.0"));
  EXPECT_EQ(view->GetEnv("PATH"), std::nullopt);
  EXPECT_EQ(view->CurrentUser().uid, 1001u);
  EXPECT_EQ(view->CurrentUser().gid, kUnknownId);
}

TEST(MachineDirView, MalformedMachineJsonIsAnOpenError) {
  const std::pair<std::string, std::string> cases[] = {
      {"{\"format\": 1,", "parse error"},
      {"[]", "top level must be an object"},
      {"{\"user\": {\"uid\": -1}}", "user.uid"},
      {"{\"env\": {\"A\": 1}}", "env.A"},
      {"{\"nodes\": {\"/dev/kfd\": {\"mode\": \"rw-rw----\"}}}", "mode"},
      {"{\"nodes\": {\"/dev/kfd\": {\"type\": \"pipe\"}}}", "type"},
      {"{\"format\": 2}", "format 2"},
      {"\xff\xfe{}", "parse error"},
      {"", "parse error"},
  };
  for (const auto& [text, want] : cases) {
    TempTree tree;
    tree.MachineJson(text);
    auto view = MachineDirSystemView::Open(tree.path(), tree.path());
    ASSERT_FALSE(view.ok()) << text;
    EXPECT_NE(view.error().find(want), std::string::npos) << view.error();
  }
}

TEST(MachineDirView, ProbesAreServedNeverRun) {
  TempTree tree;
  tree.File(".rocm-doctor/probes/hip-probe.json",
            R"({"name": "hip-probe", "argv": ["rocm-doctor-hip", "probe"], "state": "exited",
                "exit_code": 0, "signal": null, "stdout": "{\"devices\": 1}", "stderr": "",
                "wall_seconds": 0.25})")
      .File(".rocm-doctor/probes/broken.json", "{not json")
      .File(".rocm-doctor/probes/kernel-log.json",
            R"({"state": "ok", "source": "/dev/kmsg", "lines": ["amdgpu: probe", "x"]})");
  auto view = OpenOrDie(tree);
  CommandSpec spec;
  spec.name = "hip-probe";
  spec.argv = {"/bin/false"};
  const CommandOutcome hip = view->Run(spec);
  EXPECT_EQ(hip.state, CommandOutcome::State::kExited);
  EXPECT_EQ(hip.exit_code, 0);
  EXPECT_EQ(hip.out, "{\"devices\": 1}");
  EXPECT_DOUBLE_EQ(hip.wall_seconds, 0.25);
  spec.name = "python-torch";
  EXPECT_EQ(view->Run(spec).state, CommandOutcome::State::kNotRecorded);
  EXPECT_EQ(view->Run(spec).error, "not recorded in this capture");
  spec.name = "broken";
  EXPECT_EQ(view->Run(spec).state, CommandOutcome::State::kNotRecorded);
  EXPECT_NE(view->Run(spec).error.find("malformed"), std::string::npos);
  spec.name = "../../etc/passwd";
  EXPECT_EQ(view->Run(spec).state, CommandOutcome::State::kNotRecorded);
  const KernelLog log = view->ReadKernelLog();
  EXPECT_EQ(log.state, KernelLog::State::kOk);
  EXPECT_EQ(log.lines, (std::vector<std::string>{"amdgpu: probe", "x"}));
  EXPECT_NE(log.source.find("/dev/kmsg"), std::string::npos);
}

TEST(MachineDirView, KernelLogNotRecorded) {
  TempTree tree;
  tree.Dir("sys");
  auto view = OpenOrDie(tree);
  const KernelLog log = view->ReadKernelLog();
  EXPECT_EQ(log.state, KernelLog::State::kNotRecorded);
  EXPECT_EQ(log.error, "not recorded in this capture");
}

TEST(MachineDirView, UnreadableKernelLogRecording) {
  TempTree tree;
  tree.File(".rocm-doctor/probes/kernel-log.json",
            R"({"state": "unreadable", "source": "/dev/kmsg, dmesg",
                "error": "/dev/kmsg: Operation not permitted; dmesg: exit 1"})");
  const KernelLog log = OpenOrDie(tree)->ReadKernelLog();
  EXPECT_EQ(log.state, KernelLog::State::kUnreadable);
  EXPECT_NE(log.error.find("Operation not permitted"), std::string::npos);
}

}  // namespace
}  // namespace rocm_doctor::system
