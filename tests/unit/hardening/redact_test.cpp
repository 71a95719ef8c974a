// SPDX-License-Identifier: MIT
#include "base/redact.h"

#include <gtest/gtest.h>

#include <string>

namespace rocm_doctor {
namespace {

struct RedactCase {
  const char* input;
  const char* expected;
};

Redactor Known() {
  return Redactor(IdentifyingNames{{"gpu-node-07.lab.example.org"}, {"alice", "bob"}});
}

TEST(Redactor, TableOfValues) {
  const RedactCase cases[] = {
      // Known names, as whole tokens only.
      {"Linux gpu-node-07 6.8.0", "Linux host1 6.8.0"},
      {"gpu-node-07.lab.example.org", "host1"},
      {"alice:x:1000:1000::/home/alice:/bin/bash", "user1:x:1000:1000::/home/user1:/bin/bash"},
      {"malice alice_x bob-1 bob", "malice alice_x bob-1 user1"},
      // Home paths of anyone, known or not.
      {"PATH=/home/carol/.local/bin:/usr/bin", "PATH=/home/user1/.local/bin:/usr/bin"},
      {"/home/ubuntu/venv", "/home/ubuntu/venv"},
      // Serials after a key, in every spelling a capture holds.
      {"unique_id 12345678901234", "unique_id 00000000000001"},
      {"Serial Number: PHXX123", "Serial Number: SERIAL0001"},
      {"\"serial\": \"ABC-77\"", "\"serial\": \"SERIAL0001\""},
      {"{\\\"uuid\\\": \\\"x77\\\"}", "{\\\"uuid\\\": \\\"SERIAL0001\\\"}"},
      {"serial_number=0", "serial_number=0"},
      {"serial_number: null", "serial_number: null"},
      {"serial8250: ttyS0 at I/O 0x3f8", "serial8250: ttyS0 at I/O 0x3f8"},
      {"root=UUID=3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b ro",
       "root=UUID=00000000-0000-4000-8000-000000000001 ro"},
      // UUIDs, MACs, addresses by shape.
      {"GPU-3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b", "GPU-00000000-0000-4000-8000-000000000001"},
      {"link/ether 3c:ec:ef:12:34:56 brd ff:ff:ff:ff:ff:ff",
       "link/ether 02:00:00:00:00:01 brd ff:ff:ff:ff:ff:ff"},
      {"mac 3C-EC-EF-12-34-56.", "mac 02-00-00-00-00-01."},
      {"inet 10.20.30.40/24 scope global", "inet 192.0.2.1/24 scope global"},
      {"from 127.0.0.1 and 0.0.0.0", "from 127.0.0.1 and 0.0.0.0"},
      {"inet6 fe80::1e2f:3a4b:5c6d:7e8f/64", "inet6 2001:db8::1/64"},
      {"2a02:1234:5678:9abc:def0:1234:5678:9abc", "2001:db8::1"},
      // Not addresses: versions, PCI addresses, times, words.
      {"ROCm 6.2.4.60204 and 1.2.3", "ROCm 6.2.4.60204 and 1.2.3"},
      {"v1.2.3.4 lib-1.2.3.4", "v1.2.3.4 lib-1.2.3.4"},
      {"amdgpu 0000:c1:00.0: 12:34:56", "amdgpu 0000:c1:00.0: 12:34:56"},
      {"std::string a::b", "std::string a::b"},
      {"", ""},
  };
  for (const RedactCase& c : cases) {
    Redactor redactor = Known();
    EXPECT_EQ(redactor.Text(c.input), c.expected) << c.input;
  }
}

TEST(Redactor, SameValueSamePlaceholderAcrossTexts) {
  Redactor redactor = Known();
  EXPECT_EQ(redactor.Text("10.0.0.5 10.0.0.6"), "192.0.2.1 192.0.2.2");
  EXPECT_EQ(redactor.Text("10.0.0.6 10.0.0.5"), "192.0.2.2 192.0.2.1");
  EXPECT_EQ(redactor.Text("/home/alice alice"), "/home/user1 user1");
}

TEST(Redactor, AUniqueIdInDecimalAndInHexGetsOneNumber) {
  Redactor redactor;
  // KFD properties write the id in decimal, DRM sysfs in 16 hex digits (amdgpu_device.c).
  EXPECT_EQ(redactor.Text("unique_id 1311768467463790320\n"), "unique_id 0000000000000000001\n");
  EXPECT_EQ(redactor.File("/sys/devices/pci0000:00/0000:03:00.0/unique_id", "123456789abcdef0\n"),
            "0000000000000001\n");
  ASSERT_EQ(redactor.Summary().size(), 1u);
  EXPECT_EQ(redactor.Summary()[0].kind, RedactionKind::kSerial);
  EXPECT_EQ(redactor.Summary()[0].values, 1u);
  EXPECT_EQ(redactor.Summary()[0].occurrences, 2u);
}

TEST(Redactor, WholeFileSerials) {
  Redactor redactor;
  EXPECT_EQ(redactor.File("/sys/class/dmi/id/product_serial", "CZJ12345XY\n"), "SERIAL0001\n");
  EXPECT_EQ(redactor.File("/sys/class/dmi/id/product_uuid",
                          "4c4c4544-0051-3510-8052-b4c04f4e4a32\n"),
            "00000000-0000-4000-8000-000000000001\n");
  EXPECT_EQ(redactor.File("/sys/bus/pci/devices/x/serial_number", "0\n"), "0\n");
  EXPECT_EQ(redactor.File("/etc/machine-id", "0123456789abcdef0123456789abcdef\n").find("0123"),
            std::string::npos);
  EXPECT_EQ(redactor.File("/sys/class/drm/card0/device/vendor", "0x1002\n"), "0x1002\n");
}

TEST(Redactor, PackageVersionsAreNotAddresses) {
  Redactor redactor = Known();
  // Debian's libx11-6 is "2:1.8.4-2": a dotted quad after the epoch is a version, not an IP.
  const std::string status = "Depends: libxi6 (>= 2:1.2.99.901), zlib1g (>= 1:1.2.11.1)\n"
                             "Maintainer: zqalice <alice@10.20.30.40>\n";
  EXPECT_EQ(redactor.File("/var/lib/dpkg/status", status),
            "Depends: libxi6 (>= 2:1.2.99.901), zlib1g (>= 1:1.2.11.1)\n"
            "Maintainer: zqalice <user1@10.20.30.40>\n");
  EXPECT_EQ(redactor.File("/usr/lib/python3/dist-packages/torch-2.4.1.dist-info/METADATA",
                          "Version: 2.4.1.1\nAuthor: alice\n"),
            "Version: 2.4.1.1\nAuthor: user1\n");
  EXPECT_EQ(redactor.File("/etc/hosts", "10.20.30.40 node\n"), "192.0.2.1 node\n");
}

TEST(Redactor, SummaryCountsValuesAndOccurrences) {
  Redactor redactor = Known();
  redactor.Text("alice alice bob 10.1.1.1 3c:ec:ef:12:34:56");
  const auto summary = redactor.Summary();
  ASSERT_EQ(summary.size(), 3u);
  EXPECT_EQ(summary[0].kind, RedactionKind::kUserName);
  EXPECT_EQ(summary[0].values, 2u);
  EXPECT_EQ(summary[0].occurrences, 3u);
  EXPECT_EQ(ToString(summary[1].kind), "MAC address");
  EXPECT_EQ(ToString(summary[2].kind), "IPv4 address");
  EXPECT_EQ(redactor.Occurrences(), 5u);
}

TEST(Redactor, CommonAndDomainNamesAreNeverUserNames) {
  Redactor redactor(IdentifyingNames{{"localhost"}, {"root", "rocm", "render", "ab", "amd"}});
  const std::string text = "root render /opt/rocm amd ab localhost";
  EXPECT_EQ(redactor.Text(text), text);
  EXPECT_EQ(redactor.Occurrences(), 0u);
}

TEST(Redactor, HostileBytesPassThrough) {
  Redactor redactor = Known();
  std::string garbage;
  for (int i = 0; i < 256; ++i) garbage += static_cast<char>(i);
  garbage += "\xff\xfe alice \x80";
  const std::string out = redactor.Text(garbage);
  EXPECT_EQ(out.find("alice"), std::string::npos);
  EXPECT_EQ(out.substr(0, 256), garbage.substr(0, 256));
}

TEST(HumanUserNames, OnlyPeople) {
  const char* passwd =
      "root:x:0:0:root:/root:/bin/bash\n"
      "daemon:x:1:1::/usr/sbin:/usr/sbin/nologin\n"
      "alice:x:1000:1000:Alice:/home/alice:/bin/bash\n"
      "svc:x:1001:1001::/srv/deploy-bob:/bin/sh\n"
      "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n"
      "broken line\n"
      "x:x:notanumber:1::/:/bin/sh\n";
  EXPECT_EQ(HumanUserNames(passwd), (std::vector<std::string>{"alice", "svc", "deploy-bob"}));
  EXPECT_TRUE(HumanUserNames("").empty());
}

}  // namespace
}  // namespace rocm_doctor
