// SPDX-License-Identifier: MIT
// The bench.* checks on hand-made helper output (tests/checks/bench/bench_json.h): a healthy
// MI300X passes every family, and each way a GPU can fall short gives its finding with the
// measured value, the floor and the datasheet figure as evidence.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "checks/bench/bench_json.h"
#include "checks/platform/platform_fixture.h"
#include "rocm_doctor/bench_thresholds.h"
#include "support/check_harness.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kBdf[] = "0000:c1:00.0";

std::string ProbeJson(int devices, const std::string& device_id_name = "AMD Instinct MI300X") {
  std::string list;
  for (int i = 0; i < devices; ++i) {
    list += std::string(i ? "," : "") + R"({"index":)" + std::to_string(i) + R"(,"name":")" +
            device_id_name +
            R"(","arch":"gfx942:sramecc+:xnack-","compute_units":304,"pci_bdf":"0000:c)" +
            std::to_string(i + 1) + R"(:00.0","error":null,"smoke":null})";
  }
  return R"({"helper":"rocm-doctor-hip","version":1,"backend":"hip","targets":["gfx942"],)"
         R"("runtime_version":60443483,"driver_version":60443483,"device_count":)" +
         std::to_string(devices) + R"(,"error":null,"devices":[)" + list + "]}";
}

// An MI300X (1002:74a1) at 0000:c1:00.0 on a Gen5 x16 link (or `width` lanes), its probe, and
// the helper's output for device 0.
std::shared_ptr<FakeSystemView> Host(const std::string& bench_json, int width = 16,
                                     const std::string& device_id = "0x74a1") {
  auto view = std::make_shared<FakeSystemView>();
  AddAmdGpu(*view, kBdf, device_id);
  const std::string dir = std::string("/sys/bus/pci/devices/") + kBdf;
  view->File(dir + "/max_link_speed", "32.0 GT/s PCIe\n");
  view->File(dir + "/max_link_width", "16\n");
  view->File(dir + "/current_link_speed", width == 16 ? "32.0 GT/s PCIe\n" : "16.0 GT/s PCIe\n");
  view->File(dir + "/current_link_width", std::to_string(width) + "\n");
  view->Command("hip-probe", ExitedWith(ProbeJson(1)));
  view->Command("hip-bench", ExitedWith(bench_json));
  return view;
}

CheckOptions Level(const std::string& level = "quick") {
  CheckOptions options;
  options.bench.level = level;
  return options;
}

std::shared_ptr<FakeSystemView> Healthy() {
  return Host(BenchJson(Mi300xDevice(), HealthyMi300x()));
}

const BenchmarkResult* Row(const CheckOutcome& out, const std::string& name) {
  for (const BenchmarkResult& r : out.benchmarks) {
    if (r.name == name) return &r;
  }
  return nullptr;
}

