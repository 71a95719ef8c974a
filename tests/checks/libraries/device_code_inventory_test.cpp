// SPDX-License-Identifier: MIT
// libraries.code_objects where there is no GPU (a build host, a container image being prepared):
// the device-code inventory, per library, as information; with a GPU the same libraries are
// judged against it as before. And through the engine: the check is no longer "blocked by"
// a KFD topology without GPUs.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "checks/libraries/libraries_fixture.h"
#include "core/engine.h"
#include "support/check_harness.h"
#include "unit/collect/libraries/elf_builder.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kCheck[] = "libraries.code_objects";
constexpr char kTargets[] = "libraries.code_object.targets";

// ROCm 6.2.0 with HIP and KFD up, but no GPU node: a CPU-only host.
std::shared_ptr<DeniedDirsView> RocmHostWithoutGpu() {
  auto view = std::make_shared<DeniedDirsView>();
  HostBuilder(*view)
      .RocmLink("rocm-6.2.0")
      .RocmVersion("6.2.0")
      .SharedLibrary(kRocmLib, "libamdhip64", "6.2.60200", "6")
      .KfdClass()
      .KfdCpuNode(0);
  return view;
}

std::string Compressed() {
  std::string ccob = "CCOB";
  AppendLe(ccob, 2, 2);
  AppendLe(ccob, 1, 2);
  AppendLe(ccob, 64, 4);
  ccob.resize(64, 'z');
  return BuildElf({{".hip_fatbin", Fatbin({ccob}), 4096}});
}

// rocSPARSE and MIOpen from one build (gfx90a:xnack- + gfx1030), rocRAND from another
// (gfx1030 + gfx906), rocFFT compressed, rocm-smi without device code, an empty rocBLAS.
template <typename View>
void AddLibraries(View& view) {
  view.File(InLib("librocsparse.so.1.0.60200"), LibFixture("libfx_gfx90a_gfx1030.so"));
  view.File(InLib("libMIOpen.so.1.0.60200"), LibFixture("libfx_gfx90a_gfx1030.so"));
  view.File(InLib("librocrand.so.1.1.60200"), LibFixture("libfx_gfx1030_gfx906.so"));
  view.File(InLib("librocfft.so.0.1.60200"), Compressed());
  view.File(InLib("librocm_smi64.so.7.3.60200"), BuildElf({{".text", "x"}}));
  view.File(InLib("librocblas.so.4.2.60200"), "");
}

TEST(DeviceCodeInventory, WithoutAGpuEachLibrarysTargetsAreInformation) {
  auto view = RocmHostWithoutGpu();
  AddLibraries(*view);
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kInfo) << out.summary;
  EXPECT_TRUE(HasFinding(out, "libraries.code_object.targets"));
  EXPECT_EQ(out.summary,
            "MIOpen, rocSPARSE carry gfx90a:xnack-, gfx1030; rocRAND carries gfx906, gfx1030; "
            "targets not readable: rocFFT; 1 without device code; 1 empty placeholder file not "
            "judged (no GPU in the KFD topology to judge against)");
  std::set<std::string> messages;
  for (const Finding& f : out.findings) {
    EXPECT_EQ(f.code, kTargets);
    EXPECT_EQ(f.status, Status::kInfo) << f.message;
    ASSERT_EQ(f.evidence.size(), 1u);
    messages.insert(f.message);
  }
  EXPECT_EQ(messages,
            (std::set<std::string>{
                "rocFFT /opt/rocm-6.2.0/lib/librocfft.so.0.1.60200: 1 compressed offload bundles "
                "(CCOB): targets unknown",
                "rocRAND /opt/rocm-6.2.0/lib/librocrand.so.1.1.60200 carries device code for "
                "gfx906, gfx1030",
                "MIOpen /opt/rocm-6.2.0/lib/libMIOpen.so.1.0.60200 carries device code for "
                "gfx90a:xnack-, gfx1030",
                "rocSPARSE /opt/rocm-6.2.0/lib/librocsparse.so.1.0.60200 carries device code for "
                "gfx90a:xnack-, gfx1030"}));
  // The fix line lists the same targets with AMD's tool, for the path it names.
  const Finding* sparse = nullptr;
  for (const Finding& f : out.findings) {
    if (f.params.at("library") == "rocSPARSE") sparse = &f;
  }
  ASSERT_NE(sparse, nullptr);
  EXPECT_EQ(sparse->evidence[0].observed, "gfx90a:xnack-, gfx1030 in 1 bundle");
}

