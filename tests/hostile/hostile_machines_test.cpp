// SPDX-License-Identifier: MIT
// Hostile machine directories, generated at test time from a real one (rx7900xtx-healthy):
// symlink loops, links that escape the root, a 2 GiB file where a 5-byte sysfs value belongs,
// binary garbage, empty files, directories without permission, thousands of KFD nodes and
// non-UTF-8 names. Each replay must finish in bounded time with a valid JSON report whose
// UNKNOWN/ERROR findings name the hostile path, and must never show what lies outside the root.
// Most cases replay twice: first with the damage below the GPU (KFD, /etc, /proc, /opt), then
// with the GPU's own PCI attributes damaged too, which blocks every check that needs the GPU.
// Times are printed ("[ hostile ] ..."); tools/bench/hostile_machines.sh collects them.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "hostile/doctor_run.h"
#include "unit/system/temp_tree.h"

namespace rocm_doctor {
namespace {

namespace fs = std::filesystem;
using testing::DoctorRun;

constexpr char kBaseMachine[] = "rx7900xtx-healthy";
// The GPU's physical sysfs directory in that machine, and its links.
constexpr char kHostileGpuDir[] =
    "sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0";
constexpr char kGpuVendor[] = "/sys/bus/pci/devices/0000:03:00.0/vendor";
constexpr char kKfdNodes[] = "sys/class/kfd/kfd/topology/nodes";
// Written outside the machine directory; no report may ever contain it.
constexpr char kSecret[] = "ROCMDOC-OUTSIDE-THE-ROOT-5b1e";
// Generous: a replay takes well under a second; this only catches a hang or a quadratic blowup.
constexpr auto kReplayDeadline = std::chrono::seconds(60);

bool RunAsNobody() { return ::geteuid() == 0; }

class HostileMachine : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(tree_.path().empty());
    ::chmod(tree_.path().c_str(), 0755);  // nobody must reach it (RunAsNobody)
    std::error_code ec;
    fs::copy(fs::path(ROCMDOC_SOURCE_DIR) / "tests" / "machines" / kBaseMachine, Machine(),
             fs::copy_options::recursive | fs::copy_options::copy_symlinks, ec);
    ASSERT_FALSE(ec) << ec.message();
    tree_.File("outside/vendor", std::string("0x1002\n") + kSecret + "\n");
    tree_.File("outside/gpu/vendor", std::string("0x1002\n") + kSecret + "\n");
    tree_.File("outside/gpu/class", std::string("0x030000\n") + kSecret + "\n");
    tree_.File("outside/os-release", std::string("NAME=\"") + kSecret + "\"\nID=ubuntu\n");
    tree_.File("outside/version", std::string("6.2.0-") + kSecret + "\n");
    tree_.File("outside/node/properties", std::string("cpu_cores_count 0\n") + kSecret + " 1\n");
  }

  std::string Machine() const { return tree_.At("machine"); }
  std::string At(const std::string& rel) const { return Machine() + "/" + rel; }
  std::string Outside() const { return tree_.At("outside"); }

  void Replace(const std::string& rel, const std::string& content) {
    fs::remove_all(At(rel));
    fs::create_directories(fs::path(At(rel)).parent_path());
    std::ofstream(At(rel), std::ios::binary | std::ios::trunc) << content;
  }
  void Link(const std::string& rel, const std::string& target) {
    fs::remove_all(At(rel));
    fs::create_directories(fs::path(At(rel)).parent_path());
    ASSERT_EQ(::symlink(target.c_str(), At(rel).c_str()), 0) << rel;
  }

  DoctorRun Replay(const std::string& name, bool as_nobody = false) {
    DoctorRun run = testing::RunDoctor({"check", "--sysroot", Machine(), "--format", "json"},
                                       kReplayDeadline, {}, as_nobody);
    std::printf("[ hostile ] %-28s %7.3f s exit %d\n", name.c_str(), run.seconds,
                run.outcome.exit_code);
    ExpectSane(run);
    return run;
  }

  // Finished in time, exit 0/1/2, a strictly valid JSON report, nothing from outside the root.
  static void ExpectSane(const DoctorRun& run) {
    EXPECT_EQ(run.outcome.state, CommandOutcome::State::kExited) << run.Context();
    EXPECT_GE(run.outcome.exit_code, 0);
    EXPECT_LE(run.outcome.exit_code, 2) << run.Context();
    ASSERT_TRUE(run.JsonOk()) << "not strictly valid JSON" << run.Context();
    EXPECT_EQ(run.report.value("exit_code", -1), run.outcome.exit_code);
    ASSERT_TRUE(run.report.contains("checks") && run.report["checks"].is_array());
    EXPECT_GT(run.report["checks"].size(), 10u);
    EXPECT_EQ(run.outcome.out.find(kSecret), std::string::npos) << "read outside the root";
    EXPECT_EQ(run.outcome.err.find(kSecret), std::string::npos) << "read outside the root";
  }