TEST(BenchChecks, AHealthyMi300xPassesEveryFamily) {
  auto view = Healthy();
  CheckOutcome run = RunCheck("bench.run", view, Level());
  EXPECT_EQ(run.status, Status::kPass) << run.summary;
  EXPECT_EQ(run.summary,
            "device 0 (AMD Instinct MI300X, gfx942, 0000:c1:00.0): 22 results at the standard level "
            "in 11.5 s, judged against AMD Instinct MI300X; 11.5 s of the standard level's 15 s "
            "budget");
  EXPECT_TRUE(run.findings.empty());

  CheckOutcome memory = RunCheck("bench.memory", view, Level());
  EXPECT_EQ(memory.status, Status::kPass) << memory.summary;
  EXPECT_EQ(memory.summary,
            "copy 4.2 TB/s (79%), scale 4.21 TB/s (79%), add 4.3 TB/s (81%), triad 4.31 TB/s "
            "(81%), dot 4.05 TB/s (76%)");
  ASSERT_EQ(memory.benchmarks.size(), 5u);
  const BenchmarkResult* triad = Row(memory, "memory.triad");
  ASSERT_NE(triad, nullptr);
  EXPECT_EQ(triad->check, "bench.memory");
  EXPECT_EQ(triad->verdict, Status::kPass);
  EXPECT_DOUBLE_EQ(*triad->limit, 0.65 * 5300e9);
  EXPECT_FALSE(triad->limit_is_ceiling);
  EXPECT_DOUBLE_EQ(*triad->datasheet, 5300e9);
  EXPECT_EQ(triad->device, 0);
  EXPECT_EQ(triad->pci, kBdf);
  EXPECT_EQ(triad->threshold.rfind("checks/data/bench_thresholds.csv:", 0), 0u);

  for (const char* id : {"bench.host_link", "bench.launch", "bench.compute", "bench.memtest"}) {
    CheckOutcome out = RunCheck(id, view, Level());
    EXPECT_EQ(out.status, Status::kPass) << id << ": " << out.summary;
    EXPECT_TRUE(out.findings.empty()) << id << ": " << out.findings.front().message;
  }
  CheckOutcome host = RunCheck("bench.host_link", view, Level());
  EXPECT_EQ(Row(host, "host.h2d_pinned")->verdict, Status::kPass);
  EXPECT_EQ(Row(host, "host.h2d_pageable")->verdict, Status::kInfo) << "no floor: reported";
  CheckOutcome compute = RunCheck("bench.compute", view, Level());
  EXPECT_EQ(Row(compute, "compute.fp16_fma")->verdict, Status::kInfo);
  EXPECT_EQ(Row(compute, "compute.fp32_fma")->params_json,
            R"({"instruction_path":"v_pk_fma_f32"})");

  CheckOutcome peer = RunCheck("bench.peer", view, Level());
  EXPECT_EQ(peer.status, Status::kSkip);
  EXPECT_EQ(peer.summary, "peer.copy skipped: no peers: 1 GPU");
  EXPECT_EQ(Row(peer, "peer.copy")->verdict, Status::kSkip);
  CheckOutcome stress = RunCheck("bench.stress", view, Level());
  EXPECT_EQ(stress.status, Status::kSkip);
  EXPECT_EQ(stress.summary, "stress.mixed skipped: stress time 0 s at the quick level");
}

TEST(BenchChecks, LowMemoryBandwidthFailsWithTheFloorAndTheDatasheet) {
  auto view = Host(BenchJson(
      Mi300xDevice(), With(HealthyMi300x(), {"memory.triad", "B/s", 2.2e12, 2.1e12, 2.0e12})));
  CheckOutcome out = RunCheck("bench.memory", view, Level());
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "bench.memory_bandwidth.low");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "device 0 (AMD Instinct MI300X, gfx942, 0000:c1:00.0): memory.triad 2.1 TB/s is "
            "below the floor of 3.44 TB/s (65% of the 5.3 TB/s datasheet memory bandwidth); 40% "
            "of the datasheet figure");
  ASSERT_EQ(f->evidence.size(), 3u);
  EXPECT_EQ(f->evidence[0].source, ".rocm-doctor/probes/hip-bench.json (memory.triad)");
  EXPECT_EQ(f->evidence[0].observed,
            "median 2.1 TB/s (best 2.2 TB/s, worst 2 TB/s; 20 batches, 5 per batch, shader "
            "clock 2100 MHz)");
  EXPECT_EQ(f->evidence[0].expected, "at least 3.44 TB/s");
  EXPECT_EQ(f->evidence[1].source.rfind("checks/data/bench_thresholds.csv:", 0), 0u);
  EXPECT_EQ(f->evidence[2].source, "checks/data/amd_gpus.csv (0x74a1 AMD Instinct MI300X)");
  EXPECT_EQ(f->evidence[2].observed, "peak 5.3 TB/s");
  EXPECT_EQ(f->params.at("bdf"), kBdf);
  EXPECT_EQ(f->params.at("device"), "0");
  EXPECT_EQ(Row(out, "memory.triad")->verdict, Status::kFail);
  EXPECT_EQ(Row(out, "memory.copy")->verdict, Status::kPass);
  EXPECT_EQ(Catalog::Instance().RemediationFor(*f).commands[0],
            "rocm-doctor-hip --bench --only memory --device 0");
}

