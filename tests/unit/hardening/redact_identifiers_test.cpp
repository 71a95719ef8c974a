// SPDX-License-Identifier: MIT
// Issue 13 item 11: --redact must find identifiers inside values, in every form the tools print,
// and give one device (or host) one placeholder whatever the form. The GPU ids below are real
// KFD unique_ids from tests/machines (hip-probe-failed, node 2 and 3); their hex forms are what
// DRM sysfs, rocm-smi, rocminfo and HIP_VISIBLE_DEVICES=GPU-... write for the same device.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "base/redact.h"

namespace rocm_doctor {
namespace {

constexpr char kDecimal[] = "4344594913726234626";  // KFD properties
constexpr char kHex[] = "3c4b1a0e2d9f0002";         // the same number, 16 hex digits
constexpr char kHexUpper[] = "3C4B1A0E2D9F0002";
constexpr char kDecimal2[] = "4344594913726234627";
constexpr char kHex2[] = "3c4b1a0e2d9f0003";

// Fails with the text when any form of either device's id survives.
void ExpectNoGpuId(const std::string& text) {
  for (const char* id : {kDecimal, kHex, kHexUpper, kDecimal2, kHex2, "3C4B1A0E2D9F0003"}) {
    EXPECT_EQ(text.find(id), std::string::npos) << id << " leaked in:\n" << text;
  }
}

TEST(RedactIdentifiers, HipVisibleDevicesAndTheKfdUniqueIdAreOneDevice) {
  // The review's attack: the id inside an environment value, and the same device in KFD.
  Redactor redactor;
  const std::string kfd = redactor.Text(std::string("unique_id ") + kDecimal + "\n");
  const std::string env = redactor.Text(std::string("HIP_VISIBLE_DEVICES=GPU-") + kHex + "\n");
  ExpectNoGpuId(kfd + env);
  EXPECT_EQ(kfd, "unique_id 0000000000000000001\n");
  EXPECT_EQ(env, "HIP_VISIBLE_DEVICES=GPU-0000000000000001\n");
}

TEST(RedactIdentifiers, EveryFormOfOneIdGetsOnePlaceholderInEitherOrder) {
  // Environment first this time, then KFD, DRM, rocm-smi and rocminfo.
  Redactor redactor;
  std::vector<std::string> out;
  out.push_back(
      redactor.Text(std::string("ROCR_VISIBLE_DEVICES=GPU-") + kHex2 + ",GPU-" + kHexUpper));
  out.push_back(redactor.Text(std::string("unique_id ") + kDecimal));
  out.push_back(redactor.Text(std::string("unique_id ") + kDecimal2));
  out.push_back(redactor.File("/sys/class/drm/card1/device/unique_id", std::string(kHex) + "\n"));
  out.push_back(redactor.Text(std::string("GPU[0]\t\t: Unique ID: 0x") + kHexUpper));
  out.push_back(redactor.Text(std::string("  Uuid:                    GPU-") + kHex));
  out.push_back(redactor.Text(std::string("{\"card0\": {\"Unique ID\": \"0x") + kHex + "\"}}"));
  std::string all;
  for (const std::string& o : out) all += o + "\n";
  ExpectNoGpuId(all);
  EXPECT_EQ(out[0], "ROCR_VISIBLE_DEVICES=GPU-0000000000000001,GPU-0000000000000002");
  EXPECT_EQ(out[1], "unique_id 0000000000000000002");
  EXPECT_EQ(out[2], "unique_id 0000000000000000001");
  EXPECT_EQ(out[3], "0000000000000002\n");
  EXPECT_EQ(out[4], "GPU[0]\t\t: Unique ID: 0x0000000000000002");
  EXPECT_EQ(out[5], "  Uuid:                    GPU-0000000000000002");
  EXPECT_EQ(out[6], "{\"card0\": {\"Unique ID\": \"0x0000000000000002\"}}");
  ASSERT_EQ(redactor.Summary().size(), 1u);
  EXPECT_EQ(redactor.Summary()[0].values, 2u) << "two devices";
}

TEST(RedactIdentifiers, ALearnedIdIsFoundBareAnywhere) {
  // A cache path or a log line with the id and no key in front of it: once any file showed the
  // id, every form of it is known. Learn() reads ahead so the order of files does not matter.
  Redactor redactor;
  redactor.Learn(std::string("unique_id ") + kDecimal + "\n");
  const std::string out =
      redactor.Text(std::string("/root/.cache/miopen/") + kHex + "/kernels.ukdb\n" + "device " +
                    kHexUpper + " reset; id=" + kDecimal + ".\n");
  ExpectNoGpuId(out);
  EXPECT_EQ(out,
            "/root/.cache/miopen/0000000000000001/kernels.ukdb\n"
            "device 0000000000000001 reset; id=0000000000000000001.\n");
  // Learning counts nothing: the summary is what Text() replaced.
  EXPECT_EQ(redactor.Occurrences(), 3u);
}

TEST(RedactIdentifiers, PciSerialsKeepTheirShape) {
  Redactor redactor;
  EXPECT_EQ(
      redactor.Text("\tCapabilities: [150 v1] Device Serial Number 3c-4b-1a-0e-2d-9f-00-02\n"),
      "\tCapabilities: [150 v1] Device Serial Number 00-00-00-00-00-00-00-01\n");
  EXPECT_EQ(redactor.Text("GPU-3c4b1a0e2d9f0002"), "GPU-0000000000000001") << "the same number";
  const std::string zero =
      "\tCapabilities: [150 v1] Device Serial Number 00-00-00-00-00-00-00-00\n";
  EXPECT_EQ(redactor.Text(zero), zero);
  EXPECT_EQ(redactor.Text("GPU[0]\t\t: Serial Number: 692231000131\n"),
            "GPU[0]\t\t: Serial Number: 000000000002\n");
}

struct Case {
  const char* input;
  const char* expected;
};

TEST(RedactIdentifiers, TheShortHostNameFindsItsFullyQualifiedForms) {
  // Debian and Ubuntu keep the short name in /etc/hostname and the kernel: the review's FQDN in
  // kernel log lines kept its domain ("host1.lab.example.org").
  const Case cases[] = {
      {"systemd[1]: Hostname set to <gpu-node-07.lab.example.org>.",
       "systemd[1]: Hostname set to <host1>."},
      {"nfs: server gpu-node-07.lab.example.org not responding, still trying",
       "nfs: server host1 not responding, still trying"},
      {"Dec 01 10:00:00 GPU-NODE-07.Lab.Example.Org kernel: amdgpu 0000:03:00.0: amdgpu: Fetched "
       "VBIOS from VFCT",
       "Dec 01 10:00:00 host1 kernel: amdgpu 0000:03:00.0: amdgpu: Fetched VBIOS from VFCT"},
      {"HOSTNAME=gpu-node-07.lab.example.org", "HOSTNAME=host1"},
      {"/scratch/gpu-node-07.lab.example.org/job", "/scratch/host1/job"},
      {"SLURMD_NODENAME=gpu-node-07", "SLURMD_NODENAME=host1"},
      {"/var/log/gpu-node-07.log and gpu-node-07.json", "/var/log/host1.log and host1.json"},
      {"ib0 gpu-node-07-ib0.lab.example.org", "ib0 host1-ib0"},
      {"gpu-node-070 xgpu-node-07", "gpu-node-070 xgpu-node-07"},
  };
  for (const Case& c : cases) {
    Redactor redactor(IdentifyingNames{{"gpu-node-07\n"}, {}});
    EXPECT_EQ(redactor.Text(c.input), c.expected) << c.input;
  }
}

TEST(RedactIdentifiers, AKnownDomainIsRedactedWhereverItIs) {
  // /etc/hostname holds the FQDN: its short name and FQDN are one host, and the domain alone
  // (a neighbour, a search line) identifies the site.
  Redactor redactor(IdentifyingNames{{"gpu-node-07.lab.example.org"}, {}});
  EXPECT_EQ(redactor.Text("gpu-node-07 gpu-node-07.lab.example.org GPU-NODE-07"),
            "host1 host1 host1");
  EXPECT_EQ(redactor.Text("nfs: server fs01.lab.example.org OK; search lab.example.org"),
            "nfs: server fs01.domain1.example OK; search domain1.example");
  EXPECT_EQ(redactor.Text("example.org lab.example.organic"), "example.org lab.example.organic");
  const auto summary = redactor.Summary();
  ASSERT_EQ(summary.size(), 2u);
  EXPECT_EQ(summary[0].kind, RedactionKind::kHostname);
  EXPECT_EQ(summary[0].values, 1u);
  EXPECT_EQ(summary[0].occurrences, 3u);
  EXPECT_EQ(ToString(summary[1].kind), "domain name");
}

// Lines with words that name an identifier but hold none (issue 15): none may change.
constexpr const char* kNotIdentifiers[] = {
    "Serial: 8250/16550 driver, 4 ports, IRQ sharing enabled",
    "serial 00:04: ttyS0 at I/O 0x3f8 (irq = 4, base_baud = 115200) is a 16550A",
    "serial8250: ttyS0 at I/O 0x3f8 (irq = 4, base_baud = 115200) is a 16550A",
    "usbserial: USB Serial support registered for generic",
    "Serial bus multi instantiate pseudo device driver",
    "The UUID of a GPU is in rocminfo; the serial is in rocm-smi",
    "uuid of the device is unknown",
    "Serial Number: To Be Filled By O.E.M.",
    "Serial Number: Not Specified",
    "Serial Number: Default string",
    "  Uuid:                    CPU-XX",
    "  Uuid:                    GPU-XX",
    "GPU[0]\t\t: Unique ID: N/A",
    "GPU[0]\t\t: Serial Number: N/A",
    "unique_id 0",
    "AMD_SERIALIZE_KERNEL=3 AMD_SERIALIZE_COPY=3",
    "HIP_VISIBLE_DEVICES=0,1 ROCR_VISIBLE_DEVICES=GPU-0",
    "gpu-node gpu-deadbeef gfx942 gfx90a:sramecc+:xnack-",
    "uuid=%s serial=%d",
    "amdgpu 0000:03:00.0: amdgpu: SMU: I'm not done with your previous command: "
    "SMN_C2PMSG_66:0x0000000D",
    "amdgpu 0000:03:00.0: amdgpu: VRAM: 12272M 0x0000008000000000 - 0x00000082FEFFFFFF (12272M "
    "used)",
};

TEST(RedactIdentifiers, WordsThatNameIdentifiersAreNotIdentifiers) {
  std::size_t false_positives = 0;
  for (const char* line : kNotIdentifiers) {
    Redactor redactor;
    const std::string out = redactor.Text(line);
    if (out != line) ++false_positives;
    EXPECT_EQ(out, line);
  }
  EXPECT_EQ(false_positives, 0u) << "of " << std::size(kNotIdentifiers);
}

// Every text file of the machine directories in tests/machines (real hosts' kernel logs, KFD
// properties, cmdlines, probe outputs, os-release, dpkg status...) through File(), as capture
// --redact does: the only lines that may change are those with an identifier, and no identifier
// of them may survive anywhere in that machine's redacted files.
TEST(RedactIdentifiers, RealMachineDirectoriesChangeOnlyTheirIdentifiers) {
  namespace fs = std::filesystem;
  const fs::path machines = fs::path(ROCMDOC_SOURCE_DIR) / "tests" / "machines";
  std::size_t files = 0, lines = 0, identifier_lines = 0, false_positives = 0, leaks = 0;
  std::string report;
  for (const fs::directory_entry& machine : fs::directory_iterator(machines)) {
    if (!machine.is_directory()) continue;
    // The human accounts of its etc/passwd are known names, as capture --redact makes them.
    std::ifstream passwd_file(machine.path() / "etc" / "passwd");
    const std::vector<std::string> users = HumanUserNames(
        std::string{std::istreambuf_iterator<char>(passwd_file), std::istreambuf_iterator<char>()});
    Redactor redactor(IdentifyingNames{{}, users});
    std::vector<std::string> identifiers;  // values that must be gone
    std::string redacted_all;
    for (const fs::directory_entry& entry : fs::recursive_directory_iterator(machine.path())) {
      if (!entry.is_regular_file() || entry.is_symlink() || entry.file_size() > (1u << 20))
        continue;
      std::ifstream in(entry.path(), std::ios::binary);
      const std::string content{std::istreambuf_iterator<char>(in),
                                std::istreambuf_iterator<char>()};
      if (content.find('\0') != std::string::npos) continue;
      ++files;
      const std::string host_path = "/" + fs::relative(entry.path(), machine.path()).string();
      const std::string out = redactor.File(host_path, content);
      redacted_all += out;
      std::size_t a = 0, b = 0;
      while (a < content.size() || b < out.size()) {
        const std::size_t ea = std::min(content.find('\n', a), content.size());
        const std::size_t eb = std::min(out.find('\n', b), out.size());
        const std::string before = content.substr(a, ea - a), after = out.substr(b, eb - b);
        a = ea + 1;
        b = eb + 1;
        ++lines;
        // KFD's "unique_id <n>" (non-zero), a root=UUID= on a cmdline, a whole unique_id file,
        // a home directory's owner.
        std::string id;
        if (std::size_t k = before.find("unique_id "); k != std::string::npos) {
          id = before.substr(k + 10);
          id = id.substr(0, id.find_first_not_of("0123456789"));
        } else if (std::size_t h = before.find("/home/"); h != std::string::npos) {
          id = before.substr(h, before.find_first_of("/\"'`\\", h + 6) - h);
        } else if (std::size_t u = before.find("UUID="); u != std::string::npos) {
          id = before.substr(u + 5, 36);
        } else if (host_path.size() > 10 &&
                   host_path.compare(host_path.size() - 10, 10, "/unique_id") == 0) {
          id = before;
        }
        for (const std::string& user : users) {
          if (id.empty() && before.find(user) != std::string::npos) id = user + ":";
        }
        if (id == "0") id.clear();
        if (!id.empty()) {
          ++identifier_lines;
          identifiers.push_back(id);
        } else if (before != after) {
          ++false_positives;
          report += host_path + ": \"" + before + "\" -> \"" + after + "\"\n";
        }
      }
    }
    for (std::string id : identifiers) {
      // A user name must be gone as a word ("alice", not the "alice" in "malice").
      const bool word = !id.empty() && id.back() == ':';
      if (word) id.pop_back();
      bool found = false;
      for (std::size_t at = redacted_all.find(id); at != std::string::npos && !found;
           at = redacted_all.find(id, at + 1)) {
        const auto name_char = [](char c) {
          return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
        };
        found =
            !word ||
            ((at == 0 || !name_char(redacted_all[at - 1])) &&
             (at + id.size() >= redacted_all.size() || !name_char(redacted_all[at + id.size()])));
      }
      if (found) {
        ++leaks;
        report += machine.path().filename().string() + ": " + id + " leaked\n";
      }
    }
  }
  EXPECT_EQ(false_positives, 0u) << report;
  EXPECT_EQ(leaks, 0u) << report;
  EXPECT_GT(files, 1000u);
  EXPECT_GT(identifier_lines, 100u);
  std::printf(
      "[ redact ] %zu files, %zu lines, %zu identifier lines, %zu false positives, "
      "%zu leaks\n",
      files, lines, identifier_lines, false_positives, leaks);
}

}  // namespace
}  // namespace rocm_doctor
