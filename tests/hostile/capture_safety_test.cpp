// SPDX-License-Identifier: MIT
// Capture safety: `capture` never follows links out of what it captures, bounds every file,
// never writes through a link in its output, and with --redact no identifying value survives
// anywhere in the capture (contents, names, link texts), while the capture still replays to
// the same diagnosis.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "hostile/doctor_run.h"
#include "unit/system/temp_tree.h"

namespace rocm_doctor {
namespace {

namespace fs = std::filesystem;
using testing::DoctorRun;

constexpr char kBase[] = "rx7900xtx-healthy";
constexpr char kGpuDir[] =
    "sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0";

std::string ReadAll(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Every byte a capture holds that a reader could see: file contents, names, link texts.
std::string EverythingIn(const std::string& dir) {
  std::string all;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    all += e.path().string() + "\n";
    if (e.is_symlink()) {
      all += fs::read_symlink(e.path()).string() + "\n";
    } else if (e.is_regular_file()) {
      all += ReadAll(e.path()) + "\n";
    }
  }
  return all;
}

class CaptureSafety : public ::testing::Test {
 protected:
  void SetUp() override {
    std::error_code ec;
    fs::copy(fs::path(ROCMDOC_SOURCE_DIR) / "tests" / "machines" / kBase, Source(),
             fs::copy_options::recursive | fs::copy_options::copy_symlinks, ec);
    ASSERT_FALSE(ec) << ec.message();
  }
  std::string Source() const { return tree_.At("source"); }
  std::string At(const std::string& rel) const { return Source() + "/" + rel; }
  void Write(const std::string& rel, const std::string& content) {
    fs::create_directories(fs::path(At(rel)).parent_path());
    fs::remove(At(rel));
    std::ofstream(At(rel), std::ios::binary) << content;
  }
  DoctorRun Capture(const std::string& out, bool redact) {
    std::vector<std::string> args = {"capture", "--sysroot", Source(), "-o", out};
    if (redact) args.push_back("--redact");
    return testing::RunDoctor(args);
  }
  DoctorRun Replay(const std::string& dir) {
    return testing::RunDoctor({"check", "--sysroot", dir, "--format", "json"});
  }