TEST(BenchChecks, EveryMissOfARunIsOneFinding) {
  auto list = With(HealthyMi300x(), {"memory.copy", "B/s", 2.2e12, 2.1e12, 2.0e12});
  list = With(list, {"memory.dot", "B/s", 2.0e12, 1.9e12, 1.8e12});
  CheckOutcome out = RunCheck("bench.memory", Host(BenchJson(Mi300xDevice(), list)), Level());
  ASSERT_EQ(out.findings.size(), 1u);
  const Finding& f = out.findings[0];
  EXPECT_EQ(f.code, "bench.memory_bandwidth.low");
  EXPECT_EQ(f.message,
            "device 0 (AMD Instinct MI300X, gfx942, 0000:c1:00.0): 2 benchmarks below their "
            "floors: memory.copy 2.1 TB/s (floor 3.44 TB/s, 40% of peak), memory.dot 1.9 TB/s "
            "(floor 2.65 TB/s, 36% of peak); the datasheet figure is 5.3 TB/s");
  // Both figures, both threshold rows (gfx942 memory.* and memory.dot), the datasheet.
  ASSERT_EQ(f.evidence.size(), 5u);
  EXPECT_EQ(f.evidence[1].source, ".rocm-doctor/probes/hip-bench.json (memory.dot)");
  EXPECT_EQ(f.params.at("benchmark"), "memory.copy,memory.dot");
  EXPECT_EQ(Row(out, "memory.dot")->verdict, Status::kFail);
}

TEST(BenchChecks, HostBandwidthOnADegradedLinkNamesTheLink) {
  auto view = Host(BenchJson(Mi300xDevice(),
                             With(HealthyMi300x(), {"host.h2d_pinned", "B/s", 26e9, 25.5e9, 25e9})),
                   8);
  CheckOutcome out = RunCheck("bench.host_link", view, Level());
  const Finding* f = FindFinding(out, "bench.host_bandwidth.low");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("is below the floor of 41 GB/s (65% of the 63 GB/s PCIe link's "
                            "theoretical rate)"),
            std::string::npos)
      << f->message;
  EXPECT_NE(f->message.find("the link runs at 16.0 GT/s x8"), std::string::npos) << f->message;
  EXPECT_EQ(f->evidence.back().source, "/sys/bus/pci/devices/0000:c1:00.0/current_link_*");
  EXPECT_EQ(f->evidence.back().observed, "16.0 GT/s x8");
}

TEST(BenchChecks, LowComputeSaysTheClockWasLow) {
  FakeBenchmark slow{"compute.fp32_fma", "FLOP/s", 50e12, 49e12, 48e12, "ok", "null", "{}", ""};
  std::string json = BenchJson(Mi300xDevice(), With(HealthyMi300x(), slow));
  // The FMA ran at 1000 of the 2100 MHz peak.
  const std::string seen = R"("name":"compute.fp32_fma")";
  json.replace(json.find(R"("clock_mhz_seen":2100)", json.find(seen)), 21,
               R"("clock_mhz_seen":1000)");
  CheckOutcome out = RunCheck("bench.compute", Host(json), Level());
  const Finding* f = FindFinding(out, "bench.compute.low");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("the shader clock was 1000 of its 2100 MHz"), std::string::npos)
      << f->message;
}

TEST(BenchChecks, SlowLaunchesWarn) {
  auto view = Host(BenchJson(
      Mi300xDevice(), With(HealthyMi300x(), {"launch.roundtrip", "s", 120e-6, 130e-6, 150e-6})));
  CheckOutcome out = RunCheck("bench.launch", view, Level());
  EXPECT_EQ(out.status, Status::kWarn);
  const Finding* f = FindFinding(out, "bench.launch_latency.high");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("launch.roundtrip 130.0 µs is above the ceiling of 50.0 µs"),
            std::string::npos)
      << f->message;
  EXPECT_TRUE(Row(out, "launch.roundtrip")->limit_is_ceiling);
}

TEST(BenchChecks, MemoryErrorsFailWithTheFirstBadAddresses) {
  FakeBenchmark bad{
      "memtest.moving_inversions",
      "errors",
      12,
      12,
      12,
      "ok",
      "null",
      R"({"mismatches":12,"first_bad_addresses":["0x7f3a00001000","0x7f3a00001008"]})"};
  CheckOutcome out = RunCheck("bench.memtest",
                              Host(BenchJson(Mi300xDevice(), With(HealthyMi300x(), bad))), Level());
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "bench.memtest.errors");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->message,
            "device 0 (AMD Instinct MI300X, gfx942, 0000:c1:00.0): the memory test "
            "memtest.moving_inversions found 12 errors; first bad addresses "
            "[\"0x7f3a00001000\",\"0x7f3a00001008\"]");
  EXPECT_EQ(f->evidence[0].expected, "0 errors");
}

