// SPDX-License-Identifier: MIT
// hardware.partition: each partitioned GPU shows as many logical GPUs (KFD nodes) as its compute
// partition mode makes (amdgpu_gfx.c current_compute_partition; SPX 1, DPX 2, TPX 3, QPX 4, CPX
// one per XCC), and its memory partition mode has no more partitions than its compute mode
// (ROCm/rccl#1555, docs/how-to/rccl-usage-tips.rst: "the number of memory partitions must be less
// than or equal to the number of compute partitions"). A tool that counts physical GPUs where it
// should count logical ones miscounts a CPX node (ROCm/rocm-systems#8529: "This miscounts GPUs
// (e.g. 8 instead of 32 on an 8x MI308X box)"); this check counts both and says which is which.
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "gpu_label.h"
#include "knowledge/partition_modes.h"
#include "rocm_doctor/check.h"
#include "rocm_doctor/facts/partition.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"hardware.gpus"};
constexpr std::string_view kPartitionCommands[] = {
    "grep -H . /sys/bus/pci/devices/{bdf}/current_compute_partition "
    "/sys/bus/pci/devices/{bdf}/current_memory_partition",
    "grep -c . /sys/class/kfd/kfd/topology/nodes/*/gpu_id",
    "sudo dmesg | grep -iE 'amdgpu.*(partition|xcp)'  # needs root",
};

constexpr FindingSpec kFindings[] = {
    {.code = "hardware.partition.logical_count_mismatch",
     .severity = Status::kFail,
     .title = "A partitioned GPU shows fewer or more logical GPUs than its compute mode makes",
     .remediation =
         "The GPU's compute partition mode makes a fixed number of logical GPUs (KFD nodes), and "
         "the topology has another number: a partition failed to come up, so jobs scheduled on "
         "it fail and schedulers count the node wrong. Take the node out of service and look at "
         "the kernel log for the partition switch; setting the mode again (amd-smi set "
         "--compute-partition) resets the GPU.",
     .commands = kPartitionCommands,
     .requires_root = true,
     .action = FindingAction::kIsolate,
     .next_step = "Drain the node; set the compute partition mode again (this resets the GPU) and "
                  "read the kernel log."},
    {.code = "hardware.partition.memory_exceeds_compute",
     .severity = Status::kWarn,
     .title = "A GPU has more memory partitions than compute partitions",
     .remediation =
         "On MI300 the number of memory partitions (NPS) must not exceed the number of compute "
         "partitions (NPS4 goes with CPX). Set a compute mode with at least as many partitions, "
         "or NPS1.",
     .commands = kPartitionCommands,
     .requires_root = true},
};

constexpr CheckInfo kInfo{.id = "hardware.partition",
                          .layer = Layer::kHardware,
                          .title = "GPU partition modes",
                          .prerequisites = kPrereqs,
                          .per_gpu = true,
                          .findings = kFindings};

// Compute units of one KFD node (simd_count / simd_per_cu), 0 when unknown.
std::uint64_t NodeCus(const KfdNode& n) {
  auto simd = n.Get("simd_count");
  auto per_cu = n.Get("simd_per_cu");
  return simd && per_cu && *per_cu > 0 ? *simd / *per_cu : 0;
}

struct Device {
  const GpuPartition* part;
  const PciDevice* pci = nullptr;
  std::vector<const KfdNode*> nodes;
};

// CPX makes one partition per XCC: the GPU table's compute units over one partition's, when
// both are known and divide; else the most partitions a GPU of the same model in CPX shows.
std::optional<int> CpxPartitions(const CheckContext& ctx, const Device& d,
                                 const std::vector<Device>& all) {
  const GpuModel* model = d.pci ? hardware::ModelOf(ctx, *d.pci) : nullptr;
  std::uint64_t cus = d.nodes.empty() ? 0 : NodeCus(*d.nodes.front());
  if (model && model->compute_units && cus > 0 &&
      static_cast<std::uint64_t>(*model->compute_units) % cus == 0) {
    return static_cast<int>(static_cast<std::uint64_t>(*model->compute_units) / cus);
  }
  std::optional<int> most;
  for (const Device& o : all) {
    if (!o.pci || !d.pci || !o.pci->device_id.known() || !d.pci->device_id.known() ||
        *o.pci->device_id != *d.pci->device_id || *o.part->compute_current != "CPX") {
      continue;
    }
    most = std::max(most.value_or(0), static_cast<int>(o.nodes.size()));
  }
  return most;
}

