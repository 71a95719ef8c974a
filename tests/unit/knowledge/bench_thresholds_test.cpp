// SPDX-License-Identifier: MIT
// The benchmark thresholds: the built-in tables parse, a --thresholds file is held to the same
// format with errors that name the line, a GPU is identified (AMD table, reference rows,
// partitions, the link), and a measurement is judged on its median.
#include "rocm_doctor/bench_thresholds.h"

#include <gtest/gtest.h>

#include <string>

namespace rocm_doctor {
namespace {

constexpr char kHeader[] = "gpu,benchmark,basis,value,unstable,source\n";

PciDevice AmdFunction(const std::string& bdf, std::uint16_t device, std::uint8_t revision,
                      double max_gts = 32.0, int max_width = 16, double gts = 32.0,
                      int width = 16) {
  PciDevice d;
  d.bdf = bdf;
  d.vendor_id = Fact<std::uint16_t>::Known(0x1002, "vendor");
  d.device_id = Fact<std::uint16_t>::Known(device, "device");
  d.revision = Fact<std::uint8_t>::Known(revision, "revision");
  d.class_code = Fact<std::uint32_t>::Known(0x120000, "class");
  d.max_link_speed_gts = Fact<double>::Known(max_gts, "max_link_speed");
  d.max_link_width = Fact<int>::Known(max_width, "max_link_width");
  d.current_link_speed_gts = Fact<double>::Known(gts, "current_link_speed");
  d.current_link_width = Fact<int>::Known(width, "current_link_width");
  return d;
}

BenchDevice Device(const std::string& name, const std::string& arch, const std::string& bdf,
                   std::int64_t cus) {
  BenchDevice d;
  d.name = name;
  d.arch = arch;
  d.pci_bus_id = bdf;
  d.compute_units = cus;
  return d;
}

Measurement Figure(const std::string& name, const std::string& unit, double best, double median,
                   double worst) {
  Measurement m;
  m.name = name;
  m.unit = unit;
  m.best = best;
  m.median = median;
  m.worst = worst;
  return m;
}

TEST(BenchThresholds, BuiltinTablesParse) {
  auto header_only = BenchThresholds::Parse(kHeader, "x");
  ASSERT_TRUE(header_only.ok()) << header_only.error();
  EXPECT_TRUE(header_only->rows().empty());
  const BenchThresholds& builtin = BenchThresholds::Builtin();
  EXPECT_GE(builtin.rows().size(), 15u);
  for (const ThresholdRow& row : builtin.rows()) {
    EXPECT_FALSE(row.source.empty()) << row.origin << ": every floor says where it comes from";
    EXPECT_EQ(row.origin.rfind("checks/data/bench_thresholds.csv:", 0), 0u) << row.origin;
  }
  ASSERT_EQ(builtin.references().size(), 1u);
  const ReferenceGpu& h200 = builtin.references()[0];
  EXPECT_EQ(h200.name, "NVIDIA H200");
  EXPECT_EQ(h200.peak_mem_bw_gbs, 4800);
  EXPECT_EQ(h200.peak_fp32_tflops, 67);
  EXPECT_EQ(h200.pcie_gen, 5);
  EXPECT_EQ(h200.pcie_width, 16);
  EXPECT_EQ(h200.compute_units, 132);
}

struct BadFile {
  const char* what;
  std::string text;
  const char* error;
};

class BenchThresholdsRejects : public ::testing::TestWithParam<BadFile> {};

TEST_P(BenchThresholdsRejects, NamingTheLine) {
  auto parsed = BenchThresholds::Parse(GetParam().text, "mine.csv");
  ASSERT_FALSE(parsed.ok()) << GetParam().what;
  EXPECT_EQ(parsed.error(), GetParam().error) << GetParam().what;
}

INSTANTIATE_TEST_SUITE_P(
    Bad, BenchThresholdsRejects,
    ::testing::Values(
        BadFile{"empty", "# only a comment\n\n",
                "mine.csv: empty (expected the header gpu,benchmark,basis,value,unstable,source,"
                "pattern,partition)"},
        BadFile{"header", "gpu,benchmark,floor\n",
                "mine.csv:1: the header must be gpu,benchmark,basis,value,unstable,source,pattern,"
                "partition"},
        BadFile{"partition",
                "gpu,benchmark,basis,value,unstable,source,pattern,partition\n"
                "*,memory.*,min,1,,x,,XPX\n",
                "mine.csv:2: partition \"XPX\", expected a compute partition mode (SPX, DPX, TPX, "
                "QPX, CPX), optionally with a memory mode after a slash (CPX/NPS4), or empty"},
        BadFile{"memory partition",
                "gpu,benchmark,basis,value,unstable,source,pattern,partition\n"
                "*,memory.*,min,1,,x,,CPX/NPS3\n",
                "mine.csv:2: partition \"CPX/NPS3\", expected a compute partition mode (SPX, DPX, "
                "TPX, QPX, CPX), optionally with a memory mode after a slash (CPX/NPS4), or empty"},
        BadFile{"partition repeat",
                "gpu,benchmark,basis,value,unstable,source,pattern,partition\n"
                "gfx942,memory.*,min,1,,x,,CPX\ngfx942,memory.*,min,2,,y,,cpx\n",
                "mine.csv:3: gpu gfx942 and benchmark memory.* (partition CPX) repeat line 2"},
        BadFile{"fields", std::string(kHeader) + "*,memory.*,min,1\n",
                "mine.csv:2: 4 fields, expected 6"},
        BadFile{"basis", std::string(kHeader) + "\n# c\n*,memory.*,peak,0.5,,x\n",
                "mine.csv:4: basis \"peak\", expected peak_mem_bw, peak_fp32, host_link, "
                "host_link_bidir, min, max, none or reference"},
        BadFile{"value", std::string(kHeader) + "*,memory.*,min,fast,,x\n",
                "mine.csv:2: value \"fast\" is not a number >= 0"},
        BadFile{"negative", std::string(kHeader) + "*,memory.*,min,-1,,x\n",
                "mine.csv:2: value \"-1\" is not a number >= 0"},
        BadFile{"percent", std::string(kHeader) + "*,memory.*,peak_mem_bw,65,,x\n",
                "mine.csv:2: value 65 is a fraction of a peak and must be at most 1.5 (0.6 = "
                "60%)"},
        BadFile{"unstable", std::string(kHeader) + "*,memory.*,min,1,lots,x\n",
                "mine.csv:2: unstable \"lots\" is not a fraction >= 0"},
        BadFile{"none", std::string(kHeader) + "*,stress.mixed,none,,,x\n",
                "mine.csv:2: basis none without an unstable limit judges nothing"},
        BadFile{"none with value", std::string(kHeader) + "*,stress.mixed,none,3,0.1,x\n",
                "mine.csv:2: basis none takes no value"},
        BadFile{"benchmark", std::string(kHeader) + "*,Memory Triad,min,1,,x\n",
                "mine.csv:2: benchmark \"Memory Triad\" is not a benchmark name (memory.triad), "
                "a family (memory.*) or *"},
        BadFile{"repeat",
                std::string(kHeader) + "gfx942,memory.*,min,1,,x\nGFX942,memory.*,min,2,,y\n",
                "mine.csv:3: gpu GFX942 and benchmark memory.* repeat line 2"},
        BadFile{"quote", std::string(kHeader) + "*,memory.*,min,1,,\"open\n",
                "mine.csv:2: not one CSV record (an unclosed quote, or text after a closing "
                "quote)"},
        BadFile{"nul", std::string(kHeader) + std::string("*,memory.*,min,1,,\0\n", 20),
                "mine.csv:2: a NUL byte"}));

TEST(BenchThresholds, PcieRatesAfterEncoding) {
  EXPECT_NEAR(*PcieBytesPerSecond(4, 16), 31.5e9, 0.01e9);
  EXPECT_NEAR(*PcieBytesPerSecond(5, 16), 63.0e9, 0.02e9);
  EXPECT_NEAR(*PcieBytesPerSecond(3, 8), 7.88e9, 0.01e9);
  EXPECT_NEAR(*PcieBytesPerSecond(1, 1), 0.25e9, 1e6);
  EXPECT_FALSE(PcieBytesPerSecond(7, 16));
  EXPECT_FALSE(PcieBytesPerSecond(4, 0));
  EXPECT_EQ(PcieGenFromGts(16.0), 4);
  EXPECT_EQ(PcieGenFromGts(32.0), 5);
  EXPECT_EQ(PcieGenFromGts(2.5), 1);
  EXPECT_FALSE(PcieGenFromGts(12.0));
}

TEST(BenchThresholds, IdentifiesAnMi300xThroughItsPciFunction) {
  PciInventory pci;
  pci.devices.push_back(AmdFunction("0000:c1:00.0", 0x74a1, 0x00, 32.0, 16, 16.0, 8));
  const BenchGpu gpu =
      IdentifyBenchGpu(Device("AMD Instinct MI300X", "gfx942:sramecc+:xnack-", "0000:C1:00.0", 304),
                       pci, GpuTable::Builtin(), BenchThresholds::Builtin());
  EXPECT_EQ(gpu.model, "AMD Instinct MI300X");
  EXPECT_EQ(gpu.pci_device_id, 0x74a1);
  EXPECT_EQ(gpu.gfx, "gfx942");
  EXPECT_DOUBLE_EQ(*gpu.peak_memory_bps, 5300e9);
  EXPECT_DOUBLE_EQ(*gpu.peak_fp32_flops, 163.4e12);
  EXPECT_FALSE(gpu.partition_share);
  EXPECT_EQ(gpu.pcie_gen, 5);
  EXPECT_EQ(gpu.pcie_width, 16);
  EXPECT_EQ(gpu.link_source, "checks/data/amd_gpus.csv host_link");
  EXPECT_EQ(gpu.current_link, "16.0 GT/s x8");
  EXPECT_EQ(gpu.datasheet_source, "checks/data/amd_gpus.csv (0x74a1 AMD Instinct MI300X)");
}

TEST(BenchThresholds, APartitionGetsItsShareOfThePeaks) {
  PciInventory pci;
  pci.devices.push_back(AmdFunction("0000:c1:00.0", 0x74a1, 0x00));
  const BenchGpu gpu = IdentifyBenchGpu(Device("AMD Instinct MI300X", "gfx942", "0000:c1:00.0", 38),
                                        pci, GpuTable::Builtin(), BenchThresholds::Builtin());
  ASSERT_TRUE(gpu.partition_share);
  EXPECT_DOUBLE_EQ(*gpu.partition_share, 0.125);
  EXPECT_DOUBLE_EQ(*gpu.peak_memory_bps, 5300e9 / 8);
}

TEST(BenchThresholds, TheLinkWidthTheDatasheetLacksComesFromSysfs) {
  PciInventory pci;  // MI210: "PCIe 4.0" in the table, no width
  pci.devices.push_back(AmdFunction("0000:03:00.0", 0x740f, 0x02, 16.0, 16, 16.0, 16));
  const BenchGpu gpu = IdentifyBenchGpu(Device("AMD Instinct MI210", "gfx90a", "0000:03:00.0", 104),
                                        pci, GpuTable::Builtin(), BenchThresholds::Builtin());
  EXPECT_EQ(gpu.pcie_gen, 4);
  EXPECT_EQ(gpu.pcie_width, 16);
  EXPECT_EQ(gpu.link_source,
            "checks/data/amd_gpus.csv host_link and /sys/bus/pci/devices/0000:03:00.0/max_link_*");
  EXPECT_NEAR(*gpu.HostLinkBps(), 31.5e9, 0.01e9);
}

TEST(BenchThresholds, TheH200IsFoundByNameAndAnUnknownGpuHasNoFigures) {
  const BenchGpu h200 = IdentifyBenchGpu(Device("NVIDIA H200", "sm_90", "0000:00:06.0", 132), {},
                                         GpuTable::Builtin(), BenchThresholds::Builtin());
  EXPECT_EQ(h200.model, "NVIDIA H200");
  EXPECT_DOUBLE_EQ(*h200.peak_memory_bps, 4800e9);
  EXPECT_NEAR(*h200.HostLinkBps(), 63.0e9, 0.02e9);
  const BenchGpu other = IdentifyBenchGpu(Device("Some GPU", "gfx1151", "0000:00:07.0", 40), {},
                                          GpuTable::Builtin(), BenchThresholds::Builtin());
  EXPECT_TRUE(other.model.empty());
  EXPECT_FALSE(other.peak_memory_bps);
}

BenchGpu Mi300x() {
  PciInventory pci;
  pci.devices.push_back(AmdFunction("0000:c1:00.0", 0x74a1, 0x00));
  return IdentifyBenchGpu(Device("AMD Instinct MI300X", "gfx942", "0000:c1:00.0", 304), pci,
                          GpuTable::Builtin(), BenchThresholds::Builtin());
}

TEST(BenchThresholds, JudgesTheMedianAgainstTheMostSpecificRow) {
  const BenchThresholds& t = BenchThresholds::Builtin();
  BenchJudgement ok =
      JudgeMeasurement(Figure("memory.triad", "B/s", 4.36e12, 4.31e12, 4.25e12), Mi300x(), t);
  ASSERT_NE(ok.row, nullptr);
  EXPECT_EQ(ok.row->gpu, "gfx942");
  EXPECT_TRUE(ok.judged);
  EXPECT_FALSE(ok.out_of_limit);
  EXPECT_FALSE(ok.unstable);
  EXPECT_DOUBLE_EQ(*ok.limit, 0.65 * 5300e9);
  EXPECT_NEAR(*ok.percent_of_peak, 81.3, 0.1);
  EXPECT_EQ(ok.basis_text, "65% of the 5.3 TB/s datasheet memory bandwidth");

  BenchJudgement low =
      JudgeMeasurement(Figure("memory.triad", "B/s", 2.2e12, 2.1e12, 2.0e12), Mi300x(), t);
  EXPECT_TRUE(low.out_of_limit);

  BenchJudgement dot =
      JudgeMeasurement(Figure("memory.dot", "B/s", 3e12, 2.9e12, 2.8e12), Mi300x(), t);
  EXPECT_EQ(dot.row->benchmark, "memory.dot");
  EXPECT_FALSE(dot.out_of_limit) << "the reduction's floor is 50%";

  BenchJudgement shaky =
      JudgeMeasurement(Figure("memory.copy", "B/s", 4.4e12, 3.6e12, 3.0e12), Mi300x(), t);
  EXPECT_FALSE(shaky.out_of_limit);
  EXPECT_TRUE(shaky.unstable);
  EXPECT_NEAR(*shaky.instability, 0.1818, 0.001);
}

TEST(BenchThresholds, CeilingsForLatencyAndNoRowMeansNotJudged) {
  const BenchThresholds& t = BenchThresholds::Builtin();
  BenchJudgement slow =
      JudgeMeasurement(Figure("launch.roundtrip", "s", 80e-6, 90e-6, 120e-6), Mi300x(), t);
  EXPECT_TRUE(slow.ceiling);
  EXPECT_TRUE(slow.out_of_limit);
  EXPECT_EQ(slow.basis_text, "ceiling 50.0 µs");
  EXPECT_FALSE(slow.percent_of_peak);

  BenchJudgement pageable =
      JudgeMeasurement(Figure("host.h2d_pageable", "B/s", 20e9, 19e9, 18e9), Mi300x(), t);
  EXPECT_EQ(pageable.row, nullptr);
  EXPECT_FALSE(pageable.judged);
  EXPECT_EQ(pageable.basis_text, "no threshold for host.h2d_pageable on this GPU");

  const BenchGpu unknown =
      IdentifyBenchGpu(Device("Some GPU", "gfx1151", "", 40), {}, GpuTable::Builtin(), t);
  BenchJudgement no_peak =
      JudgeMeasurement(Figure("memory.triad", "B/s", 2e11, 1.9e11, 1.8e11), unknown, t);
  EXPECT_FALSE(no_peak.limit);
  EXPECT_TRUE(no_peak.judged) << "its stability is still judged";
  EXPECT_EQ(no_peak.basis_text, "no datasheet memory bandwidth known for this GPU");
}

TEST(BenchThresholds, OverrideRowsWinOverBuiltinOnes) {
  auto mine = BenchThresholds::Parse(std::string(kHeader) +
                                         "*,memory.*,min,4.5e12,,our acceptance test\n"
                                         "*,peer.copy,min,50e9,,two GPUs on XGMI\n",
                                     "site.csv");
  ASSERT_TRUE(mine.ok()) << mine.error();
  const BenchThresholds t = BenchThresholds::Builtin().WithOverrides(*mine);
  BenchJudgement j =
      JudgeMeasurement(Figure("memory.triad", "B/s", 4.36e12, 4.31e12, 4.25e12), Mi300x(), t);
  EXPECT_EQ(j.row->origin, "site.csv:2");
  EXPECT_TRUE(j.out_of_limit);
  BenchJudgement launch =
      JudgeMeasurement(Figure("launch.roundtrip", "s", 9e-6, 9.5e-6, 10e-6), Mi300x(), t);
  EXPECT_EQ(launch.row->origin.rfind("checks/data/bench_thresholds.csv:", 0), 0u);
}

TEST(BenchThresholds, StressStabilityComesFromItsParams) {
  Measurement stress = Figure("stress.mixed", "FLOP/s", 90e12, 85e12, 60e12);
  stress.params["flops_cv"] = "0.04";
  stress.params["bandwidth_cv"] = "0.18";
  BenchJudgement j = JudgeMeasurement(stress, Mi300x(), BenchThresholds::Builtin());
  EXPECT_FALSE(j.limit);
  EXPECT_TRUE(j.unstable);
  EXPECT_DOUBLE_EQ(*j.instability, 0.18);
}

// RVS publishes MI300X's GST floors per input pattern (docs/research/rvs-gst-floors.md): the
// row for the pattern the helper states judges it; an unstated pattern gets no pattern's row.
TEST(BenchThresholds, MatrixFloorsFollowTheStatedPattern) {
  const BenchThresholds& t = BenchThresholds::Builtin();
  Measurement bf16 = Figure("matrix.bf16_gst", "FLOP/s", 600e12, 570e12, 560e12);
  bf16.params["pattern"] = "\"uniform random in [-1, 1), splitmix64 seed 1\"";
  BenchJudgement random = JudgeMeasurement(bf16, Mi300x(), t);
  ASSERT_TRUE(random.limit);
  EXPECT_DOUBLE_EQ(*random.limit, 581e12);
  EXPECT_TRUE(random.out_of_limit);
  EXPECT_EQ(random.row->pattern, "random");
  EXPECT_NE(random.basis_text.find("random input"), std::string::npos) << random.basis_text;
  bf16.params["pattern"] = "\"trig: sin(i) cos(j)\"";
  BenchJudgement trig = JudgeMeasurement(bf16, Mi300x(), t);
  ASSERT_TRUE(trig.limit);
  EXPECT_DOUBLE_EQ(*trig.limit, 552e12);
  EXPECT_FALSE(trig.out_of_limit);
  bf16.params.erase("pattern");
  EXPECT_FALSE(JudgeMeasurement(bf16, Mi300x(), t).limit);
  EXPECT_EQ(BenchPatternKind(bf16), "");
}

TEST(BenchThresholds, AReferenceRowIsThreeQuartersOfTheMeasurement) {
  auto mine = BenchThresholds::Parse(
      "gpu,benchmark,basis,value,unstable,source,pattern\n"
      "NVIDIA H200,matrix.bf16,reference,790e12,,\"measured on our H200\",random\n",
      "mine.csv");
  ASSERT_TRUE(mine) << mine.error();
  BenchGpu h200;
  h200.runtime_name = "NVIDIA H200";
  Measurement m = Figure("matrix.bf16", "FLOP/s", 600e12, 580e12, 570e12);
  m.params["pattern"] = "\"uniform random in [-1, 1), splitmix64 seed 1\"";
  BenchJudgement j = JudgeMeasurement(m, h200, *mine);
  ASSERT_TRUE(j.limit);
  EXPECT_DOUBLE_EQ(*j.limit, 0.75 * 790e12);
  EXPECT_TRUE(j.out_of_limit);
  EXPECT_NE(j.basis_text.find("DCGM"), std::string::npos) << j.basis_text;
  // The six-column format of a file written before the pattern column still reads.
  EXPECT_TRUE(BenchThresholds::Parse(std::string(kHeader) + "*,memory.*,min,1,,x\n", "old.csv"));
  EXPECT_FALSE(BenchThresholds::Parse(
      "gpu,benchmark,basis,value,unstable,source,pattern\n*,matrix.*,min,1,,x,sine\n", "p.csv"));
}

TEST(BenchThresholds, AMatrixFloorIsSharedByAPartition) {
  const BenchThresholds& t = BenchThresholds::Builtin();
  BenchGpu gcd;
  gcd.pci_device_id = 0x7408;
  gcd.partition_share = 0.5;
  Measurement m = Figure("matrix.fp64", "FLOP/s", 40e12, 39e12, 38e12);
  m.params["pattern"] = "\"trig\"";
  BenchJudgement j = JudgeMeasurement(m, gcd, t);
  ASSERT_TRUE(j.limit);
  EXPECT_DOUBLE_EQ(*j.limit, 30e12);
  EXPECT_FALSE(j.out_of_limit);
}

// Issue 19: a fleet baseline of CPX nodes holds for CPX partitions only. An MI300X partition
// in CPX mode has 38 of the GPU's 304 compute units; a row written for it must not judge a
// whole GPU, nor a whole GPU's row be scaled onto it when the row is the partition's own.
constexpr char kPartitionHeader[] = "gpu,benchmark,basis,value,unstable,source,pattern,partition\n";

BenchGpu Mi300xIn(std::optional<std::string> compute, std::optional<std::string> memory,
                  std::int64_t cus = 304) {
  PciInventory pci;
  pci.devices.push_back(AmdFunction("0000:c1:00.0", 0x74a1, 0x00));
  BenchGpu gpu = IdentifyBenchGpu(Device("AMD Instinct MI300X", "gfx942", "0000:c1:00.0", cus), pci,
                                  GpuTable::Builtin(), BenchThresholds::Builtin());
  gpu.compute_partition = std::move(compute);
  gpu.memory_partition = std::move(memory);
  return gpu;
}

TEST(BenchThresholds, PartitionColumnReadsAndOlderFilesStillDo) {
  auto mine =
      BenchThresholds::Parse(std::string(kPartitionHeader) +
                                 "AMD Instinct MI300X,memory.triad,min,5e11,,cpx,,cpx/nps4\n"
                                 "AMD Instinct MI300X,memory.triad,min,4e12,,spx,,SPX\n"
                                 "AMD Instinct MI300X,memory.triad,min,1e12,,any,,\n",
                             "base.csv");
  ASSERT_TRUE(mine) << mine.error();
  ASSERT_EQ(mine->rows().size(), 3u);
  EXPECT_EQ(mine->rows()[0].partition, "CPX/NPS4") << "upper case, as sysfs writes modes";
  EXPECT_EQ(mine->rows()[1].partition, "SPX");
  EXPECT_EQ(mine->rows()[2].partition, "");
  // The seven-column format (before the partition column) and the six-column one still read,
  // and their rows hold for any partition.
  auto seven = BenchThresholds::Parse(
      "gpu,benchmark,basis,value,unstable,source,pattern\n*,memory.*,min,1,,x,\n", "seven.csv");
  ASSERT_TRUE(seven) << seven.error();
  EXPECT_EQ(seven->rows()[0].partition, "");
  EXPECT_TRUE(BenchThresholds::Parse(std::string(kHeader) + "*,memory.*,min,1,,x\n", "six.csv"));
}

TEST(PartitionLabel, ComputeModeThenMemoryMode) {
  EXPECT_EQ(PartitionLabel("CPX", "NPS4"), "CPX/NPS4");
  EXPECT_EQ(PartitionLabel("SPX", std::nullopt), "SPX");
  EXPECT_EQ(PartitionLabel(std::nullopt, "NPS1"), "") << "no compute mode, no partition";
  EXPECT_EQ(PartitionLabel(std::nullopt, std::nullopt), "");
}

TEST(BenchThresholds, ARowWithAPartitionJudgesOnlyThatPartition) {
  auto mine =
      BenchThresholds::Parse(std::string(kPartitionHeader) +
                                 "AMD Instinct MI300X,memory.triad,min,6e11,,cpx,,CPX/NPS1\n"
                                 "AMD Instinct MI300X,memory.copy,min,6e11,,cpx any,,CPX\n",
                             "cpx.csv");
  ASSERT_TRUE(mine) << mine.error();
  const BenchThresholds t = BenchThresholds::Builtin().WithOverrides(*mine);
  const Measurement triad = Figure("memory.triad", "B/s", 6.6e11, 6.5e11, 6.4e11);
  const Measurement copy = Figure("memory.copy", "B/s", 6.6e11, 6.5e11, 6.4e11);

  BenchJudgement cpx = JudgeMeasurement(triad, Mi300xIn("CPX", "NPS1", 38), t);
  ASSERT_NE(cpx.row, nullptr);
  EXPECT_EQ(cpx.row->origin, "cpx.csv:2");
  EXPECT_DOUBLE_EQ(*cpx.limit, 6e11);
  EXPECT_FALSE(cpx.out_of_limit);
  EXPECT_NE(cpx.basis_text.find("(CPX/NPS1 partition)"), std::string::npos) << cpx.basis_text;

  // Another memory mode, a whole GPU, a GPU whose modes are unknown: the built-in row.
  for (const BenchGpu& other : {Mi300xIn("CPX", "NPS4", 38), Mi300xIn("SPX", "NPS1"),
                                Mi300xIn(std::nullopt, std::nullopt)}) {
    BenchJudgement j = JudgeMeasurement(triad, other, t);
    ASSERT_NE(j.row, nullptr);
    EXPECT_EQ(j.row->origin.rfind("checks/data/bench_thresholds.csv:", 0), 0u) << j.row->origin;
  }
  // A row naming the compute mode alone holds for every memory mode of it.
  EXPECT_EQ(JudgeMeasurement(copy, Mi300xIn("CPX", "NPS4", 38), t).row->origin, "cpx.csv:3");
  EXPECT_EQ(JudgeMeasurement(copy, Mi300xIn("CPX", std::nullopt, 38), t).row->origin, "cpx.csv:3");
  EXPECT_NE(JudgeMeasurement(copy, Mi300xIn("SPX", "NPS1"), t).row->origin, "cpx.csv:3");
}

TEST(BenchThresholds, APartitionRowIsMoreSpecificThanTheSameRowWithout) {
  auto mine = BenchThresholds::Parse(std::string(kPartitionHeader) +
                                         "AMD Instinct MI300X,memory.triad,min,4e12,,whole,,\n"
                                         "AMD Instinct MI300X,memory.triad,min,6e11,,cpx,,CPX\n",
                                     "both.csv");
  ASSERT_TRUE(mine) << mine.error();
  const BenchThresholds t = BenchThresholds::Builtin().WithOverrides(*mine);
  const Measurement triad = Figure("memory.triad", "B/s", 6.6e11, 6.5e11, 6.4e11);
  EXPECT_EQ(JudgeMeasurement(triad, Mi300xIn("CPX", "NPS1", 38), t).row->origin, "both.csv:3");
  BenchJudgement whole = JudgeMeasurement(triad, Mi300xIn("SPX", "NPS1"), t);
  EXPECT_EQ(whole.row->origin, "both.csv:2");
  EXPECT_TRUE(whole.out_of_limit);
}

TEST(BenchThresholds, APartitionsOwnMatrixFloorIsNotScaledAgain) {
  // A min row without a partition is the whole GPU's and a CPX device gets its 1/8 share; a row
  // written for the partition (a baseline of CPX nodes) is already the partition's figure.
  auto mine = BenchThresholds::Parse(std::string(kPartitionHeader) +
                                         "AMD Instinct MI300X,matrix.bf16,min,80e12,,cpx,,CPX\n"
                                         "AMD Instinct MI300X,matrix.fp16,min,640e12,,whole,,\n",
                                     "m.csv");
  ASSERT_TRUE(mine) << mine.error();
  const BenchThresholds t = BenchThresholds::Builtin().WithOverrides(*mine);
  const BenchGpu cpx = Mi300xIn("CPX", "NPS1", 38);
  ASSERT_TRUE(cpx.partition_share);
  BenchJudgement own =
      JudgeMeasurement(Figure("matrix.bf16", "FLOP/s", 90e12, 85e12, 84e12), cpx, t);
  ASSERT_TRUE(own.limit);
  EXPECT_DOUBLE_EQ(*own.limit, 80e12);
  BenchJudgement shared =
      JudgeMeasurement(Figure("matrix.fp16", "FLOP/s", 90e12, 85e12, 84e12), cpx, t);
  ASSERT_TRUE(shared.limit);
  EXPECT_DOUBLE_EQ(*shared.limit, 640e12 * 0.125);
}

TEST(BenchThresholds, FiguresReadLikeTheirUnits) {
  EXPECT_EQ(FormatBenchFigure(4.15e12, "B/s"), "4.15 TB/s");
  EXPECT_EQ(FormatBenchFigure(55.4e9, "B/s"), "55.4 GB/s");
  EXPECT_EQ(FormatBenchFigure(66.2e12, "FLOP/s"), "66.2 TFLOP/s");
  EXPECT_EQ(FormatBenchFigure(7.9e-6, "s"), "7.9 µs");
  EXPECT_EQ(FormatBenchFigure(0.0125, "s"), "12.50 ms");
  EXPECT_EQ(FormatBenchFigure(217000, "launch/s"), "217k launch/s");
  EXPECT_EQ(FormatBenchFigure(0, "errors"), "0 errors");
  EXPECT_EQ(FormatBenchFigure(12, "B/s"), "12 B/s");
  EXPECT_EQ(FormatBenchFigure(160e12, "OP/s"), "160 TOP/s");
}

}  // namespace
}  // namespace rocm_doctor