TEST(BenchChecks, AWrongResultAFailedCallAndAHungKernel) {
  auto list = HealthyMi300x();
  list = With(list, {"memory.dot", "B/s", 0, 0, 0, "verify_failed",
                     R"("dot 1.2e9, expected 1.6e9")", R"({"mismatches":1})"});
  list =
      With(list, {"memory.copy", "B/s", 0, 0, 0, "failed", R"("hipMalloc: hipErrorOutOfMemory")"});
  list =
      With(list, {"memory.add", "B/s", 0, 0, 0, "timeout", R"("no batch finished within 20 s")"});
  CheckOutcome out = RunCheck("bench.memory", Host(BenchJson(Mi300xDevice(), list)), Level());
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* verify = FindFinding(out, "bench.verify.failed");
  ASSERT_NE(verify, nullptr);
  EXPECT_NE(verify->message.find("memory.dot computed a wrong result, so its figure is not "
                                 "trusted: dot 1.2e9, expected 1.6e9 (1 mismatches)"),
            std::string::npos)
      << verify->message;
  const Finding* failed = FindFinding(out, "bench.kernel.failed");
  ASSERT_NE(failed, nullptr);
  EXPECT_NE(failed->message.find("memory.copy failed: hipMalloc: hipErrorOutOfMemory"),
            std::string::npos);
  const Finding* hung = FindFinding(out, "bench.kernel.timeout");
  ASSERT_NE(hung, nullptr);
  EXPECT_EQ(hung->status, Status::kFail);
  EXPECT_NE(hung->message.find("memory.add did not finish"), std::string::npos);
  EXPECT_EQ(Row(out, "memory.add")->verdict, Status::kFail);
}

TEST(BenchChecks, AMedianFarFromTheBestIsUnstable) {
  auto view = Host(BenchJson(
      Mi300xDevice(), With(HealthyMi300x(), {"memory.copy", "B/s", 4.4e12, 3.6e12, 3.4e12})));
  CheckOutcome out = RunCheck("bench.memory", view, Level());
  EXPECT_EQ(out.status, Status::kWarn);
  const Finding* f = FindFinding(out, "bench.result.unstable");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("memory.copy is unstable: median 18.2% from the best"),
            std::string::npos)
      << f->message;
  EXPECT_EQ(f->evidence[0].expected, "at most 10%");
}

TEST(BenchChecks, StressErrorsAndUnstableThroughput) {
  FakeBenchmark stress{
      "stress.mixed", "FLOP/s",
      95e12,          80e12,
      50e12,          "ok",
      "null",         R"({"flops_cv":0.21,"bandwidth_cv":0.03,"errors":3,"intervals":30})"};
  CheckOutcome out =
      RunCheck("bench.stress", Host(BenchJson(Mi300xDevice(), With(HealthyMi300x(), stress))),
               Level("standard"));
  EXPECT_EQ(out.status, Status::kFail);
  EXPECT_TRUE(HasFinding(out, "bench.stress.errors"));
  const Finding* unstable = FindFinding(out, "bench.result.unstable");
  ASSERT_NE(unstable, nullptr);
  EXPECT_NE(unstable->message.find("coefficient of variation 21.0%"), std::string::npos);
}

TEST(BenchChecks, ASitesThresholdsFileJudgesPeersAndStressToo) {
  auto site = BenchThresholds::Parse(
      "gpu,benchmark,basis,value,unstable,source\n"
      "AMD Instinct MI300X,peer.copy,min,100e9,,8 GPUs on XGMI: our acceptance figure\n"
      "*,stress.mixed,min,90e12,0.5,our acceptance figure\n",
      "site.csv");
  ASSERT_TRUE(site.ok()) << site.error();
  CheckOptions options = Level();
  options.bench.thresholds =
      std::make_shared<const BenchThresholds>(BenchThresholds::Builtin().WithOverrides(*site));
  auto list = With(HealthyMi300x(), {"peer.copy", "B/s", 60e9, 55e9, 50e9});
  list = With(list, {"stress.mixed", "FLOP/s", 85e12, 80e12, 75e12, "ok", "null",
                     R"({"flops_cv":0.02,"bandwidth_cv":0.01,"errors":0})"});
  auto view = Host(BenchJson(Mi300xDevice(), list));
  CheckOutcome peer = RunCheck("bench.peer", view, options);
  const Finding* low = FindFinding(peer, "bench.peer_bandwidth.low");
  ASSERT_NE(low, nullptr) << peer.summary;
  EXPECT_EQ(low->evidence[1].source, "site.csv:2");
  EXPECT_EQ(low->evidence[1].observed, "8 GPUs on XGMI: our acceptance figure");
  CheckOutcome stress = RunCheck("bench.stress", view, options);
  EXPECT_TRUE(HasFinding(stress, "bench.stress.low")) << stress.summary;
  EXPECT_FALSE(HasFinding(stress, "bench.stress.errors"));
}