CheckOutcome Run(const CheckContext& ctx) {
  const PartitionFacts& facts = ctx.facts.Get<PartitionFacts>();
  std::map<std::string, std::vector<const KfdNode*>> nodes_of;
  for (const KfdNode* n : ctx.facts.Kfd().GpuNodes()) nodes_of[n->PciBdf()].push_back(n);
  std::vector<Device> devices;
  for (const GpuPartition& p : facts.devices) {
    if (!p.compute_current.known()) continue;
    Device d{.part = &p, .pci = nullptr, .nodes = {}};
    for (const PciDevice* dev : ctx.facts.Pci().AmdGpus()) {
      if (dev->bdf == p.bdf) d.pci = dev;
    }
    d.nodes = nodes_of[p.bdf];
    devices.push_back(std::move(d));
  }
  if (devices.empty()) {
    return CheckOutcome::Skip("no GPU reports a compute partition mode (current_compute_partition)");
  }
  std::vector<Finding> findings;
  std::vector<Evidence> evidence;
  std::map<std::string, int> modes;  // "CPX/NPS1" -> GPUs
  std::size_t logical = 0;
  for (const Device& d : devices) {
    const std::string& mode = *d.part->compute_current;
    const std::string memory = d.part->memory_current.known() ? *d.part->memory_current : "";
    std::optional<int> expected = knowledge::PartitionsPerGpu(
        mode, mode == "CPX" ? CpxPartitions(ctx, d, devices) : std::nullopt);
    const int seen = static_cast<int>(d.nodes.size());
    logical += d.nodes.size();
    ++modes[mode + (memory.empty() ? "" : "/" + memory)];
    const std::map<std::string, std::string> params = {{"bdf", d.part->bdf}};
    // No KFD node at all is amdkfd's failure (driver.kfd, driver.kfd_topology), not a partition
    // that failed to come up: not judged here.
    if (expected && seen != *expected && seen > 0) {
      findings.push_back(MakeFinding(
          "hardware.partition.logical_count_mismatch",
          "GPU " + d.part->bdf + " is in " + mode + " mode, which makes " +
              std::to_string(*expected) + " logical GPUs of it, but the KFD topology shows " +
              std::to_string(seen) + " nodes for it: " +
              (seen < *expected ? std::to_string(*expected - seen) + " partition(s) missing."
                                : "more than the mode makes."),
          {{d.part->compute_current.source, mode, ""},
           {ctx.facts.Kfd().source, std::to_string(seen) + " KFD GPU nodes at " + d.part->bdf,
            std::to_string(*expected)}},
          params));
    }
    auto memory_parts = knowledge::MemoryPartitions(memory);
    if (memory_parts && expected && *memory_parts > *expected) {
      findings.push_back(MakeFinding(
          "hardware.partition.memory_exceeds_compute",
          "GPU " + d.part->bdf + " is in " + memory + " (" + std::to_string(*memory_parts) +
              " memory partitions) with " + mode + " (" + std::to_string(*expected) +
              " compute partitions).",
          {{d.part->memory_current.source, memory, "at most " + std::to_string(*expected)}},
          params));
    }
    evidence.push_back({d.part->compute_current.source,
                        mode + (memory.empty() ? "" : ", " + memory) + ": " +
                            std::to_string(seen) + " KFD nodes",
                        expected ? std::to_string(*expected) + " KFD nodes" : ""});
  }
  if (!findings.empty()) return CheckOutcome::FromFindings(std::move(findings));
  std::string mix;
  for (const auto& [m, n] : modes) mix += (mix.empty() ? "" : ", ") + std::to_string(n) + " in " + m;
  return CheckOutcome::Pass(std::to_string(devices.size()) + " physical GPU" +
                                (devices.size() == 1 ? "" : "s") + " (" + mix + "), " +
                                std::to_string(logical) + " logical GPU" + (logical == 1 ? "" : "s"),
                            std::move(evidence));
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
