#include "rocm_doctor/report_builder.h"

#include <fmt/format.h>

#include <ctime>

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
  return summary;
}

std::vector<GpuSummary> SummarizeGpus(const FactStore& facts) {
  std::vector<GpuSummary> gpus;
  const KfdTopology& kfd = facts.Kfd();
  for (const PciDevice* dev : facts.Pci().AmdGpus()) {
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
    gpus.push_back(std::move(gpu));
  }
  return gpus;
}

}  // namespace

Report BuildReport(EngineResult result, const FactStore& facts, const ReportContext& context) {
  Report report;
  report.tool_version = ROCMDOC_VERSION;
  report.host = SummarizeHost(facts, context);
  report.verdict = result.verdict;
  report.exit_code = result.exit_code;
  report.root_causes = std::move(result.root_causes);
  report.checks = std::move(result.records);
  report.gpus = SummarizeGpus(facts);
  report.duration_ms = context.duration_ms;
  report.started_at = context.started_at;
  return report;
}

std::string NowIso8601() {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace rocm_doctor