TEST(BenchChecks, AGpuWithoutDatasheetFiguresIsReportedNotJudged) {
  // MI308X (1002:74a2): in the table, but without peak figures.
  auto view =
      Host(BenchJson(DeviceJson("AMD Instinct MI308X", "gfx942", kBdf, 80), HealthyMi300x()), 16,
           "0x74a2");
  CheckOutcome run = RunCheck("bench.run", view, Level());
  EXPECT_EQ(run.status, Status::kPass);
  const Finding* f = FindFinding(run, "bench.reference.missing");
  ASSERT_NE(f, nullptr) << run.summary;
  EXPECT_EQ(f->status, Status::kInfo);
  EXPECT_EQ(f->evidence[0].observed, "AMD Instinct MI308X: no figures");
  CheckOutcome memory = RunCheck("bench.memory", view, Level());
  EXPECT_EQ(memory.status, Status::kPass);
  EXPECT_EQ(Row(memory, "memory.triad")->basis, "no datasheet memory bandwidth known for this GPU");
  EXPECT_FALSE(Row(memory, "memory.triad")->limit);
  CheckOutcome launch = RunCheck("bench.launch", view, Level());
  EXPECT_EQ(Row(launch, "launch.roundtrip")->verdict, Status::kPass) << "absolute limits apply";
}

TEST(BenchChecks, ARunThatHungCrashedOrFailed) {
  auto hung = Host("");
  CommandOutcome timed_out;
  timed_out.state = CommandOutcome::State::kTimedOut;
  timed_out.signal = 9;
  timed_out.error = "timed out after 60000 ms";
  hung->Command("hip-bench", timed_out);
  CheckOutcome out = RunCheck("bench.run", hung, Level());
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "bench.kernel.timeout");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->message,
            "device 0: the benchmarks did not finish within 60 s and the helper was killed: a "
            "kernel or the runtime hung (a wedged GPU, or KFD waiting on a GPU reset)");
  EXPECT_EQ(f->evidence[0].observed, "timed out after 60000 ms");

  auto crashed = Host("");
  CommandOutcome segv;
  segv.state = CommandOutcome::State::kSignaled;
  segv.signal = 11;
  segv.err = "Memory access fault by GPU node-2 (Agent handle: 0x55d2) on address 0x7f0000.\n";
  crashed->Command("hip-bench", segv);
  out = RunCheck("bench.run", crashed, Level());
  EXPECT_EQ(out.status, Status::kError);
  ASSERT_TRUE(HasFinding(out, "bench.helper.crashed"));
  EXPECT_NE(FindFinding(out, "bench.helper.crashed")->message.find("Memory access fault"),
            std::string::npos);

  out = RunCheck("bench.run", Host("{\"format\":1}"), Level());
  EXPECT_EQ(out.status, Status::kError);
  ASSERT_TRUE(HasFinding(out, "bench.helper.failed"));
  EXPECT_NE(FindFinding(out, "bench.helper.failed")
                ->message.find("printed no usable JSON: "
                               "kind: missing"),
            std::string::npos);

  auto no_device = Host("");
  no_device->Command(
      "hip-bench",
      ExitedWith(BenchJson("null", {}, false, R"("hipErrorNoDevice: no ROCm-capable device")"), 3));
  out = RunCheck("bench.run", no_device, Level());
  EXPECT_EQ(out.status, Status::kError);
  EXPECT_NE(FindFinding(out, "bench.helper.failed")->message.find("hipErrorNoDevice"),
            std::string::npos);
}