// A whole ROCm install of libraries built for different targets: the summary names four groups
// and counts the rest; every library keeps its finding (-v, JSON).
TEST(DeviceCodeInventory, ManyTargetSetsAreCountedNotListedInTheSummary) {
  auto view = RocmHostWithoutGpu();
  const char* libs[] = {"librocsparse", "librocrand", "libMIOpen", "librocfft", "libhipblaslt",
                        "librccl"};
  const char* targets[] = {"gfx908", "gfx90a", "gfx942", "gfx1030", "gfx1100", "gfx1201"};
  for (int i = 0; i < 6; ++i) {
    view->File(InLib(std::string(libs[i]) + ".so.1.0.60200"),
               BuildElf({{".hip_fatbin",
                          Fatbin({BuildBundle({"host-x86_64-unknown-linux--",
                                               std::string("hipv4-amdgcn-amd-amdhsa--") +
                                                   targets[i]})}),
                          4096}}));
  }
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kInfo);
  EXPECT_EQ(out.findings.size(), 6u);
  EXPECT_NE(out.summary.find("; 2 more libraries (-v lists each) (no GPU"), std::string::npos)
      << out.summary;
  EXPECT_EQ(std::count(out.summary.begin(), out.summary.end(), ';'), 4) << out.summary;
}

TEST(DeviceCodeInventory, WithoutLibrariesItStillSkips) {
  EXPECT_EQ(RunCheck(kCheck, RocmHostWithoutGpu()).status, Status::kSkip);
}

// The same libraries on a host with a gfx90a: judged against it, as before (rocRAND has no
// gfx90a code; rocFFT's targets cannot be told), no inventory findings.
TEST(DeviceCodeInventory, WithAGpuTheLibrariesAreJudgedAgainstIt) {
  auto view = RocmHost(90010);
  AddLibraries(*view);
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kFail) << out.summary;
  EXPECT_TRUE(HasFinding(out, "libraries.code_object.missing_gfx"));
  EXPECT_TRUE(HasFinding(out, "libraries.code_object.unknown"));
  EXPECT_FALSE(HasFinding(out, kTargets));
}

// Through the engine, with the checks it depends on: KFD has no GPU node, so driver.kfd_topology
// fails; the inventory is still reported (was: "blocked by GPUs").
TEST(DeviceCodeInventory, ThroughTheEngineItIsNotBlockedByAHostWithoutGpus) {
  auto view = RocmHostWithoutGpu();
  AddLibraries(*view);
  RunRequest request;
  std::vector<std::string_view> wanted = {kCheck, "driver.kfd_topology"};
  for (std::size_t i = 0; i < wanted.size(); ++i) {
    const RegisteredCheck* c = CheckRegistry::Instance().Find(wanted[i]);
    ASSERT_NE(c, nullptr) << wanted[i];
    if (std::find(request.checks.begin(), request.checks.end(), c) != request.checks.end()) {
      continue;
    }
    request.checks.push_back(c);
    for (std::string_view p : c->info->prerequisites) wanted.push_back(p);
  }
  EngineResult r = RunChecks(request, std::make_shared<const FactStore>(view));
  bool seen = false;
  for (const CheckRecord& record : r.records) {
    if (record.id == "driver.kfd_topology") {
      EXPECT_EQ(record.outcome.status, Status::kSkip) << "blocked: the host has no GPU";
      EXPECT_FALSE(record.blocked_by.empty());
    }
    if (record.id != kCheck) continue;
    seen = true;
    EXPECT_EQ(record.blocked_by, "");
    EXPECT_EQ(record.outcome.status, Status::kInfo) << record.outcome.summary;
    EXPECT_EQ(record.outcome.findings.size(), 4u) << record.outcome.summary;
  }
  EXPECT_TRUE(seen);
}

}  // namespace
}  // namespace rocm_doctor::testing