  // Some UNKNOWN or ERROR finding (or check) mentions `fragment`.
  static void ExpectUnknownNaming(const DoctorRun& run, const std::string& fragment) {
    std::string seen;
    for (const auto& f : testing::Findings(run.report)) {
      const bool unsure = f.status == "unknown" || f.status == "error";
      if (unsure && f.text.find(fragment) != std::string::npos) return;
      if (f.text.find(fragment) != std::string::npos) {
        seen += "\n  " + f.check + " " + f.code + " (" + f.status + ")";
      }
    }
    ADD_FAILURE() << "no unknown/error finding names " << fragment
                  << (seen.empty() ? std::string(" (nothing names it)") : "; named by:" + seen)
                  << run.Context();
  }

  testing::TempTree tree_;
};

TEST_F(HostileMachine, TheBaseMachineIsHealthy) {
  const DoctorRun run = Replay("base");
  EXPECT_EQ(run.outcome.exit_code, 0) << run.Context();
}

TEST_F(HostileMachine, SymlinkLoops) {
  Link(std::string(kKfdNodes) + "/1", "1b");  // 1 -> 1b -> 1
  Link(std::string(kKfdNodes) + "/1b", "1");
  Link("etc/os-release", "../etc/./os-release");
  ExpectUnknownNaming(Replay("symlink loops: KFD"), "/sys/class/kfd/kfd/topology/nodes/1");
  Link(std::string(kHostileGpuDir) + "/vendor", "vendor");  // itself
  ExpectUnknownNaming(Replay("symlink loops: PCI"), kGpuVendor);
}

TEST_F(HostileMachine, LinksEscapingTheRootStayInside) {
  // Relative links that climb past the root, and absolute links to the real file system: in a
  // machine directory both resolve inside it, where nothing is, never to outside/.
  Link("etc/os-release", "../../../../../../../../../../" + Outside().substr(1) + "/os-release");
  Link("opt/rocm-6.2.0/.info/version", "../../../../outside/version");
  // sys/class/kfd/kfd links to sys/devices/virtual/kfd/kfd: nodes/1 is 8 levels down.
  Link("sys/devices/virtual/kfd/kfd/topology/nodes/1", "../../../../../../../../outside/node");
  ExpectUnknownNaming(Replay("escaping links: KFD"), "/sys/class/kfd/kfd/topology/nodes/1");
  // The GPU's device link, absolute and relative: a device directory that is not there.
  Link("sys/bus/pci/devices/0000:03:00.0", Outside() + "/gpu");
  ExpectUnknownNaming(Replay("escaping links: PCI"), kGpuVendor);
  Link("sys/bus/pci/devices/0000:03:00.0", "../../../../../../../../.." + Outside() + "/gpu");
  ExpectUnknownNaming(Replay("escaping links: PCI, relative"), kGpuVendor);
}

TEST_F(HostileMachine, TwoGibFileWhereAFiveByteValueBelongs) {
  const std::string path = At(std::string(kHostileGpuDir) + "/vendor");
  fs::remove(path);
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::pwrite(fd, "0x1002", 6, 0), 6);
  ASSERT_EQ(::ftruncate(fd, off_t{2} << 30), 0);  // sparse: no disk space used
  ::close(fd);
  const DoctorRun run = Replay("2 GiB sysfs value");
  EXPECT_LT(run.seconds, 20.0) << "the read is bounded, not 2 GiB";
  ExpectUnknownNaming(run, kGpuVendor);
}

TEST_F(HostileMachine, BinaryGarbage) {
  std::mt19937 random(20240601);  // fixed: the same garbage every run
  const auto garbage = [&](std::size_t size) {
    std::string bytes(size, '\0');
    for (char& c : bytes) c = static_cast<char>(random() & 0xff);
    return bytes;
  };
  Replace(std::string(kKfdNodes) + "/1/properties", garbage(4000));
  Replace("etc/os-release", garbage(300));
  Replace("proc/cmdline", garbage(200));
  Replace("proc/modules", garbage(5000));
  Replace("proc/meminfo", garbage(900));
  Replace("opt/rocm-6.2.0/.info/version", garbage(50));
  const DoctorRun below = Replay("binary garbage: KFD");
  ExpectUnknownNaming(below, "/sys/class/kfd/kfd/topology/nodes/1/properties");
  ExpectUnknownNaming(below, "/proc/meminfo");
  for (const char* attribute : {"vendor", "device", "class", "revision", "uevent",
                                "current_link_speed", "mem_info_vram_total"}) {
    Replace(std::string(kHostileGpuDir) + "/" + attribute, garbage(37));
  }
  ExpectUnknownNaming(Replay("binary garbage: PCI"), kGpuVendor);
}

TEST_F(HostileMachine, EmptyFiles) {
  const auto empty_all = [&](const std::string& top) {
    std::size_t emptied = 0;
    for (const auto& entry : fs::recursive_directory_iterator(At(top))) {
      if (entry.is_regular_file() && !entry.is_symlink()) {
        fs::resize_file(entry.path(), 0);
        ++emptied;
      }
    }
    return emptied;
  };
  std::size_t emptied = 0;
  for (const char* top : {"sys/devices/virtual", "proc", "etc", "opt"}) emptied += empty_all(top);
  ASSERT_GT(emptied, 20u);
  const DoctorRun below = Replay("empty files: KFD");
  ExpectUnknownNaming(below, "/sys/class/kfd/kfd/topology/nodes/1/properties");
  ExpectUnknownNaming(below, "/proc/meminfo");
  ASSERT_GT(empty_all("sys"), 30u);
  // Every function is unidentifiable now; the finding names the first with what is wrong.
  ExpectUnknownNaming(Replay("empty files: PCI"), "/vendor: malformed hexadecimal value ''");
}