TEST(BenchChecks, WithoutTheHelperNothingIsMeasured) {
  ::setenv("ROCMDOC_HIP_HELPER", "/nonexistent/rocm-doctor-hip", 1);
  auto view = Healthy();
  view->Replay(false);
  CheckOutcome out = RunCheck("bench.run", view, Level());
  ::unsetenv("ROCMDOC_HIP_HELPER");
  EXPECT_EQ(out.status, Status::kUnknown);
  const Finding* f = FindFinding(out, "bench.helper.missing");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("/nonexistent/rocm-doctor-hip"), std::string::npos) << f->message;
}

TEST(BenchChecks, AnInterruptedRunJudgesWhatItMeasured) {
  auto view = Host(BenchJson(Mi300xDevice(),
                             {HealthyMi300x()[0], HealthyMi300x()[1], HealthyMi300x()[2],
                              HealthyMi300x()[3], HealthyMi300x()[4]},
                             true));
  CheckOutcome run = RunCheck("bench.run", view, Level());
  EXPECT_EQ(run.status, Status::kPass);
  EXPECT_TRUE(HasFinding(run, "bench.run.interrupted"));
  EXPECT_EQ(RunCheck("bench.memory", view, Level()).status, Status::kPass);
  CheckOutcome host = RunCheck("bench.host_link", view, Level());
  EXPECT_EQ(host.status, Status::kUnknown);
  const Finding* f = FindFinding(host, "bench.result.missing");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("not measured: host.h2d_pinned, host.d2h_pinned, "
                            "host.bidir_pinned, host.h2d_pageable, host.d2h_pageable (the run "
                            "was interrupted)"),
            std::string::npos)
      << f->message;
}

TEST(BenchChecks, OnlyWhatWasAskedForIsExpected) {
  CheckOptions options = Level();
  options.bench.only = {"memory.triad"};
  auto view = Host(BenchJson(Mi300xDevice(), {HealthyMi300x()[3]}));
  CheckOutcome memory = RunCheck("bench.memory", view, options);
  EXPECT_EQ(memory.status, Status::kPass);
  EXPECT_EQ(memory.benchmarks.size(), 1u);
  CheckOutcome host = RunCheck("bench.host_link", view, options);
  EXPECT_EQ(host.status, Status::kSkip);
  EXPECT_EQ(host.summary, "not asked for (--only)");
}

TEST(BenchChecks, EveryDeviceIsMeasuredAndAnUnrecordedOneIsSaid) {
  auto view = Healthy();
  AddAmdGpu(*view, "0000:c2:00.0", "0x74a1", "amdgpu", 129);
  view->Command("hip-probe", ExitedWith(ProbeJson(2)));
  CheckOutcome run = RunCheck("bench.run", view, Level());
  EXPECT_EQ(run.status, Status::kPass);
  EXPECT_NE(run.summary.find("1 of 2 runs not recorded in this capture"), std::string::npos)
      << run.summary;
  view->Command(
      "hip-bench.1",
      ExitedWith(BenchJson(Mi300xDevice(1, "0000:c2:00.0"),
                           With(HealthyMi300x(), {"memory.triad", "B/s", 1e12, 1e12, 1e12}))));
  CheckOutcome memory = RunCheck("bench.memory", view, Level());
  EXPECT_EQ(memory.status, Status::kFail);
  EXPECT_EQ(memory.benchmarks.size(), 10u);
  const Finding* f = FindFinding(memory, "bench.memory_bandwidth.low");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->params.at("device"), "1");
  EXPECT_EQ(f->evidence[0].source, ".rocm-doctor/probes/hip-bench.1.json (memory.triad)");
}

TEST(BenchChecks, NotRecordedIsSkipped) {
  auto view = std::make_shared<FakeSystemView>();
  view->Command("hip-probe", ExitedWith(ProbeJson(1)));
  EXPECT_EQ(RunCheck("bench.run", view, Level()).summary, "not recorded in this capture");
  EXPECT_EQ(RunCheck("bench.run", view, Level()).status, Status::kSkip);
  EXPECT_EQ(RunCheck("bench.memory", view, Level()).status, Status::kSkip);
}

}  // namespace
}  // namespace rocm_doctor::testing
