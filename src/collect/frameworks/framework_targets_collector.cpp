// SPDX-License-Identifier: MIT
// TorchTargetFacts: the gfx targets the device code of a ROCm torch carries - the offload
// bundles in torch/lib/libtorch_hip.so (torch's own kernels) and the Tensile files of the rocBLAS
// it bundles (torch/lib/rocblas/library) - read with the libraries layer's readers. libtorch_hip.so
// is 0.5-2 GB; the reader takes its first 64 MiB, as for any ROCm library.
#include <algorithm>
#include <string>

#include "collect/common/sysfs_reader.h"
#include "rocm_doctor/facts/frameworks_facts.h"

namespace rocm_doctor {

template <>
TorchTargetFacts CollectFacts<TorchTargetFacts>(const SystemView& view) {
  const FrameworkFacts frameworks = CollectFacts<FrameworkFacts>(view);
  TorchTargetFacts facts;
  for (const FrameworkInstall* install : frameworks.ToJudge(Framework::kTorch)) {
    if (install->flavor != BuildFlavor::kRocm) continue;
    TorchTargets targets;
    targets.install = static_cast<std::size_t>(install - frameworks.installs.data());
    // libtorch_hip.so, or a versioned/hashed name of it; the plain name first.
    std::vector<std::string> names;
    for (const std::string& f : install->lib_files) {
      if (f.rfind("libtorch_hip", 0) == 0) names.push_back(f);
    }
    std::sort(names.begin(), names.end(),
              [](const std::string& a, const std::string& b) { return a.size() < b.size(); });
    if (!names.empty()) {
      InstalledLibrary lib;
      lib.name = "libtorch_hip";
      lib.dir = install->lib_dir;
      lib.path = JoinPath(install->lib_dir, names.front());
      lib.files = names;
      targets.torch_hip = ScanCodeObjects(view, lib);
    }
    const std::string tensile = install->lib_dir + "/rocblas/library";
    TensileDir dir = ReadTensileLibrary(view, "rocBLAS", tensile);
    if (dir.status != FsStatus::kNotFound) targets.rocblas = std::move(dir);
    facts.torches.push_back(std::move(targets));
  }
  return facts;
}

}  // namespace rocm_doctor