TEST_F(HostileMachine, DirectoriesWithoutPermission) {
  // Root reads mode-000 directories anyway, so as root the doctor runs as nobody.
  const auto expect_denied = [](const DoctorRun& run, const std::string& path) {
    ExpectUnknownNaming(run, path);
    bool denied = false;
    for (const auto& f : testing::Findings(run.report)) {
      denied = denied || (f.text.find(path) != std::string::npos &&
                          f.text.find("ermission denied") != std::string::npos);
    }
    EXPECT_TRUE(denied) << "no finding says permission denied for " << path << run.Context();
  };
  const std::string node = At("sys/devices/virtual/kfd/kfd/topology/nodes/1");
  ASSERT_EQ(::chmod(node.c_str(), 0), 0);
  const DoctorRun below = Replay("no permission: KFD", RunAsNobody());
  ASSERT_EQ(::chmod(At(kHostileGpuDir).c_str(), 0), 0);
  const DoctorRun pci = Replay("no permission: PCI", RunAsNobody());
  ::chmod(At(kHostileGpuDir).c_str(), 0755);
  ::chmod(node.c_str(), 0755);
  expect_denied(below, "/sys/class/kfd/kfd/topology/nodes/1/properties");
  expect_denied(pci, kGpuVendor);
}

TEST_F(HostileMachine, ThousandsOfKfdNodes) {
  // More than the collector reads (kMaxKfdNodes), each a hard link to node 1's files.
  const std::string node1 = At(std::string(kKfdNodes) + "/1");
  constexpr int kNodes = 5000;
  for (int i = 2; i < kNodes; ++i) {
    const std::string dir = At(std::string(kKfdNodes) + "/" + std::to_string(i));
    ASSERT_EQ(::mkdir(dir.c_str(), 0755), 0) << dir;
    ASSERT_EQ(::link((node1 + "/properties").c_str(), (dir + "/properties").c_str()), 0);
    ASSERT_EQ(::link((node1 + "/gpu_id").c_str(), (dir + "/gpu_id").c_str()), 0);
  }
  const DoctorRun run = Replay("5000 KFD nodes");
  EXPECT_LT(run.seconds, 30.0) << run.Context();
  ExpectUnknownNaming(run, "/sys/class/kfd/kfd/topology/nodes lists 5000 nodes");
}

TEST_F(HostileMachine, NonUtf8NamesAndContents) {
  const std::string bad = "\xff\xfe\x80";
  fs::create_directories(At("sys/bus/pci/devices/" + bad));
  Replace("sys/bus/pci/devices/" + bad + "/vendor", "0x1002\n");
  Replace(std::string(kKfdNodes) + "/1/name", "gfx1100" + bad + "\n");
  Replace("etc/modprobe.d/" + bad + ".conf", "blacklist amdgpu\n");
  Replace("etc/os-release", "NAME=\"Ub" + bad + "untu\"\nID=ubuntu\nVERSION_ID=\"22.04\"\n");
  Replace(std::string(kKfdNodes) + "/1/properties", bad + "\n" + bad + bad + "\n");
  fs::create_directories(At(std::string(kKfdNodes) + "/" + bad));
  Replace(std::string(kKfdNodes) + "/" + bad + "/properties", "simd_count 1\n");
  const DoctorRun below = Replay("non-UTF-8: KFD");
  ExpectUnknownNaming(below, "/sys/class/kfd/kfd/topology/nodes/1/properties");
  // The blacklist in a file with a non-UTF-8 name is still found and still named.
  bool blacklist = false;
  for (const auto& f : testing::Findings(below.report)) {
    blacklist = blacklist || (f.text.find("/etc/modprobe.d/") != std::string::npos &&
                              f.text.find("blacklist amdgpu") != std::string::npos);
  }
  EXPECT_TRUE(blacklist) << below.Context();
  Replace(std::string(kHostileGpuDir) + "/vendor", "0x10" + bad + "\n");
  ExpectUnknownNaming(Replay("non-UTF-8: PCI"), kGpuVendor);
}

TEST_F(HostileMachine, MalformedMachineJsonIsAClearError) {
  Replace(".rocm-doctor/machine.json", "{\"user\": {\"name\": 7}, \xff");
  const DoctorRun run = testing::RunDoctor({"check", "--sysroot", Machine(), "--format", "json"});
  EXPECT_EQ(run.outcome.exit_code, 2) << run.Context();
  ASSERT_TRUE(run.JsonOk()) << run.Context();
  EXPECT_NE(run.outcome.out.find("machine.json"), std::string::npos) << run.Context();
}

}  // namespace
}  // namespace rocm_doctor
