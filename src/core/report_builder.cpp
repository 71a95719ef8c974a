// SPDX-License-Identifier: MIT
#include "core/report_builder.h"

#include <fmt/format.h>

#include <algorithm>
#include <csignal>
#include <ctime>
#include <iterator>

#include "knowledge/partition_modes.h"
#include "knowledge/support_matrix.h"
#include "core/gpu_seen.h"
#include "core/report_summary.h"
#include "core/report_versions.h"
#include "rocm_doctor/facts/bench.h"
#include "rocm_doctor/facts/partition.h"
#include "rocm_doctor/facts/rocm.h"
#include "rocm_doctor/policy.h"

namespace rocm_doctor {
namespace {

template <class T>
std::optional<std::string> KnownString(const Fact<T>& fact) {
  if (!fact.known()) return std::nullopt;
  return std::string(*fact);
}

std::optional<std::string> Hex(const auto& fact, int width) {
  if (!fact.known()) return std::nullopt;
  return fmt::format("0x{:0{}x}", static_cast<unsigned long long>(*fact), width);
}

HostSummary SummarizeHost(const FactStore& facts, const ReportContext& context) {
  const HostFacts& host = facts.Host();
  HostSummary summary;
  summary.hostname = KnownString(host.hostname);
  summary.kernel = host.uname.release;
  summary.os = KnownString(host.os_pretty_name);
  if (!host.user.name.empty()) summary.user = host.user.name;
  summary.sysroot = context.sysroot;
  summary.system = context.system_description;
  if (const RocmFacts* rocm = facts.IfCollected<RocmFacts>()) {
    Fact<std::string> release = InstalledRocmRelease(*rocm);
    if (release.known()) summary.rocm_release = *release;
  }
  return summary;
}

std::vector<GpuSummary> SummarizeGpus(const FactStore& facts) {
  std::vector<GpuSummary> gpus;
  const KfdTopology& kfd = facts.Kfd();
  const std::vector<const PciDevice*> amd = facts.Pci().AmdGpus();
  // Four sysfs attributes per GPU, read even when hardware.partition did not run (`bench`), so
  // a report's benchmark figures say which partition they were measured on.
  const PartitionFacts* partitions = amd.empty() ? nullptr : &facts.Get<PartitionFacts>();
  for (const PciDevice* dev : amd) {
    GpuSummary gpu;
    gpu.pci = dev->bdf;
    gpu.vendor_id = Hex(dev->vendor_id, 4);
    gpu.device_id = Hex(dev->device_id, 4);
    gpu.revision = Hex(dev->revision, 2);
    if (dev->driver.known() && !dev->driver->empty()) gpu.driver = *dev->driver;
    if (dev->numa_node.known()) gpu.numa_node = *dev->numa_node;
    if (dev->device_id.known()) {
      std::optional<std::uint8_t> rev;
      if (dev->revision.known()) rev = *dev->revision;
      if (const GpuModel* model = facts.Table().Find(*dev->device_id, rev)) {
        gpu.name = model->name;
        if (!model->gfx_target.empty()) gpu.gfx = model->gfx_target;
      }
    }
    // The KFD node is the kernel's own word on the ISA; it wins over the table.
    for (const KfdNode* node : kfd.GpuNodes()) {
      if (node->PciBdf() == dev->bdf && !node->GfxTarget().empty()) {
        gpu.gfx = node->GfxTarget();
        break;
      }
    }
    const knowledge::GpuPartitionModes modes = knowledge::PartitionModesOf(*partitions, dev->bdf);
    gpu.partition_modes = modes.present;
    gpu.compute_partition = modes.compute;
    gpu.memory_partition = modes.memory;
    gpus.push_back(std::move(gpu));
  }
  return gpus;
}

}  // namespace

void CollectReportFacts(const FactStore& facts) {
  facts.Kfd();  // the largest: on an 8-GPU MI300X about 1100 files
  if (!facts.Pci().AmdGpus().empty()) {
    facts.Get<PartitionFacts>();
    facts.Table();
  }
  facts.Host();
}

Report BuildReport(EngineResult result, const FactStore& facts, const ReportContext& context) {
  Report report;
  report.tool_version = ROCMDOC_VERSION;
  report.host = SummarizeHost(facts, context);
  report.verdict = result.verdict;
  report.exit_code = result.exit_code;
  if (result.interrupted_by == SIGINT) report.interrupted_by = "SIGINT";
  if (result.interrupted_by == SIGTERM) report.interrupted_by = "SIGTERM";
  if (result.interrupted_by != 0 && report.interrupted_by.empty()) {
    report.interrupted_by = "signal " + std::to_string(result.interrupted_by);
  }
  report.root_causes = std::move(result.root_causes);
  report.checks = std::move(result.records);
  for (const CheckRecord& record : report.checks) {
    report.benchmarks.insert(report.benchmarks.end(), record.outcome.benchmarks.begin(),
                             record.outcome.benchmarks.end());
  }
  // Per device, in the order the helper runs them (memory first), not the checks' id order.
  auto rank = [](const BenchmarkResult& b) {
    const auto* it = std::find(std::begin(kBenchmarkNames), std::end(kBenchmarkNames), b.name);
    return std::pair{b.device.value_or(-1), it - std::begin(kBenchmarkNames)};
  };
  std::stable_sort(report.benchmarks.begin(), report.benchmarks.end(),
                   [&](const BenchmarkResult& a, const BenchmarkResult& b) {
                     return rank(a) < rank(b);
                   });
  report.gpus = SummarizeGpus(facts);
  report.versions = SummarizeVersions(facts, report.checks);
  report.duration_ms = context.duration_ms;
  report.started_at = context.started_at;
  report.started_at_unix = context.started_at_unix;
  if (context.policy) {
    PolicySummary policy{context.policy->name, context.policy->path, 0};
    for (const CheckRecord& r : report.checks) {
      for (const Finding& f : r.outcome.findings) policy.waived_findings += f.waived ? 1 : 0;
    }
    report.policy = std::move(policy);
  }
  report.gpu_seen = SeeGpuThroughStack(facts);
  SummarizeReport(report);
  return report;
}

std::string NowIso8601() { return Iso8601(std::time(nullptr)); }

std::string Iso8601(std::time_t when) {
  std::tm tm{};
  gmtime_r(&when, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace rocm_doctor
