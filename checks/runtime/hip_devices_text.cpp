// SPDX-License-Identifier: MIT
// The wording runtime.hip_devices uses for what the HIP probe reported (hip_devices_text.h).
#include "hip_devices_text.h"

namespace rocm_doctor::hip_text {

// Smoke errors that mean "the helper has no code object for this ISA" (docs/hip-helper.md): a
// limit of the helper build, not a fault of the GPU.
bool IsNoBinaryError(const HipError& error) {
  return error.name == "hipErrorNoBinaryForGpu" || error.name == "hipErrorInvalidDeviceFunction" ||
         error.name == "hipErrorInvalidImage" || error.name == "cudaErrorNoKernelImageForDevice" ||
         error.name == "cudaErrorInvalidDeviceFunction";
}

std::string RuntimeName(const HipProbeReport& report) {
  return report.backend == "cuda" ? "CUDA" : "HIP";
}

// "hipGetDeviceCount returned hipErrorNoDevice (100, \"hipErrorNoDevice\")"
std::string DescribeError(const HipError& e) {
  std::string text = (e.call.empty() ? std::string("a runtime call") : e.call) + " returned " +
                     e.name + " (" + std::to_string(e.code);
  if (!e.message.empty()) text += ", \"" + e.message + "\"";
  return text + ")";
}

// "device 0 (AMD Instinct MI210, gfx90a, 0000:c1:00.0)"
std::string DescribeDevice(const HipDevice& d) {
  std::vector<std::string> parts;
  if (d.name && !d.name->empty()) parts.push_back(*d.name);
  if (!d.BaseArch().empty()) parts.push_back(d.BaseArch());
  if (d.pci_bdf) parts.push_back(*d.pci_bdf);
  std::string text = "device " + std::to_string(d.index);
  for (std::size_t i = 0; i < parts.size(); ++i) text += (i == 0 ? " (" : ", ") + parts[i];
  return parts.empty() ? text : text + ")";
}

// "2 GPU nodes (gfx942 at 0000:c1:00.0, gfx942 at 0000:c2:00.0)" or "no GPU node".
std::string DescribeKfdGpus(const std::vector<const KfdNode*>& gpus) {
  if (gpus.empty()) return "no GPU node";
  std::string text =
      std::to_string(gpus.size()) + (gpus.size() == 1 ? " GPU node (" : " GPU nodes (");
  for (std::size_t i = 0; i < gpus.size(); ++i) {
    if (i > 0) text += ", ";
    const std::string gfx = gpus[i]->GfxTarget();
    const std::string bdf = gpus[i]->PciBdf();
    text += "node " + std::to_string(gpus[i]->index);
    if (!gfx.empty()) text += " " + gfx;
    if (!bdf.empty()) text += " at " + bdf;
  }
  return text + ")";
}

std::string DescribeEnv(const HipProbeFacts& probe) {
  std::string text;
  for (const auto& [name, value] : probe.visibility_env) {
    if (!text.empty()) text += " ";
    text += name + "=" + (value.empty() ? "\"\"" : value);
  }
  return text;
}

std::string Helper(const HipProbeFacts& probe) {
  return probe.argv.empty() ? std::string("rocm-doctor-hip") : probe.argv.front();
}

}  // namespace rocm_doctor::hip_text
