// SPDX-License-Identifier: MIT
// PartitionFacts: compute and memory partition modes of each AMD GPU (facts/partition.h).
#include "base/text_parse.h"
#include "collect/common/amd_gpu_functions.h"
#include "collect/common/sysfs_reader.h"
#include "collect/partition/partition_parse.h"
#include "rocm_doctor/facts/partition.h"
#include "rocm_doctor/facts/pci.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor {
namespace {

template <class T, class ParseFn>
Fact<T> ReadWith(const SystemView& view, const std::string& path, ParseFn parse_fn) {
  Fact<std::string> raw = ReadText(view, path);
  if (!raw.known()) {
    if (view.Stat(path).status == FsStatus::kNotFound) {
      return Fact<T>::Unknown(path, std::string(kNotReported) + ": no such attribute");
    }
    return Fact<T>::Unknown(path, raw.error);
  }
  if (auto v = parse_fn(*raw)) return Fact<T>::Known(*v, path);
  return Fact<T>::Unknown(path, "malformed value '" + parse::Printable(*raw, 40) + "'");
}

}  // namespace

template <>
PartitionFacts CollectFacts<PartitionFacts>(const SystemView& view) {
  PartitionFacts facts;
  AmdGpuFunctions gpus = ListAmdGpuFunctions(view);
  facts.error = gpus.error;
  for (const std::string& bdf : gpus.bdfs) {
    const std::string dir = JoinPath(paths::kPciDevices, bdf);
    GpuPartition dev;
    dev.bdf = bdf;
    dev.compute_current = ReadWith<std::string>(view, JoinPath(dir, "current_compute_partition"),
                                                partition_parse::Mode);
    dev.compute_available = ReadWith<std::vector<std::string>>(
        view, JoinPath(dir, "available_compute_partition"), partition_parse::ModeList);
    dev.memory_current = ReadWith<std::string>(view, JoinPath(dir, "current_memory_partition"),
                                               partition_parse::Mode);
    dev.memory_available = ReadWith<std::vector<std::string>>(
        view, JoinPath(dir, "available_memory_partition"), partition_parse::ModeList);
    facts.devices.push_back(std::move(dev));
  }
  return facts;
}

}  // namespace rocm_doctor
