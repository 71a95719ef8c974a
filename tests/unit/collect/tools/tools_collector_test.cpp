// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include "rocm_doctor/facts/rocm.h"
#include "rocm_doctor/facts/tools_facts.h"
#include "unit/collect/tools/tools_fixture.h"

namespace rocm_doctor {
namespace {

using testing::FakeSystemView;

const ToolPresence& Tool(const ToolFacts& facts, std::string_view name) {
  for (const ToolPresence& tool : facts.tools) {
    if (tool.name == name) return tool;
  }
  ADD_FAILURE() << "no entry for " << name;
  static const ToolPresence kNone;
  return kNone;
}

// Debian 12's own packages, as on this project's build host: /usr/bin/rocminfo and
// rocm_agent_enumerator from rocminfo 5.2.3-2, /usr/bin/rocm-smi a link into /usr/libexec.
void DebianHost(FakeSystemView& view) {
  view.Env("PATH", "/usr/local/bin:/usr/bin:/bin")
      .Kernel({.sysname = "Linux", .release = "6.1.0-30-amd64", .version = {}, .machine = "x86_64"})
      .File("/var/lib/dpkg/status",
            "Package: rocminfo\nStatus: install ok installed\nVersion: 5.2.3-2\n\n"
            "Package: rocm-smi\nStatus: install ok installed\nVersion: 5.2.3-2\n\n"
            "Package: hipcc\nStatus: install ok installed\nVersion: 5.2.3-8\n")
      .File("/var/lib/dpkg/info/rocminfo.list",
            "/.\n/usr\n/usr/bin\n/usr/bin/rocm_agent_enumerator\n/usr/bin/rocminfo\n")
      .File("/var/lib/dpkg/info/rocm-smi.list",
            "/.\n/usr/bin/rocm-smi\n/usr/libexec/rocm_smi/rocm_smi.py\n")
      .File("/var/lib/dpkg/info/hipcc:amd64.list", "/usr/bin/hipcc\n/usr/bin/hipconfig\n")
      .Link("/usr/bin/rocm-smi", "../libexec/rocm_smi/rocm_smi.py");
  testing::Executable(view, "/usr/bin/rocminfo");
  testing::Executable(view, "/usr/bin/rocm_agent_enumerator");
  testing::Executable(view, "/usr/bin/rocm-smi");
  testing::Executable(view, "/usr/bin/hipcc");
}

TEST(ToolsCollector, DebianPackagesAreNamedWithTheirVersions) {
  FakeSystemView view;
  DebianHost(view);
  ToolFacts facts = CollectTools(view, CollectFacts<RocmFacts>(view));
  EXPECT_EQ(facts.searched, (std::vector<std::string>{"/usr/local/bin", "/usr/bin", "/bin"}));
  const ToolPresence& rocminfo = Tool(facts, "rocminfo");
  ASSERT_TRUE(rocminfo.found());
  const ToolCopy& copy = rocminfo.copies.front();
  EXPECT_EQ(copy.path, "/usr/bin/rocminfo");
  EXPECT_EQ(copy.found_by, "$PATH");
  EXPECT_EQ(copy.origin.value, "package rocminfo (dpkg)");
  EXPECT_EQ(copy.origin.source, "/var/lib/dpkg/info/rocminfo.list");
  EXPECT_EQ(copy.version.value, "5.2.3-2");
  EXPECT_EQ(copy.version.source, "/var/lib/dpkg/status");
  EXPECT_EQ(Tool(facts, "rocm_agent_enumerator").copies.at(0).origin.value,
            "package rocminfo (dpkg)");

  const ToolCopy& smi = Tool(facts, "rocm-smi").copies.at(0);
  EXPECT_EQ(smi.real_path, "/usr/libexec/rocm_smi/rocm_smi.py");
  EXPECT_EQ(smi.origin.value, "package rocm-smi (dpkg)");
  const ToolCopy& hipcc = Tool(facts, "hipcc").copies.at(0);
  EXPECT_EQ(hipcc.origin.source, "/var/lib/dpkg/info/hipcc:amd64.list");  // Multi-Arch list
  EXPECT_EQ(hipcc.version.value, "5.2.3-8");

  EXPECT_FALSE(Tool(facts, "amd-smi").found());
  EXPECT_FALSE(Tool(facts, "all_reduce_perf").found());
  EXPECT_EQ(facts.tools.size(), 11u);
}

TEST(ToolsCollector, OptRocmToolsTakeTheReleaseOfTheirInstall) {
  FakeSystemView view;
  view.Env("PATH", "/usr/bin:/opt/rocm/bin").Link("/opt/rocm", "/opt/rocm-6.2.0");
  testing::OptRocm(view, "6.2.0");
  testing::OptRocm(view, "6.1.2");
  testing::Executable(view, "/opt/rocm-6.2.0/bin/rocminfo");
  // The fake does not follow links; a host's stat() finds the same file through /opt/rocm.
  testing::Executable(view, "/opt/rocm/bin/rocminfo");
  testing::Executable(view, "/opt/rocm-6.1.2/bin/rocminfo");
  testing::Executable(view, "/opt/rocm-6.2.0/bin/amd-smi");
  testing::Executable(view, "/opt/rocm-6.2.0/bin/rocprofv3", 0644);  // not executable
  ToolFacts facts = CollectTools(view, CollectFacts<RocmFacts>(view));
  const ToolPresence& rocminfo = Tool(facts, "rocminfo");
  ASSERT_EQ(rocminfo.copies.size(), 2u);
  EXPECT_EQ(rocminfo.copies[0].path, "/opt/rocm/bin/rocminfo");
  EXPECT_EQ(rocminfo.copies[0].real_path, "/opt/rocm-6.2.0/bin/rocminfo");
  EXPECT_EQ(rocminfo.copies[0].found_by, "$PATH");
  EXPECT_EQ(rocminfo.copies[0].origin.value, "ROCm 6.2.0 (/opt/rocm-6.2.0)");
  EXPECT_EQ(rocminfo.copies[0].version.value, "6.2.0");
  EXPECT_EQ(rocminfo.copies[0].version.source, "/opt/rocm-6.2.0/.info/version");
  EXPECT_EQ(rocminfo.copies[1].path, "/opt/rocm-6.1.2/bin/rocminfo");
  EXPECT_EQ(rocminfo.copies[1].found_by, "ROCm install /opt/rocm-6.1.2");
  EXPECT_EQ(rocminfo.copies[1].version.value, "6.1.2");
  EXPECT_TRUE(Tool(facts, "amd-smi").found());
  EXPECT_FALSE(Tool(facts, "rocprofv3").found());
}

TEST(ToolsCollector, UnpackagedCopyHasNoOriginAndHostileEnvironment) {
  FakeSystemView view;
  // Relative and empty PATH entries are skipped; a directory named like a tool is not one.
  view.Env("PATH", ":relative/bin::/usr/local/bin///:/usr/local/bin");
  testing::Executable(view, "/usr/local/bin/all_reduce_perf");
  view.Dir("/usr/local/bin/rocminfo");
  ToolFacts facts = CollectTools(view, CollectFacts<RocmFacts>(view));
  EXPECT_EQ(facts.searched, std::vector<std::string>{"/usr/local/bin"});
  const ToolPresence& rccl = Tool(facts, "all_reduce_perf");
  ASSERT_TRUE(rccl.found());
  EXPECT_FALSE(rccl.copies[0].origin.known());
  EXPECT_NE(rccl.copies[0].origin.error.find("built from source"), std::string::npos);
  EXPECT_FALSE(rccl.copies[0].version.known());
  EXPECT_FALSE(Tool(facts, "rocminfo").found());

  FakeSystemView empty;  // no PATH, no install: nothing searched, nothing found
  ToolFacts none = CollectTools(empty, CollectFacts<RocmFacts>(empty));
  EXPECT_TRUE(none.searched.empty());
  for (const ToolPresence& tool : none.tools) EXPECT_FALSE(tool.found()) << tool.name;
}

}  // namespace
}  // namespace rocm_doctor