  testing::TempTree tree_;
};

TEST_F(CaptureSafety, LinksOutOfTheCaptureAreNotFollowedOrWritten) {
  tree_.File("secret/os-release", "NAME=\"ROCMDOC-CAPTURE-SECRET\"\n");
  fs::remove(At("etc/os-release"));
  fs::create_symlink("../../secret/os-release", At("etc/os-release"));
  fs::remove(At(std::string(kGpuDir) + "/vendor"));
  fs::create_symlink(tree_.At("secret/os-release"), At(std::string(kGpuDir) + "/vendor"));
  // A link whose text climbs above "/" in a directory the checks list: it resolves inside the
  // machine (nothing there), and must not be written as a link that would leave the capture
  // for anyone else following it.
  fs::create_symlink("../../../../../../../etc/shadow", At("sys/class/drm/renderD999"));
  const std::string out = tree_.At("out");
  const DoctorRun run = Capture(out, false);
  ASSERT_EQ(run.outcome.exit_code, 0) << run.Context();
  EXPECT_NE(run.outcome.err.find("/sys/class/drm/renderD999 -> ../../../../../../../etc/shadow: "
                                 "the link climbs above /; not written"),
            std::string::npos)
      << run.Context();
  const std::string all = EverythingIn(out);
  EXPECT_EQ(all.find("ROCMDOC-CAPTURE-SECRET"), std::string::npos);
  for (const auto& e : fs::recursive_directory_iterator(out)) {
    if (!e.is_symlink()) continue;
    const fs::path target = fs::read_symlink(e.path());
    if (target.is_absolute()) continue;  // machine-format.md: /x means DIR/x
    // Lexically, from the link's directory, the target stays inside the capture.
    const fs::path joined = (e.path().parent_path() / target).lexically_normal();
    EXPECT_EQ(joined.string().rfind(out, 0), 0u) << e.path() << " -> " << target;
  }
}

TEST_F(CaptureSafety, EveryFileIsBounded) {
  const std::string big = At(std::string(kGpuDir) + "/vendor");
  fs::remove(big);
  const int fd = ::open(big.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::ftruncate(fd, off_t{2} << 30), 0);  // sparse 2 GiB
  ::close(fd);
  const std::string out = tree_.At("out");
  const DoctorRun run = Capture(out, false);
  ASSERT_EQ(run.outcome.exit_code, 0) << run.Context();
  std::uintmax_t total = 0;
  for (const auto& e : fs::recursive_directory_iterator(out)) {
    if (e.is_regular_file() && !e.is_symlink()) total += e.file_size();
  }
  EXPECT_LT(total, std::uintmax_t{64} << 20) << "the capture copied the 2 GiB file";
}

TEST_F(CaptureSafety, TheOutputIsNeverWrittenThrough) {
  // An output path that is a link, or a directory holding something, is refused.
  tree_.Dir("elsewhere");
  fs::create_symlink(tree_.At("elsewhere"), tree_.At("link-out"));
  const DoctorRun linked = Capture(tree_.At("link-out"), false);
  EXPECT_EQ(linked.outcome.exit_code, 2) << linked.Context();
  EXPECT_TRUE(fs::is_empty(tree_.At("elsewhere")));
  tree_.Dir("planted");
  fs::create_symlink("/etc", tree_.At("planted/etc"));
  const DoctorRun planted = Capture(tree_.At("planted"), false);
  EXPECT_EQ(planted.outcome.exit_code, 2) << planted.Context();
  EXPECT_NE(planted.outcome.err.find("not empty"), std::string::npos) << planted.Context();
}

TEST_F(CaptureSafety, RedactLeavesNoIdentifyingValue) {
  // Identifying values wherever a capture holds them: hostname, user and home (machine.json,
  // the environment, /etc/passwd), a GPU's unique id (KFD properties), and the kernel log with
  // UUIDs, MACs and addresses. (Files that are a serial alone, such as a PCI serial_number, are
  // not read by any check, so a capture never holds them; redact_test.cpp covers them.)
  const std::vector<std::string> secrets = {
      "gpu-node-17.corp.example.com", "gpu-node-17", "zqalice", "/home/zqalice", "zqbob",
      "1311768467463790320",
      "3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b", "3c:ec:ef:12:34:56", "10.20.30.40",
      "fe80::1e2f:3a4b:5c6d:7e8f", "2a02:1234:5678:9abc:def0:1234:5678:9abc"};
  Write("proc/sys/kernel/hostname", "gpu-node-17.corp.example.com\n");
  Write("etc/hostname", "gpu-node-17\n");
  std::string passwd = ReadAll(At("etc/passwd"));
  passwd += "zqalice:x:1000:1000:Alice:/home/zqalice:/bin/bash\n"
            "zqbob:x:1001:1001::/home/zqbob:/bin/sh\n";
  Write("etc/passwd", passwd);
  const std::string props = At("sys/class/kfd/kfd/topology/nodes/1/properties");
  std::string text = ReadAll(props);
  const std::size_t at = text.find("unique_id ");
  ASSERT_NE(at, std::string::npos) << "the base machine's KFD node has a unique_id";
  text.replace(at, text.find('\n', at) - at, "unique_id 1311768467463790320");
  Write("sys/class/kfd/kfd/topology/nodes/1/properties", text);

  nlohmann::json machine = nlohmann::json::parse(ReadAll(At(".rocm-doctor/machine.json")));
  machine["user"] = {{"name", "zqalice"}, {"uid", 1000}, {"gid", 1000},
                     {"groups", {"zqalice", "render", "video"}}};
  machine["env"]["HOME"] = "/home/zqalice";
  machine["env"]["PATH"] = "/home/zqalice/.local/bin:/usr/bin:/bin";
  machine["env"]["VIRTUAL_ENV"] = "/home/zqalice/venv";
  machine["env"]["HIP_VISIBLE_DEVICES"] = "GPU-3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b";
  Write(".rocm-doctor/machine.json", machine.dump(2));
  nlohmann::json log = nlohmann::json::parse(ReadAll(At(".rocm-doctor/probes/kernel-log.json")));
  log["lines"].push_back("igb 0000:05:00.0 eth0: (PCIe:2.5Gb/s:Width x1) 3c:ec:ef:12:34:56");
  log["lines"].push_back("IPv6: ADDRCONF(NETDEV_CHANGE): eth0 fe80::1e2f:3a4b:5c6d:7e8f 10.20.30.40");
  log["lines"].push_back("EXT4-fs (nvme0n1p2): mounted filesystem 3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b");
  log["lines"].push_back("systemd[1]: Started session of user zqbob on gpu-node-17.");
  log["lines"].push_back("route 2a02:1234:5678:9abc:def0:1234:5678:9abc via /home/zqalice");
  Write(".rocm-doctor/probes/kernel-log.json", log.dump(2));

  const DoctorRun plain = Replay(Source());
  const std::string out = tree_.At("redacted");
  const DoctorRun run = Capture(out, true);
  ASSERT_EQ(run.outcome.exit_code, 0) << run.Context();
  EXPECT_NE(run.outcome.out.find("Redacted "), std::string::npos) << run.Context();

  // Without --redact the same capture holds them (the test would notice nothing otherwise).
  const std::string unredacted = tree_.At("unredacted");
  ASSERT_EQ(Capture(unredacted, false).outcome.exit_code, 0);
  const std::string before = EverythingIn(unredacted);
  const std::string after = EverythingIn(out);
  for (const std::string& secret : secrets) {
    EXPECT_NE(before.find(secret), std::string::npos) << secret << " is not in the capture";
    EXPECT_EQ(after.find(secret), std::string::npos) << secret << " survived --redact";
  }

  // What was removed is listed by kind and count in machine.json.
  const nlohmann::json meta = nlohmann::json::parse(ReadAll(out + "/.rocm-doctor/machine.json"),
                                                    nullptr, false);
  ASSERT_TRUE(meta.is_object());
  ASSERT_TRUE(meta.contains("redacted")) << meta.dump(2);
  for (const char* kind : {"hostname", "user name", "serial number", "UUID", "MAC address",
                           "IPv4 address", "IPv6 address"}) {
    EXPECT_TRUE(meta["redacted"].contains(kind)) << kind << " in " << meta["redacted"].dump();
  }

  // The redacted capture still tells the same story.
  const DoctorRun replayed = Replay(out);
  ASSERT_TRUE(replayed.JsonOk()) << replayed.Context();
  EXPECT_EQ(replayed.outcome.exit_code, plain.outcome.exit_code) << replayed.Context();
  EXPECT_EQ(replayed.report.value("verdict", ""), plain.report.value("verdict", ""));
}

TEST_F(CaptureSafety, RedactedArchiveToo) {
  Write("proc/sys/kernel/hostname", "gpu-node-17\n");
  const std::string archive = tree_.At("machine.tar.gz");
  const DoctorRun run = Capture(archive, true);
  ASSERT_EQ(run.outcome.exit_code, 0) << run.Context();
  tree_.Dir("unpacked");
  CommandSpec tar;
  tar.name = "tar";
  tar.argv = {"tar", "-xzf", archive, "-C", tree_.At("unpacked")};
  ASSERT_EQ(RunCommand(tar).exit_code, 0);
  EXPECT_EQ(EverythingIn(tree_.At("unpacked")).find("gpu-node-17"), std::string::npos);
}

}  // namespace
}  // namespace rocm_doctor
